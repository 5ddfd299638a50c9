// The caller's network (IPv4 address or IPv6 /64, as the rate limits key it) for code that runs deep inside a
// library without the request: better-auth's sign-up hook grants starter credits once per network and day.
// AsyncLocalStorage carries it through the library's awaits.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';
import { ipKey } from './rateLimit';

const storage = new AsyncLocalStorage<string>();

/** Runs the rest of the request with its network known to currentClientNetwork(). */
export const withClientNetwork: RequestHandler = (req, _res, next) => storage.run(ipKey(req), next);

/** The network of the request being served, or undefined outside one (a script, a test without HTTP). */
export const currentClientNetwork = (): string | undefined => storage.getStore();
