// `npm run stage -- … --room`: the room model drawn over the staged photo, to see why a piece was left out: the
// free floor (green), the walls' feet with their normals (blue), keep-free zones (red: windows and doors; orange:
// walkways and hanging decor) and the existing furniture's footprints with their heights (yellow).
import { projectPoint, scaleCamera } from '../../../core/staging/room/camera';
import type { FloorPoint, RoomModel } from '../../../core/staging/room/types';

const KEEP_FREE_COLOUR = { window: '#f33', door: '#f33', walkway: '#fa0', wallDecor: '#fa0' } as const;

export function drawRoomModel(canvas: HTMLCanvasElement, room: RoomModel): void {
  const context = canvas.getContext('2d');
  if (!context) return;
  const camera = scaleCamera(room.camera, canvas.width, canvas.height);
  const line = Math.max(2, canvas.width / 400);
  const outline = (points: readonly FloorPoint[], colour: string, closed: boolean, y = 0) => {
    context.beginPath();
    let started = false;
    for (const p of closed ? [...points, points[0]!] : points) {
      const at = projectPoint(camera, { x: p.x, y, z: p.z });
      if (!at) continue;
      if (started) context.lineTo(at.u, at.v);
      else context.moveTo(at.u, at.v);
      started = true;
    }
    context.strokeStyle = colour;
    context.lineWidth = line;
    context.stroke();
  };
  outline(room.floor, '#2d2', true);
  for (const zone of room.keepFree) outline(zone.polygon, KEEP_FREE_COLOUR[zone.kind], true);
  context.font = `${Math.round(line * 7)}px sans-serif`;
  for (const obstacle of room.obstacles) {
    outline(obstacle.polygon, '#ff0', true);
    if (obstacle.heightM !== undefined) outline(obstacle.polygon, '#ff0', true, obstacle.heightM);
    const first = obstacle.polygon[0];
    const at = first && projectPoint(camera, { x: first.x, y: 0, z: first.z });
    if (at) {
      context.fillStyle = '#ff0';
      context.fillText(`${obstacle.label} ${obstacle.heightM?.toFixed(2) ?? '?'} m`, at.u, at.v);
    }
  }
  for (const wall of room.walls) {
    outline([wall.a, wall.b], '#39f', false);
    const middle = { x: (wall.a.x + wall.b.x) / 2, z: (wall.a.z + wall.b.z) / 2 };
    outline(
      [middle, { x: middle.x + wall.normal.x * 0.3, z: middle.z + wall.normal.z * 0.3 }],
      '#39f',
      false,
    );
  }
}
