// The removal modes' cards on a server without an AI service: what each finds, from its own label list.
import { describe, expect, it } from 'vitest';
import { DECLUTTER_MODE_IDS } from '../../../core/declutter/clutterLabels';
import { NOT_FOUND_OFFLINE_DE, removalScopeDe } from '../../../core/declutter/removalScope';

describe('removalScopeDe', () => {
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
    expect(removalScopeDe(mode).startsWith(start)).toBe(true);
  });

  it.each(DECLUTTER_MODE_IDS)('%s says what it does not find and that finding nothing is free', (mode) => {
    const text = removalScopeDe(mode);
    expect(text).toContain(`Nicht erkannt: ${NOT_FOUND_OFFLINE_DE}.`);
    expect(text.endsWith('Nichts gefunden: keine Kosten.')).toBe(true);
  });
});
