// The learned on-device retouch (image-adaptive 3D LUT, models/image-adaptive-3dlut/): weights parsing, the
// thumbnail classifier, the 3D LUT kernel and the retoucher that ties them together. I/O-free.
export * from './weights';
export * from './classifier';
export * from './lut3d';
export * from './retoucher';
