// A scripted HTTP server on 127.0.0.1 for the api clients' tests: each test says how the next request is
// answered and reads back what arrived (method, path, headers, raw body), so the clients are tested at the
// network boundary with the real fetch and no server code behind it.
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Answers one request; an answer that never ends `res` leaves the call hanging (for cancelling tests). */
export type Answer = (request: ReceivedRequest, res: ServerResponse) => void;

export const hang: Answer = () => {};

export interface FakeServer {
  url: string;
  /** Every request so far, oldest first. */
  received: ReceivedRequest[];
  /** How the following requests are answered until the next call. */
  answer(answer: Answer): void;
  close(): Promise<void>;
}

export const json =
  (status: number, body: unknown): Answer =>
  (_request, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

export const text =
  (status: number, body: string, type = 'text/html'): Answer =>
  (_request, res) => {
    res.writeHead(status, { 'content-type': type });
    res.end(body);
  };

/** Answers the requests in turn with `answers`; the last one answers every request after them. */
export function inTurn(...answers: Answer[]): Answer {
  let next = 0;
  return (request, res) => {
    const answer = answers[Math.min(next, answers.length - 1)];
    next += 1;
    answer?.(request, res);
  };
}

/** `answer`, with extra response headers (e.g. Retry-After). */
export const withHeaders =
  (headers: Record<string, string>, answer: Answer): Answer =>
  (request, res) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    answer(request, res);
  };

/** Ends the connection without an answer, as a dropped network does. */
export const dropConnection: Answer = (_request, res) => {
  res.socket?.destroy();
};

export async function startFakeServer(): Promise<FakeServer> {
  let current: Answer = json(200, {});
  const received: ReceivedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      received.push(request);
      current(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer: (answer) => {
      current = answer;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
