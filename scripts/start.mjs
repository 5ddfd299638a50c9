// `npm start`: build the web app when the build is missing or older than its sources, then run the server in
// the foreground. Signals are passed on and the server's exit code becomes ours, so process managers and
// containers see the real outcome. Plain JavaScript: it must run before anything is compiled.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { constants } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Everything Vite reads to make dist/ (see vite.config.ts: root web/, publicDir public/; models/ holds the
 * learned retouch's weights, which the image worker bundles).
 */
export const BUILD_INPUTS = ['web', 'core', 'models', 'public', 'index.html', 'vite.config.ts'];

/** True when `path` (a file, or any file below a folder) changed after `since` (ms). Missing paths never are. */
function changedSince(path, since) {
  if (!existsSync(path)) return false;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs > since;
  return readdirSync(path).some((name) => changedSince(join(path, name), since));
}

/** Whether `<rootDir>/dist` must be (re)built before the server starts. */
export function needsBuild(rootDir) {
  const builtIndex = join(rootDir, 'dist', 'index.html');
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return BUILD_INPUTS.some((input) => changedSince(join(rootDir, input), builtAt));
}

/** The absolute path of a package's command-line script, so we run it with this very Node. */
export function binOf(packageName, rootDir = root) {
  const require = createRequire(join(rootDir, 'package.json'));
  const manifestPath = require.resolve(`${packageName}/package.json`);
  const { bin } = require(manifestPath);
  return join(dirname(manifestPath), typeof bin === 'string' ? bin : bin[packageName]);
}

function build() {
  process.stdout.write('raumglanz: building the web app (vite build)...\n');
  const result = spawnSync(process.execPath, [binOf('vite'), 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write('raumglanz: vite build failed; the server was not started.\n');
    process.exit(result.status ?? 1);
  }
}

function main() {
  // An operator who points STATIC_DIR elsewhere builds that folder themselves; we only manage ./dist.
  const staticDir = resolve(root, process.env.STATIC_DIR?.trim() || 'dist');
  if (staticDir === resolve(root, 'dist') && needsBuild(root)) build();

  const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    stdio: 'inherit',
    // Two malloc arenas instead of eight per core: libvips' threads otherwise leave a burst's freed pixel
    // memory spread over arenas glibc never returns (README, memory budget: 447 MB after a burst vs 342 MB).
    // Photo buffers above 128 kB come from mmap, which returns them when freed (without it glibc kept
    // 270-330 MB after a visitor flood).
    env: {
      ...process.env,
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
      MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
    },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    // The server ignores a repeated signal, so a Ctrl-C that reaches both processes is harmless.
    process.on(signal, () => server.kill(signal));
  }
  server.on('exit', (code, signal) => {
    process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
