import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

/** What the first page may download, compressed (issue 8: the app once sent 260 KiB to every page; issue 27: 130). */
export const FIRST_PAGE_JS_TARGET_KIB = 130;

export interface ScriptWeight {
  file: string;
  raw: number;
  gzip: number;
  /** Reached from index.html through static imports, or fetched by the page as it loaded (lazy chunks). */
  how: 'static' | 'on load';
}

/** The module entry script and the modulepreload links of the built index.html, as paths in the build. */
function entryFiles(html: string): string[] {
  const scripts = [...html.matchAll(/<script[^>]*type="module"[^>]*src="\/([^"]+)"/g)];
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+)"/g)];
  return [...scripts, ...preloads].flatMap(([, path]) => (path ? [path] : []));
}

/** Every file reached through static `import … from "./x.js"` / `import "./x.js"` from the given files. */
function followStaticImports(dist: string, start: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(dist, file), 'utf8');
    // Minified chunks: a static import is `import{…}from"./x.js"` or `import"./x.js"`; `import("…")` is lazy.
    for (const [, imported] of code.matchAll(
      /\bimport\s*(?:[\w*{}\s,$]+?\s*from\s*)?["']\.\/([^"']+\.js)["']/g,
    )) {
      if (imported) queue.push(join(file, '..', imported));
    }
  }
  return seen;
}

/**
 * The JS the signed-out landing page needs, file by file: the module graph of the build's index.html
 * plus every script the page (a fresh one, served from `dist`) requests until it is idle.
 */
export async function firstPageJs(dist: string, page: Page, url: string): Promise<ScriptWeight[]> {
  const staticGraph = followStaticImports(dist, entryFiles(readFileSync(join(dist, 'index.html'), 'utf8')));
  const requested = new Set<string>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js')) requested.add(pathname.slice(1));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Create Your Account' }).waitFor();
  return [...new Set([...staticGraph, ...requested])].sort().map((file) => {
    const bytes = readFileSync(join(dist, file));
    return {
      file,
      raw: bytes.length,
      gzip: gzipSync(bytes).length,
      how: staticGraph.has(file) ? 'static' : 'on load',
    };
  });
}
