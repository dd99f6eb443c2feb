/**
 * « Nouveau contact » on the embedded server: the owner types in a lead received by phone, with
 * the keyboard alone; a refusal is said in French under each field and the first one takes
 * the focus; once saved, the lead opens, « Contacté » with its source, read; the list shows
 * its source, the « Source » filter keeps it in the URL, the CSV names it. Axe and
 * screenshots at 390 and 1366 px.
 */
import { readFile } from 'node:fs/promises';
import AxeBuilder from './axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { FRENCH_CONTACT_MESSAGES } from '../../shared/domain/contact.ts';
import { NEW_CONTACT_MESSAGES } from '../../shared/domain/leads/new-contact.ts';
import { sendMessage, signIn, uniqueMessage } from './fixtures.ts';
import { startOwnServer, type Cleanup } from './own-server.ts';
import { screenshotIfAsked } from './screenshots.ts';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const cleanups: Cleanup[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function axeClean(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`),
    where,
  ).toEqual([]);
}

test('the owner adds a lead received by phone, with the keyboard alone @desktop', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const server = await startOwnServer((cleanup) => cleanups.push(cleanup));
  // A message from the site beside it: the filter must tell them apart.
  const fromTheSite = uniqueMessage('site');
  await sendMessage(page.request, fromTheSite, server.url);
  await signIn(page, server.url);
  await expect(page.getByTestId('unread-count')).toHaveText('1 non lu');

  const button = page.getByRole('button', { name: 'Nouveau contact' });
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Nouveau contact' });
  await expect(dialog).toBeVisible();
  const name = dialog.getByLabel('Nom complet');
  const phone = dialog.getByRole('textbox', { name: 'Téléphone' });
  await expect(name).toBeFocused();

  // Sent empty: a French sentence under each field refused, the first one focused.
  await dialog.getByRole('button', { name: 'Enregistrer le contact' }).focus();
  await page.keyboard.press('Enter');
  await expect(name).toBeFocused();
  await expect(name).toHaveAccessibleDescription(FRENCH_CONTACT_MESSAGES.required);
  await expect(phone).toHaveAccessibleDescription(new RegExp(NEW_CONTACT_MESSAGES.reachable));
  await expect(dialog.getByLabel('E-mail')).toHaveAccessibleDescription(
    NEW_CONTACT_MESSAGES.reachable,
  );
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await screenshotIfAsked(page, {
      path: test.info().outputPath(`nouveau-contact-refus-${width}.png`),
    });
    await axeClean(page, `refus à ${width} px`);
  }

  // A phone that is not one: refused in French, nothing stored.
  await name.focus();
  await page.keyboard.type('Boulangerie El Bahia');
  await page.keyboard.press('Tab'); // the source: « Téléphone », chosen already
  await expect(dialog.getByRole('radio', { name: 'Téléphone' })).toBeFocused();
  await expect(dialog.getByRole('radio', { name: 'Téléphone' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(phone).toBeFocused();
  await page.keyboard.type('12');
  await page.keyboard.press('Enter');
  await expect(phone).toBeFocused();
  await expect(phone).toHaveAccessibleDescription(
    new RegExp(FRENCH_CONTACT_MESSAGES.phone.replace(/[.+()]/g, '\\$&')),
  );
  await page.keyboard.press('Control+A');
  await page.keyboard.type('0550 12 34 56');
  await dialog.getByLabel('Sujet').focus();
  await page.keyboard.type('Site vitrine pour la boulangerie');
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await screenshotIfAsked(page, { path: test.info().outputPath(`nouveau-contact-${width}.png`) });
    await axeClean(page, `formulaire à ${width} px`);
  }
  await page.keyboard.press('Enter');

  // Saved: the dialog closes and the lead opens, « Contacté », with its source; read.
  await expect(dialog).toBeHidden();
  const panel = page.getByRole('dialog', { name: 'Site vitrine pour la boulangerie' });
  await expect(panel).toBeVisible();
  const details = panel.locator('.message-details');
  await expect(details).toContainText('SourceTéléphone');
  await expect(details).toContainText('EmailNon renseigné');
  await expect(panel.getByLabel('Statut', { exact: true })).toHaveValue('contacte');
  await expect(panel.getByRole('link', { name: 'Appeler' })).toHaveAttribute(
    'href',
    'tel:+213550123456',
  );
  await expect(page.getByTestId('unread-count')).toHaveText('1 non lu');
  await screenshotIfAsked(page, {
    path: test.info().outputPath('nouveau-contact-ouvert-1366.png'),
  });
  await axeClean(page, 'contact ouvert');
  // A call noted from the panel: once its notice is closed, the focus goes back to the first
  // reply button (this lead has no « Répondre par e-mail »), never lost in the panel.
  const call = panel.getByRole('link', { name: 'Appeler' });
  // (Headless Chromium has no phone application: the tel: address is not followed.)
  await call.evaluate((link) =>
    link.addEventListener('click', (event) => event.preventDefault(), { once: true }),
  );
  await call.click();
  const after = panel.getByRole('region', { name: 'Après la réponse' });
  await expect(after.getByRole('status')).toHaveText('Noté dans l’historique : appel.');
  await after.getByRole('button', { name: 'Fermer cet avis' }).click();
  await expect(after).toHaveCount(0);
  await expect(call).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // In the list with its source; the « Source » filter, kept in the URL.
  const rows = page.locator('tbody tr[data-message-id]');
  await expect(rows).toHaveCount(2);
  const typedIn = rows.filter({ hasText: 'Boulangerie El Bahia' });
  await expect(typedIn).toContainText('Source : Téléphone');
  const source = page.getByLabel('Source', { exact: true });
  await expect(source.locator('option', { hasText: 'Téléphone' })).toHaveCount(1);
  await source.selectOption('Téléphone');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Boulangerie El Bahia');
  await expect(page).toHaveURL(/[?&]source=T%C3%A9l%C3%A9phone/);

  // The CSV: its source in the last column, the missing e-mail empty.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter en CSV' }).click();
  const lines = (await readFile(await (await download).path(), 'utf8')).slice(1).split('\r\n');
  expect(lines[0]).toMatch(/;"Source"$/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(/^"1";"Boulangerie El Bahia";"";"";"0550 12 34 56";/);
  expect(lines[1]).toMatch(/;"Contacté";.*;"Téléphone"$/);

  // On a phone, the card says it too.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('.message-item-service', { hasText: 'Téléphone' })).toBeVisible();
  await screenshotIfAsked(page, { path: test.info().outputPath('nouveau-contact-liste-390.png') });
  await axeClean(page, 'liste à 390 px');
});
