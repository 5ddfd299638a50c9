// Inpainting shared by the server and the device: masked pixels filled from their surroundings (no network weights).
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
