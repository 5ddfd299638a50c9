// First load: how much JavaScript the landing page needs, gzip-compressed as the server sends it. Builds the app
// (vite build into a temp folder), opens / in headless Chromium, and sums the scripts the page itself loads
// until the network is quiet (the service worker's precaching runs outside the page and is not counted).
// Run alone: `node --import tsx bench/firstLoad.ts`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launchChromium, REPO, serveStatic } from './pipeline';

export interface FirstLoadReport {
  /** Sum of the gzip sizes (level 9, as the build's precompressed .gz files) of the landing page's scripts. */
  gzipKB: number;
  scripts: { url: string; bytes: number; gzipBytes: number }[];
}

async function buildApp(outDir: string): Promise<void> {
  const vite = resolve(REPO, 'node_modules/vite/bin/vite.js');
  const child = spawn(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  if (code !== 0) throw new Error(`vite build of the app failed (${code}):\n${log}`);
}

/** Measures a built app in `distDir`, or builds one first when none is given. */
export async function measureFirstLoad(distDir?: string): Promise<FirstLoadReport> {
  const temp = distDir ? null : mkdtempSync(join(tmpdir(), 'raumglanz-firstload-'));
  const dir = distDir ?? join(temp!, 'dist');
  const browser = await launchChromium();
  try {
    if (!distDir) await buildApp(dir);
    const server = await serveStatic({ '/': dir });
    try {
      const page = await browser.newPage();
      const scripts: FirstLoadReport['scripts'] = [];
      const pending: Promise<void>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script' || !response.ok()) return;
        pending.push(
          response.body().then((body) => {
            scripts.push({
              url: new URL(response.url()).pathname,
              bytes: body.length,
              gzipBytes: gzipSync(body, { level: 9 }).length,
            });
          }),
        );
      });
      await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(500); // scripts requested at the very end of the quiet period
      await Promise.all(pending);
      const gzipKB = scripts.reduce((sum, s) => sum + s.gzipBytes, 0) / 1024;
      return { gzipKB, scripts };
    } finally {
      await server.close();
    }
  } finally {
    await browser.close();
    if (temp) rmSync(temp, { recursive: true, force: true });
  }
}

export function formatFirstLoad(report: FirstLoadReport): string {
  return [
    `First load of / : ${report.gzipKB.toFixed(1)} kB of JavaScript (gzip)   target <= 200 ${report.gzipKB <= 200 ? 'met' : 'NOT met'}`,
    ...report.scripts.map(
      (s) =>
        `  ${s.url.padEnd(48)} ${(s.bytes / 1024).toFixed(1).padStart(8)} kB  gzip ${(s.gzipBytes / 1024).toFixed(1).padStart(7)} kB`,
    ),
  ].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const report = await measureFirstLoad(process.argv[2]);
  console.log(formatFirstLoad(report));
  console.log(JSON.stringify({ firstLoadGzipKB: Math.round(report.gzipKB) }));
}
