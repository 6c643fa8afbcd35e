import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { firstPageJs, FIRST_PAGE_JS_TARGET_KIB } from './support/first-page-js';

const DIST = resolve(import.meta.dirname, '../dist');

describe('first page weight', () => {
  const browser = useBrowser();

  it('when a signed-out visitor opens the landing page, then it downloads at most 130 KiB of gzipped JS', async () => {
    const page = await browser.openPage();
    const scripts = await firstPageJs(DIST, page, '/');
    const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
    const listing = scripts.map((s) => `${s.file} ${(s.gzip / 1024).toFixed(1)} KiB (${s.how})`).join('\n');
    expect(total / 1024, listing).toBeLessThanOrEqual(FIRST_PAGE_JS_TARGET_KIB);
    // The screens behind sign-in are not part of it.
    expect(
      scripts.map((s) => s.file).filter((f) => /customers-page|admin-page|profile-page|sign-up-form/.test(f)),
    ).toEqual([]);
  });
});
