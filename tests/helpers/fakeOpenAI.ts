// A fake of the OpenAI API on 127.0.0.1 for tests that drive the real `openai` client. It checks requests as the
// real API would (Bearer key, multipart image edit with an image part, model and prompt; chat completion JSON
// with model, messages and a json_schema response_format) and answers realistic bodies, or scripted failures:
// 429 with retry-after, 500, a content-policy refusal, or a hang until the client gives up.
//
//   const fake = await startFakeOpenAI();
//   fake.script('edit', { status: 429 });          // the next image edit is refused once
//   ... point OPENAI_BASE_URL at fake.baseURL ...
//   expect(fake.requests.filter((r) => r.path === '/v1/images/edits')).toHaveLength(1);
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import sharp from 'sharp';

export const FAKE_API_KEY = 'sk-test-raumglanz-0123456789';

/** A scripted answer for the next call of one kind, instead of the normal one. */
export type Behaviour =
  | { status: 429; retryAfterSeconds?: number }
  | { status: 500 }
  | { status: 400; code: 'moderation_blocked' }
  /** Never answer; the socket stays open until the client aborts or times out. */
  | { hang: true };

export type CallKind = 'edit' | 'chat';

export interface RecordedRequest {
  kind: CallKind | 'other';
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  /** Image edits: the multipart text fields; chat: the parsed JSON body. */
  fields: Record<string, unknown>;
  /** Image edits: the bytes of the `image` part. */
  image?: Buffer;
  /** Image edits: every image part in order (the photo, then reference pictures), with its file name. */
  images?: { name: string; bytes: Buffer }[];
  /** The status the fake answered (0 while hanging). */
  status: number;
  /** The client closed the connection before the fake answered (a cancelled or timed-out call). */
  closedBeforeAnswer: boolean;
}

export interface FakeOpenAI {
  /** e.g. http://127.0.0.1:41234/v1, for OPENAI_BASE_URL. */
  baseURL: string;
  requests: RecordedRequest[];
  /** Problems found in requests that the real API would refuse (each also answered 400); tests expect none. */
  problems: string[];
  script(kind: CallKind, ...behaviours: Behaviour[]): void;
  /** Replaces the JSON content of chat answers for a response_format name (default: plausible German content). */
  chatContent: Record<string, (request: ChatRequest) => unknown>;
  close(): Promise<void>;
}

interface ChatRequest {
  model: string;
  messages: { role: string; content: unknown }[];
  response_format: { type: string; json_schema: { name: string; strict?: boolean; schema: unknown } };
}

const IMAGE_MODELS = ['gpt-image-1', 'gpt-image-1-mini', 'gpt-image-1.5', 'dall-e-2'];

function openAiError(
  res: ServerResponse,
  status: number,
  message: string,
  type: string,
  code: string | null,
): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message, type, param: null, code } }));
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The number of image_url parts in the user messages (one per photo the provider sent). */
function imageCount(request: ChatRequest): number {
  let count = 0;
  for (const message of request.messages) {
    if (Array.isArray(message.content)) {
      count += (message.content as { type: string }[]).filter((part) => part.type === 'image_url').length;
    }
  }
  return count;
}

const DEFAULT_CHAT_CONTENT: Record<string, (request: ChatRequest) => unknown> = {
  room_analysis: (request) => ({
    images: Array.from({ length: imageCount(request) }, (_, i) => ({
      imageNumber: i + 1,
      roomType: i % 2 === 0 ? 'bedroom' : 'kitchen',
      confidence: 0.87,
      visibleElements: {
        hasPillows: i % 2 === 0,
        hasBed: i % 2 === 0,
        hasTV: false,
        hasAppliances: i % 2 === 1,
        hasCountertops: i % 2 === 1,
        hasToiletries: false,
        hasClutter: true,
      },
      description: 'Ein helles Schlafzimmer mit Doppelbett; ein paar Kleidungsstücke liegen herum.',
    })),
  }),
  suggestions: () => ({
    suggestions: [
      {
        imageNumber: 1,
        title: 'Bett hotelartig herrichten',
        description: 'Glatte weiße Bettwäsche und zwei Kissen lassen das Schlafzimmer gepflegt wirken.',
        hauptartikel: 'Bettwäsche weiß, Satin, 135x200',
      },
      {
        imageNumber: null,
        title: 'Warmes Licht',
        description: 'Eine Stehlampe mit warmweißem Licht macht den Raum abends gemütlich.',
        hauptartikel: 'Stehlampe, warmweiß',
      },
    ],
  }),
};

export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const scripts: Record<CallKind, Behaviour[]> = { edit: [], chat: [] };
  const requests: RecordedRequest[] = [];
  const problems: string[] = [];
  const sockets = new Set<Socket>();
  const chatContent = { ...DEFAULT_CHAT_CONTENT };

  function refuse(res: ServerResponse, record: RecordedRequest, problem: string): void {
    problems.push(`${record.path}: ${problem}`);
    record.status = 400;
    openAiError(res, 400, problem, 'invalid_request_error', null);
  }

  /** Answers a scripted behaviour; returns false when none is queued. */
  function scripted(kind: CallKind, res: ServerResponse, record: RecordedRequest): boolean {
    const behaviour = scripts[kind].shift();
    if (!behaviour) return false;
    if ('hang' in behaviour) return true;
    record.status = behaviour.status;
    if (behaviour.status === 429) {
      res.setHeader('retry-after', String(behaviour.retryAfterSeconds ?? 0));
      openAiError(res, 429, 'Rate limit reached for requests', 'requests', 'rate_limit_exceeded');
    } else if (behaviour.status === 500) {
      openAiError(res, 500, 'The server had an error while processing your request.', 'server_error', null);
    } else {
      openAiError(
        res,
        400,
        'Your request was rejected as a result of our safety system.',
        'image_generation_user_error',
        'moderation_blocked',
      );
    }
    return true;
  }

  async function imageEdit(
    req: IncomingMessage,
    res: ServerResponse,
    record: RecordedRequest,
  ): Promise<void> {
    const type = req.headers['content-type'] ?? '';
    const body = await readBody(req);
    if (!type.startsWith('multipart/form-data')) return refuse(res, record, 'expected multipart/form-data');
    const form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') record.fields[name] = value;
    }
    const image = form.get('image') ?? form.get('image[]');
    if (!image || typeof image === 'string') return refuse(res, record, "missing file part 'image'");
    record.image = Buffer.from(await image.arrayBuffer());
    record.images = [];
    for (const part of [...form.getAll('image'), ...form.getAll('image[]')]) {
      if (typeof part !== 'string')
        record.images.push({ name: part.name, bytes: Buffer.from(await part.arrayBuffer()) });
    }
    const model = form.get('model');
    const prompt = form.get('prompt');
    if (typeof model !== 'string' || !IMAGE_MODELS.includes(model)) {
      return refuse(res, record, `unknown image model ${String(model)}`);
    }
    if (typeof prompt !== 'string' || prompt.length === 0 || prompt.length > 32_000) {
      return refuse(res, record, 'prompt must be 1 to 32000 characters');
    }
    let edited: Buffer;
    try {
      const meta = await sharp(record.image).metadata();
      if (!['jpeg', 'png', 'webp'].includes(meta.format ?? '')) throw new Error(meta.format);
      // Like gpt-image-1: a PNG at one of its sizes, visibly changed.
      const landscape = (meta.width ?? 1) >= (meta.height ?? 1);
      edited = await sharp(record.image)
        .resize(landscape ? 1536 : 1024, landscape ? 1024 : 1536, { fit: 'fill' })
        .modulate({ brightness: 1.15 })
        .png()
        .toBuffer();
    } catch {
      return refuse(res, record, 'image must be a PNG, JPEG or WEBP file');
    }
    if (scripted('edit', res, record)) return;
    record.status = 200;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        created: Math.floor(Date.now() / 1000),
        background: 'opaque',
        output_format: 'png',
        quality: 'high',
        size: '1536x1024',
        data: [{ b64_json: edited.toString('base64') }],
        usage: { input_tokens: 1200, output_tokens: 6240, total_tokens: 7440 },
      }),
    );
  }

  async function chat(req: IncomingMessage, res: ServerResponse, record: RecordedRequest): Promise<void> {
    const body = await readBody(req);
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
      return refuse(res, record, 'expected application/json');
    }
    let request: ChatRequest;
    try {
      request = JSON.parse(body.toString('utf8')) as ChatRequest;
    } catch {
      return refuse(res, record, 'body is not JSON');
    }
    record.fields = request as unknown as Record<string, unknown>;
    if (typeof request.model !== 'string' || !request.model) return refuse(res, record, 'missing model');
    if (!Array.isArray(request.messages) || request.messages.length === 0) {
      return refuse(res, record, 'messages must be a non-empty array');
    }
    const format = request.response_format;
    if (
      format?.type !== 'json_schema' ||
      !format.json_schema?.name ||
      typeof format.json_schema.schema !== 'object'
    ) {
      return refuse(res, record, 'response_format must be a json_schema');
    }
    if (scripted('chat', res, record)) return;
    const make = chatContent[format.json_schema.name];
    if (!make) return refuse(res, record, `no fake content for schema ${format.json_schema.name}`);
    record.status = 200;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: `chatcmpl-fake${requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: `${request.model}-2024-07-18`,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: JSON.stringify(make(request)), refusal: null },
            logprobs: null,
            finish_reason: 'stop',
          },
        ],
        usage: { prompt_tokens: 1500, completion_tokens: 180, total_tokens: 1680 },
        system_fingerprint: 'fp_fake',
      }),
    );
  }

  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const kind: RecordedRequest['kind'] =
      path === '/v1/images/edits' ? 'edit' : path === '/v1/chat/completions' ? 'chat' : 'other';
    const record: RecordedRequest = {
      kind,
      path,
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      fields: {},
      status: 0,
      closedBeforeAnswer: false,
    };
    requests.push(record);
    res.on('close', () => {
      if (!res.writableFinished) record.closedBeforeAnswer = true;
    });
    if (req.headers.authorization !== `Bearer ${FAKE_API_KEY}`) {
      record.status = 401;
      problems.push(`${path}: wrong or missing API key`);
      openAiError(res, 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
      return;
    }
    const handle = kind === 'edit' ? imageEdit : kind === 'chat' ? chat : null;
    if (!handle || req.method !== 'POST') {
      record.status = 404;
      openAiError(
        res,
        404,
        `Unknown request URL: ${req.method} ${path}`,
        'invalid_request_error',
        'unknown_url',
      );
      return;
    }
    handle(req, res, record).catch((error: unknown) => {
      record.status = 500;
      problems.push(`${path}: fake crashed: ${String(error)}`);
      if (!res.headersSent) openAiError(res, 500, 'fake crashed', 'server_error', null);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    problems,
    chatContent,
    script(kind, ...behaviours) {
      scripts[kind].push(...behaviours);
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
