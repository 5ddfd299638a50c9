// Removing clutter: which detected objects each cleaning mode removes, their masks, and the German description.
export * from './clutterLabels';
export * from './selectClutter';
export * from './hanging';
export * from './refineBox';
export * from './buildMask';
export * from './germanNames';
export * from './removeClutter';
