// Where along a wall a piece may go: within the wall's seen foot, and for pictures (given a reach) past an end
// that no other wall meets, never past a corner.
import { describe, expect, it } from 'vitest';
import { makeScene } from '../../../core/staging/layout/constraints';
import { bestWallSpot } from '../../../core/staging/layout/spots';
import { boxRoom } from './layoutRooms';

/** The back wall's foot seen only from x = 0.5 to 1.5; with `right`, the right wall meets it at x = 1.5. */
function shortBackWall(withRightWall: boolean) {
  const room = boxRoom({ x: [-2.5, 1.5], z: [-5, 0.3], walls: withRightWall ? ['back', 'right'] : ['back'] });
  room.walls[0] = { ...room.walls[0]!, a: { x: 0.5, z: -5 }, b: { x: 1.5, z: -5 } };
  return makeScene(room);
}
/** A 0.6 m picture that fits only where its centre lies left of the seen foot. */
const leftOfFoot = { width: 0.6, fits: (_f: unknown, t: number) => t < -0.2 };

describe('bestWallSpot', () => {
  it('stays within the seen foot without a reach', () => {
    expect(bestWallSpot(shortBackWall(false), leftOfFoot)).toBeNull();
  });

  it('goes past an open end by at most the reach', () => {
    const spot = bestWallSpot(shortBackWall(false), { ...leftOfFoot, reachM: 1.5 });
    expect(spot?.frame.index).toBe(0);
    expect(spot!.t).toBeLessThan(-0.2);
    expect(spot!.t - 0.3).toBeGreaterThanOrEqual(-1.5 - 0.05);
  });

  it('never goes past a corner', () => {
    const scene = shortBackWall(true);
    const rightOfFoot = {
      width: 0.6,
      reachM: 1.5,
      fits: (f: { index: number }, t: number) => f.index === 0 && t > 1.2,
    };
    expect(bestWallSpot(scene, rightOfFoot)).toBeNull();
    expect(bestWallSpot(scene, { ...leftOfFoot, reachM: 1.5 })?.frame.index).toBe(0);
  });
});
