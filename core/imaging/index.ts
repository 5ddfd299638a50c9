// The public surface of the on-device imaging engine: the image type, every kernel with its options and
// defaults, and the pipeline entry points that the web worker and the server's builtin provider call.
export * from './types';
export * from './pipeline';
export * from './exposure';
export * from './whiteBalance';
export * from './toneCurve';
export * from './colorGrade';
export * from './grades';
export * from './sharpen';
export * from './localContrast';
export * from './denoise';
export * from './lut';
export * from './perspective';
export * from './straighten';
export * from './warp';
