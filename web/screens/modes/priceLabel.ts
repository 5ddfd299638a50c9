// What the mode cards and the sticky bar say a choice costs: device modes are free and offline, a server mode
// this server only approximates with classical processing is free too (credits are for real AI work only), the
// rest cost credits, and a mode this server cannot do at all shows no price but 'Braucht einen KI-Server'. Pure,
// so the captions are tested without rendering.
import { isModeUnavailable, modeCost } from '../../../core/catalog/modes';
import type { AiCapabilities, Mode } from '../../../core/catalog/types';
import { t, tn } from '../../i18n/de';

/** The price pill of one mode card. */
export function modePriceLabel(mode: Mode, capabilities: AiCapabilities): string {
  if (isModeUnavailable(mode.id, capabilities)) return t('modes.needsAiServer');
  const cost = modeCost(mode, capabilities);
  if (cost === 0) return mode.runsOn === 'device' ? t('modes.free') : t('modes.freeOnServer');
  return cost === 1 ? t('modes.creditsOne') : t('modes.credits', { n: cost });
}

/** The sticky bar's price line; `serverModeSelected`: a free selection that still needs the server. */
export function selectionPriceLabel(price: number, serverModeSelected: boolean): string {
  if (price > 0) return tn('modes.priceOne', 'modes.price', price);
  return serverModeSelected ? t('modes.priceFreeServer') : t('modes.priceFree');
}
