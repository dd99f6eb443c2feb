/**
 * « Sources » in the dashboard: leads, contacted, won, conversion and the median first answer,
 * per source and per page, over 30 or 90 days (kept in the URL); real tables with captions,
 * reached and changed with the keyboard; axe and screenshots at 390 and 1366 px.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { sendMessage, signIn, uniqueMessage } from './fixtures.ts';
import { startOwnServer, type Cleanup } from './own-server.ts';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const cleanups: Cleanup[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

test('the owner sees where leads came from and what became of them @desktop', async ({ page }) => {
  test.setTimeout(120_000);
  const server = await startOwnServer((cleanup) => cleanups.push(cleanup));
  const ad = { utmSource: 'facebook', utmMedium: 'cpc', pagePath: '/pageServices' };
  const won = await sendMessage(page.request, { ...uniqueMessage('src'), ...ad }, server.url);
  const contacted = await sendMessage(
    page.request,
    { ...uniqueMessage('src'), ...ad, pagePath: '/pageContact' },
    server.url,
  );
  await sendMessage(
    page.request,
    { ...uniqueMessage('src'), referrer: 'www.google.com', pagePath: '/pageContact' },
    server.url,
  );
  await signIn(page, server.url);
  for (const [id, status] of [
    [contacted, 'contacte'],
    [won, 'gagne'],
  ] as const) {
    const response = await page.request.post(`${server.url}/api/leads/${id}/status`, {
      data: { status },
    });
    expect(response.status(), await response.text()).toBe(200);
  }

  await page
    .getByRole('navigation', { name: 'Dossiers' })
    .getByRole('link', { name: 'Sources' })
    .click();
  await expect(page).toHaveURL(/dossier=sources/);
  const bySource = page.getByRole('table', { name: 'Par source, sur les 30 derniers jours' });
  const rowsOf = (table: typeof bySource) =>
    table
      .getByRole('row')
      .evaluateAll((rows) =>
        rows.map((row) =>
          [...row.querySelectorAll('th, td')].map((cell) =>
            (cell.textContent ?? '').replace(/\s+/gu, ' ').trim(),
          ),
        ),
      );
  await expect
    .poll(() => rowsOf(bySource))
    .toEqual([
      ['Source', 'Contacts', 'Contactés', 'Gagnés', 'Conversion', 'Première réponse (médiane)'],
      ['facebook', '2', '2', '1', '50 %', '0 min'],
      ['google.com', '1', '0', '0', '0 %', 'Aucune réponse'],
      ['Total', '3', '2', '1', '33 %', '0 min'],
    ]);
  const byPage = page.getByRole('table', { name: 'Par page d’envoi, sur les 30 derniers jours' });
  expect((await rowsOf(byPage)).map((row) => row.slice(0, 4))).toEqual([
    ['Page', 'Contacts', 'Contactés', 'Gagnés'],
    ['/pageContact', '2', '1', '0'],
    ['/pageServices', '1', '1', '1'],
    ['Total', '3', '2', '1'],
  ]);

  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await page.getByRole('heading', { name: 'Sources des contacts' }).scrollIntoViewIfNeeded();
    await page.screenshot({
      path: test.info().outputPath(`sources-${width}.png`),
      fullPage: true,
    });
    const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
    expect(
      results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`),
      `à ${width} px`,
    ).toEqual([]);
  }

  // The period, with the keyboard: kept in the URL, and the tables say it.
  const thirty = page.getByRole('radio', { name: '30 derniers jours' });
  await thirty.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: '90 derniers jours' })).toBeChecked();
  await expect(page).toHaveURL(/periode=90/);
  await expect(
    page.getByRole('table', { name: 'Par source, sur les 90 derniers jours' }),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByRole('radio', { name: '90 derniers jours' })).toBeChecked();
  // The table's frame scrolls sideways on a phone: the keyboard reaches it after the period.
  await page.getByRole('radio', { name: '90 derniers jours' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('region', { name: /^Par source/ })).toBeFocused();

  // The inbox filtered by source, kept in the URL beside the pipeline's filters.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page
    .getByRole('navigation', { name: 'Dossiers' })
    .getByRole('link', { name: 'Boîte de réception' })
    .click();
  const rows = page.locator('tbody tr[data-message-id]');
  await expect(rows).toHaveCount(3);
  const source = page.getByLabel('Source', { exact: true });
  await expect(source.locator('option')).toHaveText([
    'Toutes les sources',
    'facebook',
    'google.com',
  ]);
  await source.selectOption('facebook');
  await expect(rows).toHaveCount(2);
  await expect(page).toHaveURL(/[?&]source=facebook/);
  await page.getByLabel('Statut', { exact: true }).selectOption('gagne');
  await expect(rows).toHaveCount(1);
  await expect(page).toHaveURL(/statut=gagne/);
  await page.reload();
  await expect(page.getByLabel('Source', { exact: true })).toHaveValue('facebook');
  await expect(rows).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('filtre-source-1366.png') });
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  // On a phone, behind « Filtres », which counts it.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Filtres, 2 actifs' }).click();
  await expect(page.getByLabel('Source', { exact: true })).toHaveValue('facebook');
  await page.getByLabel('Source', { exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('filtre-source-390.png') });
  const phone = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(phone.violations.map((violation) => violation.id)).toEqual([]);
});
