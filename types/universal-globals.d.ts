// The web-platform globals every runtime of core/ has (browsers, workers, Node 20; the WinterTC "minimum common
// API"), declared for the core target alone (tsconfig.core.json) so core may parse URLs while `document`,
// `Buffer` and `process` stay type errors there. Other targets get the real declarations from DOM or Node.

declare class URLSearchParams {
  constructor(init?: string | Record<string, string> | [string, string][]);
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string): boolean;
  append(name: string, value: string): void;
  set(name: string, value: string): void;
  delete(name: string): void;
  forEach(callback: (value: string, name: string) => void): void;
  toString(): string;
}

declare class URL {
  constructor(url: string | URL, base?: string | URL);
  hash: string;
  host: string;
  hostname: string;
  href: string;
  readonly origin: string;
  password: string;
  pathname: string;
  port: string;
  protocol: string;
  search: string;
  readonly searchParams: URLSearchParams;
  username: string;
  toString(): string;
  toJSON(): string;
}
