import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { firstPageJs, FIRST_PAGE_JS_TARGET_KIB } from '../web/e2e/support/first-page-js';
import { saveResults } from './results';

/**
 * Weight of the first page: builds the web app into a scratch folder (web/dist stays as it is), serves
 * it, and adds up the gzip size of every JS file the signed-out landing page needs (the module graph of
 * index.html plus the lazy chunks Chromium requests while the page loads). Exits 1 over the target.
 * `npm run bench` (CHROMIUM_PATH, else /usr/bin/chromium).
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WEB = resolve(import.meta.dirname, '../web');
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
};

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

const dist = mkdtempSync(join(tmpdir(), 'web-bundle-'));
const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url ?? '/', 'http://bench').pathname);
  let file = join(dist, path);
  // Any address that is not a file is the single-page app's index.html, as the gateway serves it.
  if (!file.startsWith(dist) || !statSync(file, { throwIfNoEntry: false })?.isFile())
    file = join(dist, 'index.html');
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  res.end(readFileSync(file));
});
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  await build({ root: WEB, logLevel: 'warn', build: { outDir: dist, emptyOutDir: true, sourcemap: false } });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as { port: number };
  const scripts = await firstPageJs(dist, await browser.newPage(), `http://127.0.0.1:${port}/`);
  for (const s of scripts)
    console.log(
      `${s.file.padEnd(44)} ${kib(s.raw).padStart(10)} raw ${kib(s.gzip).padStart(10)} gzip  (${s.how})`,
    );
  const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
  const within = total <= FIRST_PAGE_JS_TARGET_KIB * 1024;
  console.log(
    `first page JS: ${scripts.length} files, ${kib(total)} gzip, target <= ${FIRST_PAGE_JS_TARGET_KIB} KiB: ${within ? 'within' : 'OVER'}`,
  );
  saveResults('web-bundle', [
    {
      metric: 'first page JS, gzip (KiB)',
      value: Number((total / 1024).toFixed(1)),
      target: `<= ${FIRST_PAGE_JS_TARGET_KIB} KiB`,
      pass: within,
    },
  ]);
  if (!within) process.exitCode = 1;
} finally {
  await browser.close();
  server.close();
  rmSync(dist, { recursive: true, force: true });
}
