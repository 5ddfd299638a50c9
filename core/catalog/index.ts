// The public face of the catalogue: modes, room types, packages, limits, pricing and the room-analysis rule.
// Import from here rather than from the single files.

export * from './types';
export * from './modes';
export * from './analysis';
export * from './packages';
export * from './limits';
export * from './pricing';
