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

/**
 * On the e-signature stand-in's page, keyboard only: ticks "the typed name counts" and the consent, then presses
 * "Unterschreiben" (with the name in its field).
 */
export async function signWithKeyboard(page: Page) {
  await page.getByRole('checkbox', { name: /getippter Name gilt als meine Unterschrift/ }).focus();
  await page.keyboard.press('Space');
  await page.getByRole('checkbox', { name: /gelesen und unterschreibe/ }).focus();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Unterschreiben', exact: true }).focus();
  await page.keyboard.press('Enter');
}
