// The four product styles: what 'auto' means per room, which styles go together, and each style's materials and
// colours per kind of piece. The catalogue names its products and the art colours its drawings from these tables.
import type { CategoryId, ProductStyle, RoomType, StagingStyle } from './types';

/** The style 'auto' picks: what hosts of holiday rentals most often show in that room. */
export const AUTO_STYLE: Readonly<Record<RoomType, ProductStyle>> = Object.freeze({
  livingRoom: 'modern',
  bedroom: 'cozy',
  kitchen: 'modern',
  bathroom: 'minimal',
  exterior: 'cozy',
  general: 'modern',
});

export function resolveStyle(style: StagingStyle, room: RoomType): ProductStyle {
  return style === 'auto' ? AUTO_STYLE[room] : style;
}

/** A style's neighbour: used when a category has nothing in the chosen style (never the case in the catalogue). */
export const COMPATIBLE_STYLE: Readonly<Record<ProductStyle, ProductStyle>> = Object.freeze({
  modern: 'minimal',
  minimal: 'modern',
  classic: 'cozy',
  cozy: 'classic',
});

/** The product line name per style; budget pieces add ' Basic'. */
export const LINE_NAME: Readonly<Record<ProductStyle, string>> = Object.freeze({
  modern: 'Lund',
  classic: 'Windsor',
  minimal: 'Kiru',
  cozy: 'Hygge',
});

/** German search word for the style, added to a shop search. */
export const STYLE_SEARCH_WORD: Readonly<Record<ProductStyle, string>> = Object.freeze({
  modern: 'modern',
  classic: 'klassisch',
  minimal: 'minimalistisch',
  cozy: 'gemütlich',
});

/** What a piece is mostly made of; picks its material text and colours. */
export type MaterialFamily = 'upholstery' | 'wood' | 'metal' | 'textile' | 'ceramic' | 'outdoor' | 'glass';

export const MATERIAL_FAMILY: Readonly<Record<CategoryId, MaterialFamily>> = Object.freeze({
  sofa: 'upholstery',
  armchair: 'upholstery',
  bed: 'upholstery',
  bench: 'upholstery',
  officeChair: 'upholstery',
  coffeeTable: 'wood',
  sideTable: 'wood',
  tvBoard: 'wood',
  shelf: 'wood',
  sideboard: 'wood',
  nightstand: 'wood',
  wardrobe: 'wood',
  diningTable: 'wood',
  diningChair: 'wood',
  desk: 'wood',
  kitchenCart: 'wood',
  towelLadder: 'wood',
  barStool: 'metal',
  floorLamp: 'metal',
  tableLamp: 'metal',
  pendant: 'metal',
  lantern: 'metal',
  mirror: 'glass',
  artwork: 'glass',
  rug: 'textile',
  cushions: 'textile',
  throw: 'textile',
  bedLinen: 'textile',
  towels: 'textile',
  bathMat: 'textile',
  laundryBasket: 'textile',
  plant: 'ceramic',
  vase: 'ceramic',
  planter: 'ceramic',
  bistroSet: 'outdoor',
  lounger: 'outdoor',
  outdoorRug: 'outdoor',
});

export interface StyleMaterial {
  /** German material and colour, e.g. 'Webstoff anthrazit'. */
  text: string;
  /** Main colour, secondary colour (legs, frame, pattern), highlight. */
  colors: [string, string, string];
}

export const MATERIALS: Readonly<Record<ProductStyle, Record<MaterialFamily, StyleMaterial>>> = Object.freeze(
  {
    modern: {
      upholstery: {
        text: 'Webstoff anthrazit, Metallfüße schwarz',
        colors: ['#4a4d52', '#1f1f21', '#6b6f75'],
      },
      wood: { text: 'Eiche hell, Metallgestell schwarz', colors: ['#c9a77c', '#222222', '#dcc09a'] },
      metal: { text: 'Metall schwarz matt', colors: ['#232323', '#f2efe6', '#4a4a4a'] },
      textile: { text: 'Baumwolle, grau-schwarz gemustert', colors: ['#8a8d91', '#2b2b2b', '#c4c6c8'] },
      ceramic: { text: 'Keramik weiß, Pflanze grün', colors: ['#f3f3f1', '#3d7a3a', '#5c9e4f'] },
      outdoor: { text: 'Aluminium anthrazit', colors: ['#3b3e42', '#8c9096', '#5a5e63'] },
      glass: { text: 'Rahmen Metall schwarz', colors: ['#1e1e1e', '#b9cbd6', '#e0e7eb'] },
    },
    classic: {
      upholstery: { text: 'Samt smaragdgrün, Füße Holz dunkel', colors: ['#1f5b4a', '#4a2f1d', '#2f7a64'] },
      wood: { text: 'Nussbaum massiv, gedrechselt', colors: ['#6b4226', '#3e2616', '#8a5a38'] },
      metal: { text: 'Messing gebürstet', colors: ['#b8913e', '#f4ead2', '#d6b463'] },
      textile: { text: 'Jacquard bordeaux mit Ornament', colors: ['#7a2333', '#d9b26a', '#a23b4c'] },
      ceramic: { text: 'Porzellan mit Goldrand, Pflanze grün', colors: ['#eee8dc', '#3b6e3a', '#c9a24a'] },
      outdoor: { text: 'Teakholz geölt', colors: ['#9a6b3f', '#6e4a2a', '#b8875a'] },
      glass: { text: 'Rahmen Holz goldfarben', colors: ['#b8913e', '#c9d3cf', '#e7ece8'] },
    },
    minimal: {
      upholstery: { text: 'Leinenoptik hellgrau, Füße Esche', colors: ['#cfcdc8', '#d8c3a0', '#e4e2de'] },
      wood: { text: 'Esche weiß lackiert', colors: ['#efece6', '#d8c3a0', '#ffffff'] },
      metal: { text: 'Metall weiß pulverbeschichtet', colors: ['#f1f1ef', '#bdbdbd', '#ffffff'] },
      textile: { text: 'Leinen naturweiß', colors: ['#ece6da', '#c8bfae', '#f7f3ea'] },
      ceramic: { text: 'Beton grau, Pflanze grün', colors: ['#a9a9a4', '#4b7f46', '#6aa35f'] },
      outdoor: { text: 'Stahl weiß', colors: ['#f0f0ee', '#b0b0ad', '#ffffff'] },
      glass: { text: 'rahmenlos, Kanten geschliffen', colors: ['#dcdcda', '#c4d3db', '#eef3f6'] },
    },
    cozy: {
      upholstery: { text: 'Bouclé creme, Füße Holz natur', colors: ['#eadfcd', '#a7784b', '#f5ecdd'] },
      wood: { text: 'Kiefer massiv, geölt', colors: ['#c68e55', '#8f5d31', '#dcaa74'] },
      metal: { text: 'Rattan natur mit Metallkern', colors: ['#c9a46b', '#7a5a34', '#e0c28f'] },
      textile: { text: 'Strick senfgelb und terrakotta', colors: ['#d19a2e', '#b5553a', '#e7bd62'] },
      ceramic: { text: 'Terrakotta, Pflanze grün', colors: ['#c2673f', '#467a3c', '#64a052'] },
      outdoor: { text: 'Polyrattan natur mit Kissen', colors: ['#b58a55', '#efe6d4', '#d3ab74'] },
      glass: { text: 'Rahmen Rattan natur', colors: ['#c9a46b', '#cbd6d2', '#e9eee9'] },
    },
  },
);

/** Size factor per style: minimal pieces are slimmer, cozy and classic ones a little fuller. */
export const STYLE_SIZE: Readonly<Record<ProductStyle, number>> = Object.freeze({
  modern: 1,
  classic: 1.04,
  minimal: 0.95,
  cozy: 1.03,
});

/** Price factor per style against the category's mid price. */
export const STYLE_PRICE: Readonly<Record<ProductStyle, number>> = Object.freeze({
  modern: 1,
  classic: 1.25,
  minimal: 0.9,
  cozy: 1.1,
});
