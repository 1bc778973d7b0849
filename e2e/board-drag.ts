import type { Page } from '@playwright/test';

/** A pointer drag dnd-kit recognises: press, move past its 6 px threshold in steps, release. */
export async function drag(
  page: Page,
  from: ReturnType<Page['locator']>,
  to: ReturnType<Page['locator']>,
) {
  await from.scrollIntoViewIfNeeded();
  await to.scrollIntoViewIfNeeded();
  const a = (await from.boundingBox())!;
  await page.mouse.move(a.x + 20, a.y + 12);
  await page.mouse.down();
  await page.mouse.move(a.x + 40, a.y + 30, { steps: 5 });
  // The target is measured once the drag is under way: starting it may scroll the page (dnd-kit
  // scrolls near an edge), and a box measured before would point at another slot.
  const centre = async () => {
    const b = (await to.boundingBox())!;
    return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  };
  let target = await centre();
  await page.mouse.move(target.x, target.y, { steps: 15 });
  target = await centre();
  await page.mouse.move(target.x, target.y, { steps: 2 });
  await page.mouse.up();
}
