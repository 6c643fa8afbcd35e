import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, inject, onTestFinished } from 'vitest';
import { launchChromium } from '@mfd/testing/chromium';

const ARTIFACTS = resolve(import.meta.dirname, '../../../.e2e-artifacts/e2e');

function slug(text: string): string {
  return text
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}

/**
 * One Chromium per test file; `openPage()` gives each test a fresh context on the app's URL,
 * saves a full-page screenshot when the test fails, and closes it after.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    appUrl: () => inject('e2e').appUrl,
    async openPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
      if (!browser) throw new Error('browser not started');
      const context = await browser.newContext({ baseURL: inject('e2e').appUrl, viewport });
      const page = await context.newPage();
      onTestFinished(async ({ task }) => {
        if (task.result?.state === 'fail') {
          mkdirSync(ARTIFACTS, { recursive: true });
          await page.screenshot({ path: resolve(ARTIFACTS, `${slug(task.name)}.png`), fullPage: true });
        }
        await context.close();
      });
      return page;
    },
  };
}
