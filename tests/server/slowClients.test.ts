// Slow clients cannot hold the real server (server/index.ts as a process): a socket that trickles its headers one
// line at a time, and one that sends headers and then trickles its body, are both cut off at their timeouts,
// while /api/health keeps answering.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../helpers/serverProcess';

const dir = mkdtempSync(join(tmpdir(), 'raumglanz-slow-'));
let child: ChildProcess;
let port = 0;

beforeAll(async () => {
  ({ child, port } = await startServerProcess(dir, {
    HEADERS_TIMEOUT_MS: '1500',
    REQUEST_TIMEOUT_MS: '3000',
  }));
}, 60_000);

afterAll(() => {
  child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Sends `lines` one every `everyMs` until the server ends the socket; resolves with when and what it answered. */
function trickle(
  lines: string[],
  everyMs: number,
): Promise<{ closedAfterMs: number; answer: string; sent: number }> {
  return new Promise((done) => {
    const started = Date.now();
    const socket: Socket = connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < lines.length && socket.writable) socket.write(lines[sent++]!);
    }, everyMs);
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      done({ closedAfterMs: Date.now() - started, answer, sent });
    });
  });
}

describe('slow clients', () => {
  it('cuts off a client that trickles its headers, and keeps serving others', async () => {
    expect(port).toBeGreaterThan(0);
    // 60 header lines at 200 ms would take 12 s; the headers timeout is 1.5 s.
    const headers = [
      'GET /api/health HTTP/1.1\r\n',
      ...Array.from({ length: 60 }, (_, i) => `X-Slow-${i}: a\r\n`),
    ];
    const slow = trickle(headers, 200);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    const result = await slow;
    console.log(`header trickle cut off after ${result.closedAfterMs} ms, ${result.sent} of 61 lines sent`);
    expect(result.sent).toBeLessThan(headers.length);
    expect(result.closedAfterMs).toBeLessThan(6000);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408|^$/);
  }, 20_000);

  it('cuts off a client that trickles its body past the request timeout', async () => {
    const body = Array.from({ length: 60 }, () => 'x');
    const lines = [
      'POST /api/analyze-image HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length + 20}\r\n\r\n`,
      ...body,
    ];
    const result = await trickle(lines, 200);
    console.log(
      `body trickle cut off after ${result.closedAfterMs} ms, ${result.sent} of ${lines.length} parts sent`,
    );
    expect(result.sent).toBeLessThan(lines.length);
    expect(result.closedAfterMs).toBeLessThan(8000);
  }, 20_000);
});
