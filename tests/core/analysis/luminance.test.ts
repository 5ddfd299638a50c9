import { describe, expect, it } from 'vitest';
import { computeHistograms } from '../../../core/analysis/histogram';
import { luminanceStats, predictedClipped, predictedMean } from '../../../core/analysis/luminance';
import { exposure, exposureCurves } from '../../../core/imaging/exposure';
import { applyCurves, chainCurves } from '../../../core/imaging/lut';
import { whiteBalanceCurves } from '../../../core/imaging/whiteBalance';
import { greyFrom, fromPixels } from '../imaging/synthetic';

describe('#luminanceStats', () => {
  it('reports mean, percentiles and clipped fractions on the 0..1 scale', () => {
    // 100 pixels: 60 at level 51 (0.2), 30 at 204 (0.8), 10 white.
    const image = greyFrom(100, 1, (x) => (x < 60 ? 51 : x < 90 ? 204 : 255));
    const s = luminanceStats(image);
    expect(s.mean).toBeCloseTo((60 * 0.2 + 30 * 0.8 + 10 * 1) / 100, 6);
    expect(s.p50).toBeCloseTo(0.2, 6);
    expect(s.p95).toBeCloseTo(1, 6);
    expect(s.clippedHighlights).toBeCloseTo(0.1, 9);
    expect(s.crushedShadows).toBe(0);
  });

  it('counts a pixel as clipped when any one channel is at 254 or more', () => {
    const image = fromPixels(2, [
      [254, 10, 10, 255],
      [253, 253, 253, 255],
    ]);
    expect(luminanceStats(image).clippedHighlights).toBe(0.5);
  });
});

describe('predictions from histograms', () => {
  const photo = greyFrom(128, 32, (x, y) => (x * 1.7 + y * 2) % 256);
  const h = computeHistograms(photo);

  it.each([-1, 0.5, 2])('predicts the mean after an exposure of %f stops exactly', (ev) => {
    const predicted = predictedMean(h, exposureCurves(ev));
    expect(predicted).toBeCloseTo(luminanceStats(exposure(photo, { ev })).mean, 6);
  });

  it('predicts the mean after per-channel curves', () => {
    const curves = chainCurves(exposureCurves(0.7), whiteBalanceCurves({ mired: 60 }));
    expect(predictedMean(h, curves)).toBeCloseTo(luminanceStats(applyCurves(photo, curves)).mean, 6);
  });

  it('predicts the clipped fraction of a shared curve exactly', () => {
    const curves = exposureCurves(4);
    expect(predictedClipped(h, curves)).toBeCloseTo(
      luminanceStats(applyCurves(photo, curves)).clippedHighlights,
      9,
    );
  });
});
