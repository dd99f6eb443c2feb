/**
 * « Réglages » (issue 49), as a new owner lives it on a phone (390 px): the first quote cannot
 * leave, the editor says which mentions are missing and links to « Réglages »; the owner fills
 * them once there (a refusal first, in French under its field), and the quote now leaves and
 * prints with their RC, NIF, NIS, AI and RIB and no « Modèle » (the PDF read back by
 * pdftotext). Axe at 390 and 1366 px; screenshots there only when asked (E2E_SCREENSHOTS=1,
 * written to SETTINGS_SHOTS_DIR or the test's output folder).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from './axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { playwrightPdfOptions } from '../../shared/domain/quotes/print.ts';
import { E2E_ADMIN, uniqueMessage } from './fixtures.ts';
import { startOwnServer, type Cleanup } from './own-server.ts';
import { screenshotIfAsked } from './screenshots.ts';

test.setTimeout(420_000);

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const cleanups: Cleanup[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function shot(name: string): string {
  const dir = process.env.SETTINGS_SHOTS_DIR;
  if (!dir) return test.info().outputPath(name);
  mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
}

async function axe(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`),
    name,
  ).toEqual([]);
}

test('a new owner fills « Réglages » once on a phone; the next quote prints with their mentions @phone', async ({
  page,
}) => {
  const server = await startOwnServer((cleanup) => cleanups.push(cleanup));
  const lead = { ...uniqueMessage('reglages'), subject: 'Site statique — 28 000 DZD' };
  const posted = await page.request.post(`${server.url}/api/contacts`, { data: lead });
  expect(posted.status()).toBe(201);
  await page.setViewportSize({ width: 390, height: 844 });
  expect((await page.request.post(`${server.url}/api/session`, { data: E2E_ADMIN })).status()).toBe(
    200,
  );
  await page.goto(`${server.url}/pageDashboard`);
  // A loaded machine takes its time to start the dashboard on a phone.
  await expect(page.getByRole('heading', { name: 'Dashboard - Messages Reçus' })).toBeVisible({
    timeout: 60_000,
  });

  // The first quote: the editor says what is missing; sending is refused, the draft stays.
  await page
    .locator('[data-message-id]')
    .filter({ hasText: lead.fullName })
    .getByRole('button', { name: lead.fullName })
    .first()
    .click();
  const panel = page.getByRole('dialog', { name: lead.subject });
  const quotes = panel.getByRole('region', { name: 'Devis' });
  await quotes.getByRole('button', { name: 'Créer un devis' }).click();
  const editor = page.getByRole('dialog', { name: 'Nouveau devis' });
  const note = editor.getByRole('note');
  await expect(note).toContainText('Ce devis ne pourra pas être envoyé');
  await expect(note).toContainText('le NIF');
  await editor.getByLabel('Adresse').fill('Cité En-Nasr, Oran');
  await editor.getByRole('button', { name: 'Enregistrer et envoyer' }).click();
  await expect(editor).toBeHidden();
  const refusal = quotes.getByRole('alert');
  await expect(refusal).toContainText(
    'Brouillon enregistré, mais pas envoyé : Ce devis ne peut pas être envoyé : il manque le RC, le NIF',
  );
  await expect(quotes.getByTestId('lead-quote')).toContainText('Brouillon');

  // « Compléter dans « Réglages » »: the screen, at the first missing mention.
  await refusal.getByRole('link', { name: 'Compléter dans « Réglages »' }).click();
  await expect(page).toHaveURL(/\?dossier=reglages/u);
  const settings = page.getByRole('region', { name: 'Réglages' });
  await expect(settings.getByRole('note')).toContainText(
    'Un devis ne peut pas être envoyé tant que ces mentions manquent',
  );
  // On the phone's bar, « Réglages » is behind « Plus », which says it is the folder shown.
  const folders = page.getByRole('navigation', { name: 'Dossiers' });
  await expect(folders.getByRole('button', { name: /^Plus\s*, Réglages$/u })).toBeVisible();
  await expect(
    folders.getByRole('link', { name: 'Réglages', includeHidden: true }),
  ).toHaveAttribute('aria-current', 'page');
  await screenshotIfAsked(page, { path: shot('reglages-390-avant.png') });
  await axe(page, 'Réglages à 390 px');

  // Typed as a new owner would, a NIF short of digits first: refused under its field.
  await settings.getByLabel('Raison sociale').fill('Atelier Numérique Tlemcen');
  await settings
    .getByLabel('Forme juridique', { exact: true })
    .fill('SARL au capital de 100 000 DA');
  await settings.getByLabel('Forme juridique en arabe').fill('ش.ذ.م.م');
  await settings.getByLabel('Adresse du siège', { exact: true }).fill('12 rue de la Paix, Tlemcen');
  await settings.getByLabel('Adresse du siège en arabe').fill('12 شارع السلام، تلمسان');
  await settings.getByLabel('Registre du commerce (RC)').fill('13/00-0123456 B 24');
  await settings.getByLabel('NIF').fill('00121301234');
  await settings.getByLabel('NIS').fill('001213010012345');
  await settings.getByLabel('Article d’imposition').fill('13011234567');
  await settings.getByLabel('Banque du RIB').fill('CPA');
  await settings.getByLabel('RIB', { exact: true }).fill('007 99999 0023115007 97');
  await settings.getByLabel('Résumé quotidien').fill('07:15');
  await settings.getByLabel('Adresse qui reçoit les notifications').fill('gerance@atelier.dz');
  await settings.getByRole('button', { name: 'Enregistrer les réglages' }).click();
  await expect(settings.getByLabel('NIF')).toHaveAccessibleDescription(
    '15 ou 20 chiffres. Le NIF compte 15 ou 20 chiffres.',
  );
  await expect(settings.getByLabel('NIF')).toBeFocused();
  await screenshotIfAsked(page, { path: shot('reglages-390-refus.png') });
  const before = (await (await page.request.get(`${server.url}/api/settings`)).json()) as {
    savedAt: number | null;
  };
  expect(before.savedAt).toBeNull();

  await settings.getByLabel('NIF').fill('001213012345678');
  await settings.getByRole('button', { name: 'Enregistrer les réglages' }).click();
  await expect(settings.getByRole('status').last()).toHaveText(
    'Réglages enregistrés. Ils s’appliquent dès maintenant.',
  );
  await expect(settings.getByRole('note')).toHaveCount(0);
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await screenshotIfAsked(page, { path: shot(`reglages-${width}.png`), fullPage: true });
    await axe(page, `Réglages enregistrés à ${width} px`);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `pas de défilement de côté à ${width} px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  const stored = (await (await page.request.get(`${server.url}/api/settings`)).json()) as {
    settings: { notifications: { digestTime: string; email: string } };
    missing: unknown[];
  };
  expect(stored.settings.notifications).toEqual({
    digestTime: '07:15',
    email: 'gerance@atelier.dz',
  });
  expect(stored.missing).toEqual([]);

  // Back to the lead: the draft now leaves.
  await page.getByRole('link', { name: 'Boîte de réception' }).click();
  await page
    .locator('[data-message-id]')
    .filter({ hasText: lead.fullName })
    .getByRole('button', { name: lead.fullName })
    .first()
    .click();
  const again = page
    .getByRole('dialog', { name: lead.subject })
    .getByRole('region', { name: 'Devis' });
  await again.getByRole('button', { name: 'Envoyer au client' }).click();
  await expect(again.getByRole('status').first()).toContainText(/Devis DEV-\d{4}-\d{4} envoyé/u);

  // Printed: the owner's mentions, no « Modèle ».
  await again.getByRole('link', { name: 'Imprimer' }).click();
  await expect(page.locator('.quote-document')).toBeVisible();
  await expect(page.locator('.quote-placeholder')).toHaveCount(0);
  await page.emulateMedia({ media: 'print' });
  await page.evaluate(() => document.fonts.ready);
  const file = shot('devis-apres-reglages.pdf');
  writeFileSync(file, await page.pdf(playwrightPdfOptions()));
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).not.toContain('Modèle');
  for (const mention of [
    'Atelier Numérique Tlemcen',
    '13/00-0123456 B 24',
    '001213012345678',
    '001213010012345',
    '13011234567',
    '00799999002311500797',
  ]) {
    expect(text).toContain(mention);
  }
});
