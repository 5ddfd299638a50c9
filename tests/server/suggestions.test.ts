// The suggestion calls over real HTTP: generating (core/text format, parsed) and implementing them, on builtin
// (free, offline, also for visitors: the journey analyse -> suggestions -> final works with no AI service) and on
// openai through the fake OpenAI server (1 credit per image, a signed-in user, an Idempotency-Key).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBody } from '../../core/contract/errors';
import { GenerateSuggestionsResponse, ImplementSuggestionsResponse } from '../../core/contract/suggestions';
import { AnalyzeResponse } from '../../core/contract/analyze';
import { parseSuggestions } from '../../core/text/suggestions';
import { BuiltinProvider } from '../../server/ai/builtin';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fakeOpenAI';
import type { TestServer } from '../helpers/startServer';
import { testImagePool } from '../helpers/testImagePool';
import { bytesOf, dataUrl, fixture, meanLuma, openAiEnv, post, startAiServer, testJpeg } from './ai.helpers';
import { creditsOf, signUp } from './auth.helpers';

/** The line the client sends for a ticked suggestion: 'Titel: Beschreibung'. */
const lineOf = (s: { title: string; description: string }): string => `${s.title}: ${s.description}`;

describe('suggestions (builtin)', () => {
  let server: TestServer;
  let dark: Buffer;
  beforeAll(async () => {
    server = await startAiServer({
      ai: { provider: new BuiltinProvider({ pool: testImagePool, detectRoom: null }) },
    });
    // The very dark DSLR interior, at a size a client would send.
    dark = await sharp(fixture('photos/canon-dslr.jpg')).resize(1200).jpeg().toBuffer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('generates German suggestions from the measurements, in the core/text format', async () => {
    const res = await post(server, '/api/generate-suggestions', {
      imageDataUrls: [dataUrl(dark)],
      roomTypes: ['bedroom'],
    });
    expect(res.status).toBe(200);
    const body = GenerateSuggestionsResponse.parse(await res.json());
    expect(body.provider).toBe('builtin');
    // The text's suggestions, with the marks the text cannot carry.
    const unmarked = body.suggestions.map(({ tipOnly: _tip, ...s }) => ({ ...s, selected: false }));
    expect(unmarked).toEqual(parseSuggestions(body.text));
    const titles = body.suggestions.map((s) => s.title);
    expect(titles[0]).toBe('Mehr Licht ins Bild bringen');
    expect(titles).toContain('Bett wie im Hotel');
    expect(body.suggestions.find((s) => s.title === 'Bett wie im Hotel')?.hauptartikelContent).toBe(
      'Bettwäsche weiß Baumwolle Satin, Kopfkissen 80x80, Tagesdecke',
    );
    expect(body.text).toContain('[Hauptartikel: LED Stehlampe, warmweiß, dimmbar]');
    // The text cannot carry them, yet the default tick and the tip mark survive it.
    const byTitle = (title: string) => body.suggestions.find((s) => s.title === title);
    expect(byTitle('Mehr Licht ins Bild bringen')).toMatchObject({ selected: true });
    expect(byTitle('Bett wie im Hotel')).toMatchObject({ selected: false, tipOnly: true });
    expect(body.suggestions.filter((s) => s.selected)).toHaveLength(1);
    // One photo: no 'Bild n' tags.
    expect(body.suggestions.every((s) => s.imageNumber === undefined)).toBe(true);
  });

  it('tags suggestions with their photo when there are several', async () => {
    const bright = await testJpeg({ level: 170 });
    const res = await post(server, '/api/generate-suggestions', {
      imageDataUrls: [dataUrl(dark), dataUrl(bright)],
    });
    const body = GenerateSuggestionsResponse.parse(await res.json());
    const light = body.suggestions.filter((s) => s.title === 'Mehr Licht ins Bild bringen');
    expect(light.map((s) => s.imageNumber)).toEqual([1]);
    expect(body.text).toMatch(/^Bild 1: 1\. \*\*Mehr Licht ins Bild bringen\*\*/);
  });

  it('runs the whole journey for a visitor: analyse, suggest, implement, for free', async () => {
    const analysis = AnalyzeResponse.parse(
      await (await post(server, '/api/analyze-image', { imageDataUrls: [dataUrl(dark)] })).json(),
    );
    const generated = GenerateSuggestionsResponse.parse(
      await (
        await post(server, '/api/generate-suggestions', {
          imageDataUrls: [dataUrl(dark)],
          roomTypes: analysis.individualAnalyses.map((a) => a.roomType),
        })
      ).json(),
    );
    // A dark room the statistics cannot name (it is a closet): light, and a lamp as a tip, never plants.
    const titles = generated.suggestions.map((s) => s.title);
    expect(titles).not.toContain('Pflanzen als frische Akzente');
    const light = generated.suggestions.find((s) => s.title === 'Mehr Licht ins Bild bringen');
    const lamp = generated.suggestions.find((s) => s.title === 'Eine Leuchte für jede Ecke');
    expect(light?.selected).toBe(true);
    expect(lamp?.tipOnly).toBe(true);

    const res = await post(server, '/api/implement-suggestions', {
      imageUrls: [dataUrl(dark)],
      suggestions: [lineOf(lamp!), lineOf(light!)],
    });
    expect(res.status).toBe(200);
    const body = ImplementSuggestionsResponse.parse(await res.json());
    expect(body).toMatchObject({ provider: 'builtin', creditsCharged: 0, balance: null, errors: [null] });
    expect(body.descriptions[0]).toBe(
      'Offline-Näherung ohne KI (raumglanz builtin): umgesetzt: Mehr Licht ins Bild bringen (aufgehellt); ' +
        'braucht den KI-Dienst: Eine Leuchte für jede Ecke.',
    );
    // Only the light was carried out: the lamp is not listed as applied.
    expect(body.applied).toEqual([[1]]);
    const final = bytesOf(body.finalImageUrls[0] ?? '');
    expect(await meanLuma(final)).toBeGreaterThan((await meanLuma(dark)) + 15);
    expect((await sharp(final).metadata()).width).toBe(1200);
  });

  it("applies 'Bild n:' lines to that photo only and gives untouched photos back unchanged", async () => {
    const photo = await testJpeg({ level: 120 });
    const res = await post(server, '/api/implement-suggestions', {
      imageUrls: [dataUrl(photo), dataUrl(photo)],
      suggestions: ['Bild 2: Wärmere Farben: Das Licht wirkt kühl.'],
    });
    const body = ImplementSuggestionsResponse.parse(await res.json());
    expect(body.descriptions).toEqual([
      null,
      'Offline-Näherung ohne KI (raumglanz builtin): umgesetzt: Wärmere Farben (wärmere Farben).',
    ]);
    // The indexes are the request's: the one line, applied to the second photo only.
    expect(body.applied).toEqual([[], [0]]);
  });

  it('refuses an empty suggestion list and remote image URLs with 400', async () => {
    const photo = dataUrl(await testJpeg());
    for (const request of [
      { imageUrls: [photo], suggestions: [] },
      { imageUrls: ['http://192.168.1.1/a.jpg'], suggestions: ['Mehr Licht'] },
    ]) {
      const res = await post(server, '/api/implement-suggestions', request);
      expect(res.status).toBe(400);
      expect(ApiErrorBody.parse(await res.json()).code).toBe('INVALID_REQUEST');
    }
  });
});

describe('suggestions (openai)', () => {
  let fake: FakeOpenAI;
  let server: TestServer;
  let photo: Buffer;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    server = await startAiServer({ env: openAiEnv(fake) });
    photo = await testJpeg();
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  it("generates the model's suggestions in the core/text format", async () => {
    const res = await post(server, '/api/generate-suggestions', {
      imageDataUrls: [dataUrl(photo), dataUrl(photo)],
      roomTypes: ['bedroom', 'kitchen'],
    });
    const body = GenerateSuggestionsResponse.parse(await res.json());
    expect(body.provider).toBe('openai');
    expect(body.text).toBe(
      'Bild 1: 1. **Bett hotelartig herrichten**\n' +
        'Glatte weiße Bettwäsche und zwei Kissen lassen das Schlafzimmer gepflegt wirken.\n' +
        '[Hauptartikel: Bettwäsche weiß, Satin, 135x200]\n\n---\n\n' +
        '2. **Warmes Licht**\n' +
        'Eine Stehlampe mit warmweißem Licht macht den Raum abends gemütlich.\n' +
        '[Hauptartikel: Stehlampe, warmweiß]',
    );
    expect(body.suggestions.map((s) => s.imageNumber)).toEqual([1, undefined]);
    const chat = fake.requests.filter((r) => r.kind === 'chat').at(-1);
    expect((chat?.fields.response_format as { json_schema: { name: string } }).json_schema.name).toBe(
      'suggestions',
    );
  });

  it('implements suggestions for 1 credit per photo with the lines in the prompt', async () => {
    const { cookie } = await signUp(server);
    const res = await post(
      server,
      '/api/implement-suggestions',
      {
        imageUrls: [dataUrl(photo), dataUrl(photo)],
        suggestions: ['Warmes Licht: Eine Stehlampe aufstellen'],
      },
      { cookie, key: 'implement-key-0001' },
    );
    expect(res.status).toBe(200);
    const body = ImplementSuggestionsResponse.parse(await res.json());
    expect(body).toMatchObject({ provider: 'openai', creditsCharged: 2, balance: 8, errors: [null, null] });
    // The image model is asked for every line, furniture included.
    expect(body.applied).toEqual([[0], [0]]);
    expect(body.descriptions).toEqual([
      'KI-Bearbeitung mit OpenAI (gpt-image-1): 1 Vorschlag umgesetzt.',
      'KI-Bearbeitung mit OpenAI (gpt-image-1): 1 Vorschlag umgesetzt.',
    ]);
    expect(await creditsOf(server, cookie)).toBe(8);
    const edit = fake.requests.filter((r) => r.kind === 'edit').at(-1);
    expect(String(edit?.fields.prompt)).toContain('1. Warmes Licht: Eine Stehlampe aufstellen');
    expect(fake.problems).toEqual([]);
  });

  it('needs a signed-in user there (401), before calling the model', async () => {
    const before = fake.requests.length;
    const res = await post(server, '/api/implement-suggestions', {
      imageUrls: [dataUrl(photo)],
      suggestions: ['Warmes Licht'],
    });
    expect(res.status).toBe(401);
    expect(ApiErrorBody.parse(await res.json()).code).toBe('UNAUTHENTICATED');
    expect(fake.requests.length).toBe(before);
  });
});
