// A throw-away PostgreSQL cluster for the tests: Debian's own binaries (/usr/lib/postgresql/<version>/bin) run
// initdb and pg_ctl in a temp folder, listening on 127.0.0.1 on a free port with fsync off (nothing here needs to
// survive a crash). initdb refuses to run as root, so as root (CI) the folder belongs to the `postgres` user and
// the binaries run as that user. Each caller gets fresh databases with createDatabase(); stop() removes it all.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface PostgresCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres: the maintenance database, for CREATE/DROP DATABASE. */
  adminUrl: string;
  stop(): void;
}

const ROOT = '/usr/lib/postgresql';

/** The newest installed server's bin folder, or undefined when PostgreSQL is not installed. */
function postgresBinDir(): string | undefined {
  if (!existsSync(ROOT)) return undefined;
  const versions = readdirSync(ROOT)
    .filter((name) => existsSync(join(ROOT, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && join(ROOT, versions[0], 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Runs one of the cluster's binaries, as the postgres user when we are root. */
function runAs(asPostgres: boolean, bin: string, args: string[]): void {
  const [file, argv] = asPostgres ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  execFileSync(file, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  if (!bin)
    throw new Error(
      `PostgreSQL is not installed (no ${ROOT}/<version>/bin/initdb): apt-get install postgresql`,
    );
  const dir = mkdtempSync(join(tmpdir(), 'raumglanz-pg-'));
  const asPostgres = process.getuid?.() === 0;
  if (asPostgres) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  runAs(asPostgres, join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  const port = await freePort();
  const options = [
    `-c port=${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${dir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    // Every test server has a pool of its own; test files run in parallel.
    '-c max_connections=400',
  ].join(' ');
  runAs(asPostgres, join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-l',
    join(dir, 'server.log'),
    '-o',
    options,
    '-w',
    'start',
  ]);
  let stopped = false;
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        runAs(asPostgres, join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

let counter = 0;

/** A new, empty database on the cluster; returns its URL. */
export async function createDatabase(adminUrl: string, label = 'test'): Promise<string> {
  const name = `${label}_${process.pid}_${Date.now().toString(36)}_${++counter}`
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    // Identifiers cannot be bound as parameters; the name is built above from safe characters only.
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
