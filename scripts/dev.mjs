// `npm run dev`: the API server under `tsx watch` (restarts on change) on port 8080 plus the Vite dev server with
// hot reload, which proxies /api to port 8080 (vite.config.ts). Both stop together: Ctrl-C, or either one exiting.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { binOf } from './start.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

// Fixed, because the Vite proxy points at it.
const API_PORT = '8080';

const children = [
  spawn(process.execPath, [binOf('tsx'), 'watch', '--clear-screen=false', 'server/index.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: API_PORT, NODE_ENV: process.env.NODE_ENV || 'development' },
  }),
  spawn(process.execPath, [binOf('vite')], { cwd: root, stdio: 'inherit' }),
];

let exitCode;
function stopAll(code) {
  exitCode ??= code;
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
}

for (const child of children) {
  child.on('exit', (code) => {
    stopAll(code ?? 0);
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(exitCode);
  });
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
