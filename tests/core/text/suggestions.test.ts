import { describe, it, expect } from 'vitest';
import { linesForImage, parseSuggestions, printSuggestions } from '../../../core/text/suggestions';
import type { Suggestion } from '../../../core/text/suggestionTypes';

/** The fields the text carries (id and selected are not part of the text). */
function content(list: Suggestion[]) {
  return list.map(({ title, description, hauptartikelContent, imageNumber }) => ({
    title,
    description,
    hauptartikelContent,
    imageNumber,
  }));
}

function s(
  title: string,
  description: string,
  hauptartikelContent: string,
  imageNumber?: number,
): Omit<Suggestion, 'id' | 'selected'> {
  return { title, description, hauptartikelContent, imageNumber };
}

const CANONICAL = [
  'Bild 1: 1. **Warme Beleuchtung**',
  'Eine Stehlampe mit warmweißem Licht macht den Raum gemütlicher.',
  '[Hauptartikel: Stehlampe, warmweiß, Leinenschirm]',
  '',
  '---',
  '',
  'Bild 2: 2. **Frische Bettwäsche**',
  'Weiße Bettwäsche wirkt sauber und hochwertig.',
  '[Hauptartikel: https://www.amazon.de/dp/B000TEST01]',
].join('\n');

describe('#parseSuggestions', () => {
  it('reads the canonical format', () => {
    const list = parseSuggestions(CANONICAL);
    expect(list).toEqual([
      {
        id: 'suggestion-1',
        title: 'Warme Beleuchtung',
        description: 'Eine Stehlampe mit warmweißem Licht macht den Raum gemütlicher.',
        hauptartikelContent: 'Stehlampe, warmweiß, Leinenschirm',
        selected: false,
        imageNumber: 1,
      },
      {
        id: 'suggestion-2',
        title: 'Frische Bettwäsche',
        description: 'Weiße Bettwäsche wirkt sauber und hochwertig.',
        hauptartikelContent: 'https://www.amazon.de/dp/B000TEST01',
        selected: false,
        imageNumber: 2,
      },
    ]);
  });

  it('takes ids from makeId', () => {
    expect(parseSuggestions(CANONICAL, (i) => `x${i}`).map((x) => x.id)).toEqual(['x0', 'x1']);
  });

  it('leaves imageNumber out when there is no Bild prefix', () => {
    const [only] = parseSuggestions('1. **Kissen**\nBunte Kissen.\n[Hauptartikel: Kissen]');
    expect(only).not.toHaveProperty('imageNumber');
  });

  // [label, text, expected content]
  const rows: Array<[string, string, Array<Omit<Suggestion, 'id' | 'selected'>>]> = [
    [
      'CRLF line ends and extra whitespace',
      '  1.   **Warme   Beleuchtung**  \r\n\r\n   Mehr   Licht.  \r\n [Hauptartikel:   Stehlampe ,  warmweiß ]\r\n---\r\n2. **Teppich**\r\nWeich.\r\n',
      [s('Warme Beleuchtung', 'Mehr Licht.', 'Stehlampe , warmweiß'), s('Teppich', 'Weich.', '')],
    ],
    [
      'old Mac CR line ends',
      '1. **A**\rText\r[Hauptartikel: a]\r---\r2. **B**\rMehr',
      [s('A', 'Text', 'a'), s('B', 'Mehr', '')],
    ],
    [
      'missing Hauptartikel',
      '1. **Ordnung**\nWeniger Deko auf der Kommode.',
      [s('Ordnung', 'Weniger Deko auf der Kommode.', '')],
    ],
    [
      "'Bild 2:' on its own line",
      'Bild 2:\n1. **Hotelbett**\nGlatte Laken.\n[Hauptartikel: Bettwäsche weiß]',
      [s('Hotelbett', 'Glatte Laken.', 'Bettwäsche weiß', 2)],
    ],
    [
      "bold '**Bild 3:**' before the title",
      '**Bild 3:** 1. **Spiegel**\nEin runder Spiegel.\n[Hauptartikel: Spiegel rund]',
      [s('Spiegel', 'Ein runder Spiegel.', 'Spiegel rund', 3)],
    ],
    [
      'heading with Bild and title in one',
      '### Bild 1: Grüne Pflanzen\nPflanzen beleben den Raum.\n[Hauptartikel: Monstera, Übertopf]',
      [s('Grüne Pflanzen', 'Pflanzen beleben den Raum.', 'Monstera, Übertopf', 1)],
    ],
    [
      "bold 'Bild 1: Titel' in one bold run",
      '**Bild 1: Gemütliche Decke**\nEine Wolldecke auf dem Sofa.',
      [s('Gemütliche Decke', 'Eine Wolldecke auf dem Sofa.', '', 1)],
    ],
    [
      "plain 'Bild 2: Titel'",
      'Bild 2: Kissen arrangieren\nSymmetrisch anordnen.\n[Hauptartikel: Kissenbezug]',
      [s('Kissen arrangieren', 'Symmetrisch anordnen.', 'Kissenbezug', 2)],
    ],
    [
      "numbering '1)' and bold with __",
      '1) __Frische Handtücher__\nWeiße Handtücher.\n[Hauptartikel: Handtuch-Set]',
      [s('Frische Handtücher', 'Weiße Handtücher.', 'Handtuch-Set')],
    ],
    [
      'bold around the number',
      '**2. Äußere Beleuchtung:**\nLichterketten für die Terrasse.',
      [s('Äußere Beleuchtung', 'Lichterketten für die Terrasse.', '')],
    ],
    [
      'description on the title line',
      '1. **Warme Beleuchtung**: Eine Stehlampe in der Ecke. [Hauptartikel: Stehlampe]',
      [s('Warme Beleuchtung', 'Eine Stehlampe in der Ecke.', 'Stehlampe')],
    ],
    [
      'German umlauts and ß',
      '1. **Größere Spiegel für Flure**\nÖffnet schmale Räume; süß und gemütlich.\n[Hauptartikel: Wandspiegel groß, Messing]',
      [
        s(
          'Größere Spiegel für Flure',
          'Öffnet schmale Räume; süß und gemütlich.',
          'Wandspiegel groß, Messing',
        ),
      ],
    ],
    [
      'markdown noise: preamble, fences, headings, bold labels, bullets',
      [
        '```markdown',
        'Hier sind meine Vorschläge für deine Bilder:',
        '',
        '### 1. **Warme Beleuchtung**',
        '**Beschreibung:** Eine **Stehlampe** sorgt für warmes Licht.',
        '- **Hauptartikel:** Stehlampe, Messing',
        '***',
        '#### 2. Teppich',
        'Beschreibung: Ein heller Teppich.',
        '[**Hauptartikel:** [Teppich hell](https://www.amazon.de/dp/B0TEPPICH1)]',
        '```',
      ].join('\n'),
      [
        s('Warme Beleuchtung', 'Eine Stehlampe sorgt für warmes Licht.', 'Stehlampe, Messing'),
        s('Teppich', 'Ein heller Teppich.', 'https://www.amazon.de/dp/B0TEPPICH1'),
      ],
    ],
    [
      'several suggestions without separators',
      '1. **A**\nText A\n[Hauptartikel: a]\n2. **B**\nText B\n[Hauptartikel: b]\n3. C ohne Fett\nText C\n[Hauptartikel: c]',
      [s('A', 'Text A', 'a'), s('B', 'Text B', 'b'), s('C ohne Fett', 'Text C', 'c')],
    ],
    [
      'a numbered list inside a description stays in it',
      '1. **Ordnung im Bad**\nSo geht es:\n1. Flaschen wegräumen\n2. Handtücher falten\n[Hauptartikel: Aufbewahrungskorb]',
      [s('Ordnung im Bad', 'So geht es:\n1. Flaschen wegräumen\n2. Handtücher falten', 'Aufbewahrungskorb')],
    ],
    [
      'multi-line description',
      '1. **Licht**\nZeile eins.\n\nZeile zwei.',
      [s('Licht', 'Zeile eins.\nZeile zwei.', '')],
    ],
    [
      'a Bild prefix applies to every title of its block',
      'Bild 4:\n1. **A**\nx\n2. **B**\ny',
      [s('A', 'x', '', 4), s('B', 'y', '', 4)],
    ],
    ['Bild 0 is not an image number', 'Bild 0: 1. **A**\nx', [s('A', 'x', '')]],
    [
      "a 'Bild n' sentence in a description is text",
      '1. **A**\nBild 2 zeigt die Küche.\n[Hauptartikel: a]',
      [s('A', 'Bild 2 zeigt die Küche.', 'a')],
    ],
    [
      'Hauptartikel in angle brackets, with a second one ignored',
      '1. **A**\n[Hauptartikel: <https://example.com/lampe>]\n[Hauptartikel: anderes]',
      [s('A', '', 'https://example.com/lampe')],
    ],
    [
      'unclosed Hauptartikel bracket (truncated output)',
      '1. **A**\nText\n[Hauptartikel: Stehlampe, war',
      [s('A', 'Text', 'Stehlampe, war')],
    ],
    ['1.5 is not a title number', '1.5 m breites Sofa ist zu groß', []],
  ];

  it.each(rows)('%s', (_label, text, expected) => {
    expect(content(parseSuggestions(text))).toEqual(expected);
  });

  it.each([
    ['empty text', ''],
    ['only whitespace', '  \n\t\r\n '],
    ['only separators', '---\n---\n-----'],
    ['no title anywhere', 'Das Zimmer sieht gut aus.\n[Hauptartikel: Lampe]'],
    ['a Hauptartikel without title', '---\n[Hauptartikel: Lampe]\n---'],
    ['an empty bold title', '1. ****\nText'],
    ['a bare label', '**Beschreibung:**\nText\n**Hauptartikel:** Lampe'],
  ])('returns [] for %s', (_label, text) => {
    expect(parseSuggestions(text)).toEqual([]);
  });

  it('skips blocks without a title and keeps the rest', () => {
    const text =
      'Einleitung ohne Titel\n---\n1. **A**\nx\n---\nnur Text\n[Hauptartikel: y]\n---\n2. **B**\nz';
    expect(parseSuggestions(text).map((x) => x.title)).toEqual(['A', 'B']);
  });

  it('reads what it can of a block cut off mid-title', () => {
    expect(content(parseSuggestions('1. **A**\nx\n---\n2. **Warme Bel'))).toEqual([
      s('A', 'x', ''),
      s('Warme Bel', '', ''),
    ]);
  });

  it('returns [] rather than throwing for a non-string', () => {
    expect(parseSuggestions(undefined as unknown as string)).toEqual([]);
    expect(parseSuggestions(42 as unknown as string)).toEqual([]);
  });
});

describe('#printSuggestions', () => {
  it('writes the canonical format', () => {
    const list = parseSuggestions(CANONICAL);
    expect(printSuggestions(list)).toBe(
      [
        'Bild 1: 1. **Warme Beleuchtung**',
        'Eine Stehlampe mit warmweißem Licht macht den Raum gemütlicher.',
        '[Hauptartikel: Stehlampe, warmweiß, Leinenschirm]',
        '',
        '---',
        '',
        'Bild 2: 2. **Frische Bettwäsche**',
        'Weiße Bettwäsche wirkt sauber und hochwertig.',
        '[Hauptartikel: https://www.amazon.de/dp/B000TEST01]',
      ].join('\n'),
    );
  });

  it('prints nothing for no suggestions', () => {
    expect(printSuggestions([])).toBe('');
  });

  it('leaves out an empty Hauptartikel and names an empty title', () => {
    const text = printSuggestions([
      { id: 'a', title: '', description: 'x', hauptartikelContent: '', selected: true },
    ]);
    expect(text).toBe('1. **Vorschlag 1**\nx');
  });

  it('defuses description lines that would read as structure', () => {
    const tricky: Suggestion = {
      id: 'a',
      title: 'Titel **fett**',
      description: 'erste\n---\n## 2. **Kein Titel**\ntext [Hauptartikel: falsch]\n```',
      hauptartikelContent: 'Lampe [groß]',
      selected: false,
    };
    expect(content(parseSuggestions(printSuggestions([tricky])))).toEqual([
      s('Titel fett', 'erste\n2. Kein Titel\ntext', 'Lampe groß'),
    ]);
  });
});

describe('round trip', () => {
  const samples: Array<Omit<Suggestion, 'id' | 'selected'>> = [
    s('Warme Beleuchtung', 'Eine Stehlampe macht es gemütlich.', 'Stehlampe, warmweiß'),
    s('Frische Bettwäsche', 'Weiß und glatt.\nWie im Hotel.', 'https://www.amazon.de/dp/B000TEST01', 1),
    s('Größere Spiegel', 'Öffnet den Raum.', '', 12),
    s('2. Etage: Balkon', 'Pflanzen – grün & üppig (viel Licht).', 'Balkonpflanzen, Übertopf', 3),
    s('Licht *und* Farbe', 'Mit 1.5 m Abstand.', 'a, b, c'),
  ];

  it('print -> parse gives the same suggestions', () => {
    const list: Suggestion[] = samples.map((x, i) => ({ ...x, id: `suggestion-${i + 1}`, selected: false }));
    for (const x of list) if (x.imageNumber === undefined) delete x.imageNumber;
    expect(parseSuggestions(printSuggestions(list))).toEqual(list);
  });

  it('parse -> print -> parse is stable on every table row and on fuzzed text', () => {
    const texts = [CANONICAL, ...fuzzTexts(2000)];
    for (const text of texts) {
      const once = parseSuggestions(text);
      expect(content(parseSuggestions(printSuggestions(once))), JSON.stringify(text)).toEqual(content(once));
    }
  });
});

describe('fuzzing', () => {
  it('never throws and only returns well-formed suggestions', () => {
    for (const text of fuzzTexts(1500)) {
      const list = parseSuggestions(text);
      for (const x of list) {
        expect(x.title.trim().length).toBeGreaterThan(0);
        expect(x.title).not.toMatch(/\n/);
        expect(x.hauptartikelContent).not.toMatch(/[\n[\]]/);
        if (x.imageNumber !== undefined) expect(x.imageNumber).toBeGreaterThanOrEqual(1);
        expect(x.selected).toBe(false);
      }
    }
  });

  it('handles long hostile lines in linear time', () => {
    const n = 20_000;
    const hostile = [
      '*'.repeat(n),
      '_'.repeat(n),
      '[Hauptartikel: ' + '['.repeat(n),
      '1. **' + 'a'.repeat(n),
      '1. **a' + '_*'.repeat(n) + 'b**',
      '1. **a' + ':_'.repeat(n) + 'b**',
      '1. **T**\nHauptartikel' + ' '.repeat(n) + 'x',
      '**1.' + ' '.repeat(n) + 'x',
      '1. **T**\n' + '*_'.repeat(n) + '_*'.repeat(n),
      '---' + ' '.repeat(n) + 'x',
      'Bild 2' + ' '.repeat(n) + 'x',
    ];
    // Each of these took seconds with naively written patterns; all together they now take milliseconds.
    const start = Date.now();
    for (const text of hostile) printSuggestions(parseSuggestions(text));
    expect(Date.now() - start).toBeLessThan(1500);
  });
});

/** Deterministic pseudo-random texts built from the format's own pieces, so the fuzzer hits the parser's paths. */
function fuzzTexts(count: number): string[] {
  let seed = 0x2f6b3a1d;
  const rand = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 2 ** 32;
  };
  const pieces = [
    '1. ',
    '2) ',
    '**',
    '__',
    '*',
    '_',
    '#',
    '### ',
    '---',
    '***',
    '[',
    ']',
    '(',
    ')',
    'Hauptartikel',
    ':',
    'Bild ',
    '0',
    '3',
    '12',
    'Beschreibung',
    'https://www.amazon.de/dp/X',
    'Lampe',
    'Küche',
    'ß',
    ', ',
    ' ',
    '  ',
    '\t',
    '\n',
    '\n',
    '\r\n',
    '\r',
    '```',
    '-',
    '–',
    '<',
    '>',
    '`',
    '\u00a0',
    '\uFEFF',
    'x',
  ];
  const texts: string[] = [];
  for (let t = 0; t < count; t++) {
    const length = Math.floor(rand() * 60);
    let text = '';
    for (let i = 0; i < length; i++) text += pieces[Math.floor(rand() * pieces.length)];
    // Every third text is also cut at a random point, like a truncated model answer.
    texts.push(t % 3 === 0 ? text.slice(0, Math.floor(rand() * text.length)) : text);
  }
  return texts;
}

describe('#linesForImage', () => {
  const lines = ['Mehr Licht', 'Bild 2: Wärmere Farben', '**Bild 1:** Bett machen', 'Bild 3 - Pflanzen'];
  it.each([
    [0, ['Mehr Licht', 'Bett machen'], [0, 2]],
    [1, ['Mehr Licht', 'Wärmere Farben'], [0, 1]],
    [2, ['Mehr Licht', 'Pflanzen'], [0, 3]],
    [3, ['Mehr Licht'], [0]],
  ])('image %i gets %j', (index, expected, at) => {
    expect(linesForImage(lines, index).map((line) => line.text)).toEqual(expected);
    // Where each line stood in the request: the answer names what was applied by it.
    expect(linesForImage(lines, index).map((line) => line.index)).toEqual(at);
  });

  it('drops a line that is only a prefix, and keeps the others where they stood', () => {
    expect(linesForImage(['Bild 1:', '  ', 'Mehr Licht'], 0)).toEqual([{ text: 'Mehr Licht', index: 2 }]);
  });
});
