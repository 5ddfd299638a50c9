// The pure parts behind the AI routes, as tables: image statistics and the builtin white balance on tiny
// synthetic frames (the vibrance kernel is tested in tests/core/imaging), how suggestion text maps to operations and to photos, the prompts, the request fingerprint, the
// builtin suggestions, and how the openai client's errors become the API's failure kinds.
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { NO_VISIBLE_ELEMENTS, type RoomType } from '../../core/catalog';
import { modeById } from '../../core/catalog/modes';
import { parseSuggestions, printSuggestions } from '../../core/text/suggestions';
import type { Suggestion } from '../../core/text/suggestionTypes';
import { roomFromStats, titleOf } from '../../server/ai/builtin';
import { neutralWhiteBalance, operationsForSuggestion } from '../../server/ai/builtin/operations';
import { imageStats, type ImageStats } from '../../server/ai/builtin/stats';
import { builtinSuggestions } from '../../server/ai/builtin/suggestions';
import { AiError, toApiError, toImageFailure, type AiFailureKind } from '../../server/ai/errors';
import { editPrompt, suggestionHint, toAiError } from '../../server/ai/openai';
import type { RgbaImage } from '../../server/ai/types';
import { fingerprint } from '../../server/paid/fingerprint';

/** A width x height frame where pixel (x, y) has the colour `at(x, y)`. */
function frame(
  width: number,
  height: number,
  at: (x: number, y: number) => [number, number, number],
): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      data.set([...at(x, y), 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

const solid = (rgb: [number, number, number]) => frame(8, 6, () => rgb);
const meanOf = (image: RgbaImage, channel: number) => {
  let sum = 0;
  for (let i = channel; i < image.data.length; i += 4) sum += image.data[i] ?? 0;
  return sum / (image.data.length / 4);
};
const lumaOf = (image: RgbaImage) =>
  0.2126 * meanOf(image, 0) + 0.7152 * meanOf(image, 1) + 0.0722 * meanOf(image, 2);

describe('#imageStats', () => {
  it.each<[string, RgbaImage, Partial<ImageStats>]>([
    [
      'mid grey',
      solid([128, 128, 128]),
      { meanLuma: 128 / 255, warmth: 0, tint: 0, saturation: 0, clipped: 0, sharpness: 0 },
    ],
    ['white', solid([255, 255, 255]), { meanLuma: 1, clipped: 1, p05: 1, p95: 1 }],
    ['blue-cast', solid([100, 120, 160]), { warmth: -60 / 255, saturation: 60 / 255 }],
    ['foliage', solid([60, 140, 50]), { green: 1, sky: 0 }],
    ['sky blue', solid([110, 165, 230]), { sky: 1, green: 0 }],
  ])('measures %s', (_name, image, expected) => {
    const stats = imageStats(image);
    for (const [key, value] of Object.entries(expected)) {
      expect(stats[key as keyof ImageStats], key).toBeCloseTo(value as number, 5);
    }
  });

  it('finds edges: a checkerboard is sharper than a flat frame', () => {
    const checker = frame(8, 8, (x, y) => ((x + y) % 2 === 0 ? [0, 0, 0] : [255, 255, 255]));
    expect(imageStats(checker).sharpness).toBeCloseTo(1, 5);
  });

  it('judges outdoor photos by sky above and foliage', () => {
    const outdoor = frame(10, 9, (_x, y) => (y < 3 ? [110, 165, 230] : [60, 140, 50]));
    expect(roomFromStats(imageStats(outdoor)).roomType).toBe('exterior');
    expect(roomFromStats(imageStats(solid([200, 190, 170]))).roomType).toBe('general');
  });
});

describe('#neutralWhiteBalance', () => {
  it('makes a blue-cast grey neutral and keeps its luminance', () => {
    const cast = frame(4, 4, (x) => [90 + x * 10, 110 + x * 10, 150 + x * 10]);
    const out = neutralWhiteBalance(cast);
    expect(Math.abs(meanOf(out, 0) - meanOf(out, 2))).toBeLessThan(4);
    expect(Math.abs(lumaOf(out) - lumaOf(cast))).toBeLessThan(3);
    expect(cast.data[0]).toBe(90); // the input is untouched
  });

  it('leaves a neutral photo as it is', () => {
    const grey = frame(4, 4, (x) => [60 + x * 40, 60 + x * 40, 60 + x * 40]);
    expect(Array.from(neutralWhiteBalance(grey).data)).toEqual(Array.from(grey.data));
  });
});

describe('#operationsForSuggestion', () => {
  it.each([
    ['Mehr Licht ins Bild bringen: Das Foto ist eher dunkel.', ['brighten']],
    ['Wärmere Farben: Wärmere Töne machen den Raum gemütlicher.', ['warmerTones']],
    ['Farbstich ausgleichen: Ein neutraler Weißabgleich zeigt die echten Farben.', ['neutralWhiteBalance']],
    ['Bild schärfen: Das Foto wirkt leicht unscharf.', ['sharpen']],
    ['Materialien betonen: Mehr Klarheit bringt Holz zur Geltung (Details).', ['details']],
    ['Stürzende Linien gerade ausrichten', ['perspective']],
    ['Garten: Den Rasen satter zeigen', ['vibrance']],
    ['Bett wie im Hotel: Glatte, weiße Bettwäsche und zwei Kissen.', []],
    ['Pflanzen als frische Akzente: Eine große Zimmerpflanze.', []],
  ])('%s', (text, expected) => {
    expect(operationsForSuggestion(text)).toEqual(expected);
  });

  it('keeps every builtin suggestion about the photo implementable and every furnishing idea not', () => {
    const dark: ImageStats = {
      meanLuma: 0.2,
      p05: 0,
      p95: 0.5,
      clipped: 0,
      warmth: -0.1,
      tint: 0,
      saturation: 0.05,
      sharpness: 0.005,
      green: 0,
      sky: 0,
    };
    const suggestions = builtinSuggestions([
      { roomType: 'bedroom', visibleElements: { ...NO_VISIBLE_ELEMENTS, hasClutter: true }, stats: dark },
    ]);
    const implementable = suggestions.filter(
      (s) => operationsForSuggestion(`${s.title}: ${s.description}`).length > 0,
    );
    expect(implementable.map((s) => s.title)).toEqual([
      'Mehr Licht ins Bild bringen',
      'Wärmere Farben',
      'Bild schärfen',
    ]);
    expect(suggestions.map((s) => s.title).slice(3)).toEqual(['Bett wie im Hotel', 'Oberflächen freiräumen']);
    expect(parseSuggestions(printSuggestions(suggestions)).map((s) => s.title)).toEqual(
      suggestions.map((s) => s.title),
    );
  });
});

describe('#builtinSuggestions fit the photo', () => {
  /** Statistics of a photo with the given findings (a neutral, bright, sharp, colourful one otherwise). */
  function statsWith(...findings: ('dark' | 'cool' | 'yellow' | 'soft' | 'dull')[]): ImageStats {
    return {
      meanLuma: findings.includes('dark') ? 0.2 : 0.55,
      p05: 0.05,
      p95: 0.9,
      clipped: 0,
      warmth: findings.includes('cool') ? -0.1 : findings.includes('yellow') ? 0.2 : 0.02,
      tint: 0,
      saturation: findings.includes('dull') ? 0.05 : 0.25,
      sharpness: findings.includes('soft') ? 0.005 : 0.03,
      green: 0.1,
      sky: 0.3,
    };
  }
  const one = (roomType: RoomType, stats: ImageStats, hasClutter = false) =>
    builtinSuggestions([{ roomType, visibleElements: { ...NO_VISIBLE_ELEMENTS, hasClutter }, stats }]);
  const titles = (list: Suggestion[]) => list.map((s) => s.title);
  const ticked = (list: Suggestion[]) => list.filter((s) => s.selected).map((s) => s.title);
  const tips = (list: Suggestion[]) => list.filter((s) => s.tipOnly).map((s) => s.title);

  it.each<[string, RoomType, ImageStats, string[], string[], string[]]>([
    [
      'a twilight exterior: no warmer colours for a room, its brightening offered but not ticked',
      'exterior',
      statsWith('dark', 'cool'),
      ['Schatten aufhellen', 'Fassade betonen', 'Einladender Eingang'],
      [],
      ['Einladender Eingang'],
    ],
    [
      'a sunny exterior: sky and green ticked, no indoor idea',
      'exterior',
      statsWith('cool', 'yellow'),
      ['Himmel und Grün auffrischen', 'Fassade betonen', 'Einladender Eingang'],
      ['Himmel und Grün auffrischen'],
      ['Einladender Eingang'],
    ],
    [
      'a dark closet (a room the analysis cannot name): light, never plants',
      'general',
      statsWith('dark', 'dull'),
      ['Mehr Licht ins Bild bringen', 'Materialien betonen', 'Eine Leuchte für jede Ecke'],
      ['Mehr Licht ins Bild bringen'],
      ['Eine Leuchte für jede Ecke'],
    ],
    [
      'the same closet brightened by the enhancement: still no plants',
      'general',
      statsWith('dull'),
      ['Materialien betonen', 'Rundum ausgewogen', 'Eine Leuchte für jede Ecke'],
      [],
      ['Eine Leuchte für jede Ecke'],
    ],
    [
      'a dark kitchen: no herb pot without light, a lamp instead',
      'kitchen',
      statsWith('dark'),
      ['Mehr Licht ins Bild bringen', 'Materialien betonen', 'Eine Leuchte für jede Ecke'],
      ['Mehr Licht ins Bild bringen'],
      ['Eine Leuchte für jede Ecke'],
    ],
    [
      'a bright kitchen: fresh accents',
      'kitchen',
      statsWith(),
      ['Materialien betonen', 'Frische Akzente in der Küche'],
      [],
      ['Frische Akzente in der Küche'],
    ],
    [
      'a soft bedroom under lamps: the cast ticked first, the bed as a tip',
      'bedroom',
      statsWith('yellow', 'soft'),
      ['Farbstich ausgleichen', 'Bild schärfen', 'Bett wie im Hotel'],
      ['Farbstich ausgleichen'],
      ['Bett wie im Hotel'],
    ],
  ])('%s', (_name, roomType, stats, expected, tick, tip) => {
    const list = one(roomType, stats);
    expect(titles(list)).toEqual(expected);
    expect(ticked(list)).toEqual(tick);
    expect(tips(list)).toEqual(tip);
    // A ticked idea is always one the provider can carry out itself.
    for (const s of list.filter((x) => x.selected)) {
      expect(operationsForSuggestion(`${s.title}: ${s.description}`).length).toBeGreaterThan(0);
    }
  });

  it('offers tidying as a tip indoors only', () => {
    expect(tips(one('livingRoom', statsWith(), true))).toEqual([
      'Kissen und Decken',
      'Oberflächen freiräumen',
    ]);
    expect(tips(one('exterior', statsWith(), true))).toEqual(['Einladender Eingang']);
  });

  it('ticks one fix per photo and gives each furnishing tip to the first photo of its room', () => {
    const list = builtinSuggestions([
      { roomType: 'bedroom', visibleElements: { ...NO_VISIBLE_ELEMENTS }, stats: statsWith('dark', 'cool') },
      { roomType: 'bedroom', visibleElements: { ...NO_VISIBLE_ELEMENTS }, stats: statsWith('soft') },
    ]);
    expect(list.filter((s) => s.selected).map((s) => [s.imageNumber, s.title])).toEqual([
      [1, 'Mehr Licht ins Bild bringen'],
      [2, 'Bild schärfen'],
    ]);
    expect(list.filter((s) => s.tipOnly).map((s) => [s.imageNumber, s.title])).toEqual([
      [1, 'Bett wie im Hotel'],
    ]);
  });

  it('words every idea so implementing it runs exactly its operation, and every tip so nothing runs', () => {
    const all = [
      ...one('bedroom', statsWith('dark', 'cool', 'soft'), true),
      ...one('bedroom', statsWith('yellow', 'dull')),
      ...one('exterior', statsWith('dark')),
      ...one('exterior', statsWith()),
      ...['kitchen', 'bathroom', 'livingRoom', 'general'].flatMap((room) =>
        one(room as RoomType, statsWith()),
      ),
      ...one('kitchen', statsWith('dark')),
    ];
    const operations = Object.fromEntries(
      all.map((s) => [s.title, operationsForSuggestion(`${s.title}: ${s.description}`)]),
    );
    expect(operations).toEqual({
      'Mehr Licht ins Bild bringen': ['brighten'],
      'Wärmere Farben': ['warmerTones'],
      'Bild schärfen': ['sharpen'],
      'Farbstich ausgleichen': ['neutralWhiteBalance'],
      'Rundum ausgewogen': ['autoEnhance'],
      'Materialien betonen': ['details'],
      'Schatten aufhellen': ['brighten'],
      'Fassade betonen': ['details'],
      'Himmel und Grün auffrischen': ['vibrance'],
      'Bett wie im Hotel': [],
      'Oberflächen freiräumen': [],
      'Einladender Eingang': [],
      'Frische Akzente in der Küche': [],
      'Handtücher wie im Spa': [],
      'Kissen und Decken': [],
      'Eine Leuchte für jede Ecke': [],
    });
  });
});

describe('#suggestionHint', () => {
  it("names each photo's room and whether it is inside or out", () => {
    expect(suggestionHint(['exterior', 'general'], 2)).toBe(
      'Foto 1: Außenbereich (außen); Foto 2: Allgemein (innen).',
    );
    expect(suggestionHint(['bedroom'], 2)).toBe(
      'Foto 1: Schlafzimmer (innen); Foto 2: Schlafzimmer (innen).',
    );
    expect(suggestionHint(undefined, 2)).toBe('');
  });
});

describe('#titleOf', () => {
  it.each([
    ['Mehr Licht: Die Ecken aufhellen', 'Mehr Licht'],
    ['Ohne Doppelpunkt', 'Ohne Doppelpunkt'],
    ['x'.repeat(100), `${'x'.repeat(79)}…`],
  ])('%s', (line, title) => expect(titleOf(line)).toBe(title));
});

describe('#editPrompt', () => {
  it('names the room and says the shared "keep the room" sentences once', () => {
    const prompts = ['declutter', 'cleanup'].map((id) => modeById(id)?.prompt ?? '');
    const prompt = editPrompt(prompts, 'livingRoom');
    expect(prompt.startsWith('Edit this photo of a vacation-rental living room. Remove clutter')).toBe(true);
    expect(prompt.match(/Keep the exact architecture/g)).toHaveLength(1);
    expect(prompt).toContain('Clean up small distractions');
  });
});

// The replay of paid calls is durable now: tests/server/paidJobs.test.ts.
describe('fingerprint', () => {
  it('fingerprints differ when any part differs, including how parts are split', () => {
    expect(fingerprint(['ab', 'c'])).not.toBe(fingerprint(['a', 'bc']));
    expect(fingerprint([Buffer.from('x')])).toBe(fingerprint([Buffer.from('x')]));
  });
});

describe('#toAiError', () => {
  const headers = new Headers();
  it.each<[string, unknown, string]>([
    ['a 429', new OpenAI.RateLimitError(429, { message: 'slow down' }, 'slow down', headers), 'busy'],
    ['a timeout', new OpenAI.APIConnectionTimeoutError(), 'timeout'],
    ['an abort', new OpenAI.APIUserAbortError(), 'aborted'],
    [
      'a moderation block',
      new OpenAI.BadRequestError(400, { code: 'moderation_blocked' }, 'blocked', headers),
      'refused',
    ],
    ['another 400', new OpenAI.BadRequestError(400, { code: 'invalid_value' }, 'bad', headers), 'upstream'],
    ['a 500', new OpenAI.InternalServerError(500, {}, 'boom', headers), 'upstream'],
    ['a 401 (bad key)', new OpenAI.AuthenticationError(401, {}, 'key', headers), 'upstream'],
    ['no connection', new OpenAI.APIConnectionError({ message: 'refused' }), 'upstream'],
    ['a wrong answer shape', new SyntaxError('Unexpected token'), 'upstream'],
  ])('maps %s', (_name, error, kind) => {
    const mapped = toAiError(error);
    expect(mapped).toBeInstanceOf(AiError);
    expect((mapped as AiError).kind).toBe(kind);
  });

  it.each<[AiFailureKind, number, string]>([
    ['busy', 503, 'AI_BUSY'],
    ['timeout', 504, 'AI_TIMEOUT'],
    ['upstream', 502, 'UPSTREAM_FAILED'],
    ['refused', 422, 'AI_REFUSED'],
    ['aborted', 499, 'SERVICE_UNAVAILABLE'],
  ])('answers a %s failure with %i %s, as an image failure and as the whole call', (kind, status, code) => {
    const error = new AiError(kind, 'english detail');
    expect(toImageFailure(error)).toEqual({ status, code, error: 'english detail' });
    expect(toApiError(error)).toMatchObject({ status, code, message: 'english detail' });
  });

  it('leaves our own bugs alone, and reports them as INTERNAL without details', () => {
    const bug = new TypeError('x is undefined');
    expect(toAiError(bug)).toBe(bug);
    expect(toImageFailure(bug)).toEqual({
      status: 500,
      code: 'INTERNAL',
      error: 'The image could not be processed',
    });
  });
});
