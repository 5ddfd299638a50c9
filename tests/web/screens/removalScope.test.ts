// The removal modes' cards on a server without an AI service: which kinds each finds, from its own label list,
// and the German sentence the card shows (web/i18n).
import { describe, expect, it } from 'vitest';
import { DECLUTTER_MODE_IDS } from '../../../core/declutter/clutterLabels';
import { removalKinds } from '../../../core/declutter/removalScope';
import { removalScopeText } from '../../../web/screens/modes/ModeCard';

describe('removalScopeText', () => {
  it.each([
    [
      'declutter',
      'Ohne KI-Dienst entfernt: Geschirr, Lebensmittel, Fernbedienungen und Elektronik, Taschen, Bücher, Spielsachen und Kleinkram.',
    ],
    ['cleanup', 'Ohne KI-Dienst entfernt: Geschirr, Fernbedienungen und Elektronik und Kleinkram.'],
    [
      'cleanCounters',
      'Ohne KI-Dienst entfernt: Geschirr, Lebensmittel, Fernbedienungen und Elektronik, Taschen, Bücher und Kleinkram.',
    ],
    [
      'entertainmentTidy',
      'Ohne KI-Dienst entfernt: Geschirr, Fernbedienungen und Elektronik, Bücher und Spielsachen.',
    ],
  ] as const)('%s names the kinds it removes', (mode, start) => {
    expect(removalScopeText(mode).startsWith(start)).toBe(true);
  });

  it.each(DECLUTTER_MODE_IDS)('%s says what it does not find and that finding nothing is free', (mode) => {
    expect(removalKinds(mode).length).toBeGreaterThan(0);
    const text = removalScopeText(mode);
    expect(text).toContain('Nicht erkannt: Kabel, Papiere, Kleidung und Flecken.');
    expect(text.endsWith('Nichts gefunden: keine Kosten.')).toBe(true);
  });
});
