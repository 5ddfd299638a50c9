// Inpainting shared by the server and the device: masked pixels filled from their surroundings (no network weights).
export { holeCrops, inpaint, type InpaintOptions } from './fill';
export { biharmonicFill } from './biharmonic';
export { diffuseFill } from './diffusion';
export { dilateMask, maskArea, maskComponents } from './maskOps';
export { seededRandom, type Random } from './random';
