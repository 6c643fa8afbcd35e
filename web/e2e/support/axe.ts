import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The audit the product is held to: WCAG 2.0/2.1 A and AA, and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Runs axe-core over the page (or the part matched by `within`) and lists each failing element as
 * "rule: selector — why", so a failed assertion says what to fix.
 */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  // Mantine fades elements in; a half-transparent element would be judged on its passing colours.
  await page.waitForTimeout(400);
  const builder = new AxeBuilder({ page }).withTags(TAGS);
  if (within) builder.include(within);
  const { violations } = await builder.analyze();
  return violations.flatMap((v) =>
    v.nodes.map(
      (n) => `${v.id}: ${n.target.join(' ')} — ${(n.failureSummary ?? v.help).replace(/\s+/g, ' ').trim()}`,
    ),
  );
}
