// Structured JSON logs (pino) and the per-request access log (pino-http): one line per request with its id,
// method, url, status and duration. Headers are never logged, so cookies and Authorization stay out of the logs;
// the redact list is a second guard for code that logs a headers object by hand.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type DestinationStream, type Logger } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';
import type { LogLevel } from './env';

export type { Logger };

const REDACT = [
  'headers.cookie',
  'headers.authorization',
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
];

/** The app's root logger; tests pass a `destination` stream to read what was logged. */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: REDACT, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}

// A proxy's request id is kept so log lines correlate across hops; anything unusual is replaced, never echoed.
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

function requestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

// Express shortens req.url inside mounted routers; originalUrl is what the client asked for.
function fullUrl(req: IncomingMessage & { originalUrl?: string }): string | undefined {
  return req.originalUrl ?? req.url;
}

/** Express middleware: sets `req.id` and `req.log`, answers with `X-Request-Id`, logs each finished request. */
export function httpLogger(logger: Logger): HttpLogger {
  return pinoHttp({
    logger,
    genReqId: requestId,
    // Every line logged for a request carries `reqId`, as the queue worker's lines for its job do.
    quietReqLogger: true,
    // Only these fields are kept from the request and response: no headers, no body, no remote address.
    serializers: {
      req: (req: { id: unknown; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: req.url,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    // A 503 with no error attached is an expected 'busy' (server/errors.ts: isExpectedBusy): a warning.
    customLogLevel: (_req, res, err) => {
      if (err || (res as ServerResponse & { err?: Error }).err) return 'error';
      if (res.statusCode === 503) return 'warn';
      return res.statusCode >= 500 ? 'error' : 'info';
    },
    // pino-http makes up an Error (with a stack) for any 5xx without one; an expected busy 503 needs none.
    customErrorObject: (_req, res, _error, val: Record<string, unknown>) => {
      if (res.statusCode !== 503 || (res as ServerResponse & { err?: Error }).err) return val;
      const { err: _made, ...rest } = val;
      return rest;
    },
    customSuccessMessage: (req, res) => `${req.method} ${fullUrl(req)} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${fullUrl(req)} ${res.statusCode}`,
  });
}
