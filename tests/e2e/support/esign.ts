import type { Page } from '@playwright/test';

/** On the e-signature stand-in's page: draws a zig-zag signature with the mouse on the signature pad. */
export async function drawSignature(page: Page) {
  const pad = page.getByRole('img', { name: 'Unterschriftenfeld' });
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let x = 20; x < 220; x += 20) await page.mouse.move(box.x + x, box.y + box.height / 2 + (x % 40 === 0 ? 15 : -15));
  await page.mouse.up();
}
