import { expect, test } from '@playwright/test';
import { sendMessage, signIn, uniqueMessage } from './fixtures.ts';

/**
 * A message sent in Arabic (through the API, as the /ar form sends it: `language: 'ar'`)
 * appears in the dashboard marked « AR », and the language filter shows only it among a
 * French one sent alongside. Both widths: the table on a laptop, the list on a phone.
 */
test('a message sent in Arabic is marked « AR » and the language filter shows only it', async ({
  page,
  request,
}, testInfo) => {
  const tag = uniqueMessage('lng').fullName;
  const arabic = { ...uniqueMessage('lng'), fullName: `${tag} عربي`, language: 'ar' };
  const french = { ...uniqueMessage('lng'), fullName: `${tag} français`, language: 'fr' };
  const arabicId = await sendMessage(request, arabic);
  const frenchId = await sendMessage(request, french);

  await signIn(page);
  // Only this test's two messages: others run alongside on the same inbox.
  await page.getByLabel('Rechercher', { exact: true }).fill(tag);
  const item = (id: string) => page.locator(`[data-message-id="${id}"]`);
  await expect(item(arabicId).getByRole('img', { name: 'Message en arabe' })).toHaveText('AR');
  await expect(item(frenchId).getByRole('img', { name: 'Message en français' })).toHaveText('FR');

  const toggle = page.getByRole('button', { name: /^Filtres/ });
  if (await toggle.isVisible()) await toggle.click();
  await page.getByLabel('Langue', { exact: true }).selectOption({ label: 'Arabe' });
  await expect(page).toHaveURL(/[?&]langue=ar\b/);
  await expect(item(frenchId)).toHaveCount(0);
  await expect(item(arabicId)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('dashboard-langue.png') });

  // The filter is kept in the address: a reload shows the same.
  await page.reload();
  await expect(page.getByLabel('Langue', { exact: true })).toHaveValue('ar');
});
