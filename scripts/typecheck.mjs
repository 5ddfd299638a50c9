// `npm run typecheck`: checks every target with its own tsconfig (core, worker, web, node, tests), as many at a
// time as there are cores, and fails if any target fails. All targets run even after a failure, so one run
// shows every error; each target's output is printed whole, under its name.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';

// Largest first, so the parallel lanes finish at about the same time.
const TARGETS = ['tests', 'web', 'node', 'core', 'worker'];
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

function check(target) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', `tsconfig.${target}.json`], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(`typecheck ${target}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds} s)\n${output}`);
      resolve(code === 0);
    });
  });
}

const queue = [...TARGETS];
const workers = Array.from({ length: Math.min(availableParallelism(), TARGETS.length) }, async () => {
  let ok = true;
  while (queue.length > 0) ok = (await check(queue.shift())) && ok;
  return ok;
});
const results = await Promise.all(workers);
process.exitCode = results.every(Boolean) ? 0 : 1;
