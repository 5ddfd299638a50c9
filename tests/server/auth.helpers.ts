// Small HTTP helpers for the account and credit tests: sign up or in over real HTTP and carry the session
// cookie like a browser would (with the page's own Origin on state-changing calls).
import { expect } from 'vitest';
import type { Database } from '../../server/store/db';
import type { TestServer } from '../helpers/startServer';

export interface Account {
  userId: string;
  /** The Cookie header value to send, e.g. 'raumglanz.session_token=...'. */
  cookie: string;
}

let counter = 0;
/** A fresh address per call, so tests sharing a server never collide. */
export const uniqueEmail = (label = 'gast'): string => `${label}-${Date.now()}-${++counter}@example.com`;

/** The name=value pairs of a response's Set-Cookie headers, joined for a Cookie header. */
export function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');
}

export function postJson(
  server: TestServer,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, ...headers },
    body: JSON.stringify(body),
  });
}

export async function signUp(
  server: TestServer,
  input: { name?: string; email?: string; password?: string } = {},
): Promise<Account> {
  const res = await postJson(server, '/api/auth/sign-up/email', {
    name: input.name ?? 'Gastgeberin',
    email: input.email ?? uniqueEmail(),
    password: input.password ?? 'sicheres-passwort',
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { user: { id: string } };
  return { userId: body.user.id, cookie: cookieOf(res) };
}

export async function creditsOf(server: TestServer, cookie?: string): Promise<number> {
  const res = await fetch(`${server.url}/api/credits`, { headers: cookie ? { cookie } : {} });
  expect(res.status).toBe(200);
  return ((await res.json()) as { credits: number }).credits;
}

export async function sessionUserId(server: TestServer, cookie: string): Promise<string | null> {
  const res = await fetch(`${server.url}/api/auth/get-session`, { headers: { cookie } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { user?: { id: string } } | null;
  return body?.user?.id ?? null;
}

/** A bare account row as better-auth writes it, for ledger tests that need no HTTP (the ledger references "user"). */
export async function addUser(db: Database, id: string): Promise<string> {
  const now = new Date().toISOString();
  await db.kysely
    .insertInto('user')
    .values({
      id,
      name: id,
      email: `${id}@example.com`,
      // better-auth's own encoding per dialect: 0/1 on SQLite, a boolean on PostgreSQL.
      emailVerified: db.dialect === 'sqlite' ? 0 : false,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return id;
}
