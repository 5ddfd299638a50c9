// A client that declares a large JSON body and sends only part of it: an answer at all proves the server did not
// wait to read the whole body (refusals before reading, unknown paths, spent budgets).
import { request } from 'node:http';

/**
 * Declares a body of `declared` bytes, sends only `sent` of them and resolves with the answer's status, its
 * `connection` header and its body.
 */
export function answerToPartialBody(
  url: string,
  declared: number,
  sent: Buffer,
): Promise<{ status: number; connection: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(declared) },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body });
        req.destroy();
      });
    });
    // The server may close the connection while the rest of the body is still unsent.
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    req.write(sent);
  });
}
