// Inpainting shared by the server and the device: patch-based fill of masked pixels (no network weights needed).
export { DEFAULT_INPAINT_OPTIONS, holeCrops, inpaint, type InpaintOptions } from './fill';
export { biharmonicFill } from './biharmonic';
export { diffuseFill, type FloatPlanes } from './diffusion';
export {
  chamferDistance,
  dilateMask,
  maskArea,
  maskComponents,
  type MaskComponent,
  type PixelBox,
} from './maskOps';
export { seededRandom, type Random } from './random';
