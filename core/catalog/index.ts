// The public face of the catalogue: modes, room types, packages, limits, pricing and the rule that
// turns a room analysis into recommended modes.
// Import from here rather than from the single files.

export * from './types';
export * from './modes';
export * from './recommendations';
export * from './sameEffect';
export * from './packages';
export * from './limits';
export * from './pricing';
