import type { Locator } from 'playwright-core';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`${locator} is not on screen`);
  return b;
}

/** Whether two elements' rectangles on screen share any area. */
export async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [p, q] = await Promise.all([box(a), box(b)]);
  return p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height;
}

/** Whether the element lies wholly inside the page's viewport. */
export async function withinViewport(locator: Locator): Promise<boolean> {
  const b = await box(locator);
  const size = locator.page().viewportSize();
  if (!size) throw new Error('no viewport');
  return b.x >= 0 && b.y >= 0 && b.x + b.width <= size.width && b.y + b.height <= size.height;
}
