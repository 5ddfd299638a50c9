// The learned on-device retouch (image-adaptive 3D LUT, models/image-adaptive-3dlut/): weights parsing, the
// thumbnail classifier, the 3D LUT kernel and the retoucher that ties them together. I/O-free.
export { parseRetouchWeights } from './weights';
export { type RgbSource } from './classifier';
export {
  identityLut,
  blendLuts,
  withStrength,
  mapLut,
  sampleLut,
  applyLut3d,
  applyLut3dRows,
  type Lut3d,
} from './lut3d';
export { retoucherFromFiles, type Retoucher } from './retoucher';
