// The page `npm run stage` drives in headless Chromium: the dialog's own staging code (plan, then render) on one
// photo, exposed as window.raumglanzStage so the script can call it and take the JPEG back.
import { horizonY, scaleCamera } from '../../../core/staging/room/camera';
import { renderStaging } from '../scene/render';
import { planStaging, sceneModels } from '../plan';
import { createSegmenter } from '../segmenter';
import { drawRoomModel } from './roomOverlay';
import type { StagePageInput, StagePageResult } from './contract';

async function stage(input: StagePageInput): Promise<StagePageResult> {
  const photo = await createImageBitmap(await (await fetch(input.photoUrl)).blob());
  const segmenter = createSegmenter();
  try {
    const plan = await planStaging(photo, input.products, segmenter, input.spares);
    const { canvas, boxes } = await renderStaging({
      photo,
      room: plan.room,
      labels: plan.labels,
      pieces: plan.layout.pieces,
      models: sceneModels([...input.products, ...input.spares]),
    });
    if (input.drawRoom) drawRoomModel(canvas, plan.room);
    const blob = await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('encode failed'))), 'image/jpeg', 0.92),
    );
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000)
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    const camera = scaleCamera(plan.room.camera, canvas.width, canvas.height);
    return {
      jpegBase64: btoa(binary),
      width: canvas.width,
      height: canvas.height,
      camera: {
        focalPx: camera.focalPx,
        pitchDeg: camera.pitchDeg,
        rollDeg: camera.rollDeg,
        horizonY: horizonY(camera),
      },
      pieces: plan.layout.pieces.map((piece) => ({
        id: piece.id,
        category: piece.category,
        onFloor: piece.onFloor,
        box: boxes[piece.key] ?? [0, 0, 0, 0],
      })),
      leftOut: plan.layout.leftOut,
    };
  } finally {
    segmenter.dispose();
    photo.close();
  }
}

(window as unknown as { raumglanzStage: typeof stage }).raumglanzStage = stage;
