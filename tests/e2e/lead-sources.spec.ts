/**
 * « Sources » in the dashboard: leads, contacted, won, conversion and the median first answer,
 * per source and per page, over 30 or 90 days (kept in the URL); real tables with captions,
 * reached and changed with the keyboard, a card per source and page on a phone (nothing
 * scrolls sideways); axe and screenshots at 390 and 1366 px.
 */
import AxeBuilder from './axe.ts';
import { expect, test } from '@playwright/test';
import { sendMessage, signIn, uniqueMessage } from './fixtures.ts';
import { startOwnServer, type Cleanup } from './own-server.ts';
import { screenshotIfAsked } from './screenshots.ts';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const cleanups: Cleanup[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

test('the owner sees where leads came from and what became of them @desktop', async ({ page }) => {
  test.setTimeout(120_000);
  const server = await startOwnServer((cleanup) => cleanups.push(cleanup));
  // A visitor from the same ad taps a price card's WhatsApp button: counted beside the leads.
  await page.goto(`${server.url}/pageServices?utm_source=facebook&utm_medium=cpc`);
  const tap = page.getByRole('link', { name: 'Demander sur WhatsApp : Site dynamique' });
  // Once the pages' script has run, the link carries the visit's campaign.
  await expect(tap).toHaveAttribute('href', /utm_source=facebook/);
  const chat = page
    .context()
    .waitForEvent('request', (request) => request.url().startsWith('https://wa.me/'));
  const tab = page.waitForEvent('popup');
  await tap.click();
  await chat;
  // The chat's tab (offline here) is closed: the owner goes on in the first one.
  await (await tab).close();
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
      [
        'Source',
        'Contacts',
        'Contactés',
        'Gagnés',
        'Conversion',
        'Première réponse (médiane)',
        'Clics WhatsApp',
      ],
      ['facebook', '2', '2', '1', '50 %', '0 min', '1'],
      ['google.com', '1', '0', '0', '0 %', 'Aucune réponse', '0'],
      ['Total', '3', '2', '1', '33 %', '0 min', '1'],
    ]);
  const byPage = page.getByRole('table', { name: 'Par page d’envoi, sur les 30 derniers jours' });
  expect((await rowsOf(byPage)).map((row) => [...row.slice(0, 4), row[6]])).toEqual([
    ['Page', 'Contacts', 'Contactés', 'Gagnés', 'Clics WhatsApp'],
    ['/pageContact', '2', '1', '0', '0'],
    ['/pageServices', '1', '1', '1', '1'],
    ['Total', '3', '2', '1', '1'],
  ]);

  // On a phone, a card per source and per page instead of the tables: the page does not
  // scroll sideways, and every figure is on the screen, whole, at a readable size.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(bySource).toBeHidden();
  const cardsOf = (name: string) => page.getByRole('region', { name }).getByRole('listitem');
  const sourceCards = cardsOf('Par source, sur les 30 derniers jours');
  const pageCards = cardsOf('Par page d’envoi, sur les 30 derniers jours');
  const read = (cards: typeof sourceCards) =>
    cards.evaluateAll((items) =>
      items.map((item) =>
        [...item.querySelectorAll('h4, dt, dd')].map((part) =>
          (part.textContent ?? '').replace(/\s+/gu, ' ').trim(),
        ),
      ),
    );
  const figures = (label: string, ...values: string[]) => [
    label,
    ...[
      'Contacts',
      'Contactés',
      'Gagnés',
      'Conversion',
      'Première réponse (médiane)',
      'Clics WhatsApp',
    ].flatMap((name, index) => [name, values[index]]),
  ];
  await expect
    .poll(() => read(sourceCards))
    .toEqual([
      figures('facebook', '2', '2', '1', '50 %', '0 min', '1'),
      figures('google.com', '1', '0', '0', '0 %', 'Aucune réponse', '0'),
      figures('Total', '3', '2', '1', '33 %', '0 min', '1'),
    ]);
  expect((await read(pageCards)).map((card) => card.slice(0, 7))).toEqual([
    figures('/pageContact', '2', '1', '0').slice(0, 7),
    figures('/pageServices', '1', '1', '1').slice(0, 7),
    figures('Total', '3', '2', '1').slice(0, 7),
  ]);
  const layout = await page.evaluate(() => ({
    pageWidth: document.documentElement.scrollWidth,
    screenWidth: document.documentElement.clientWidth,
    figures: [
      ...document.querySelectorAll('.sources-cards h4, .sources-cards dt, .sources-cards dd'),
    ]
      .filter((element) => element.getClientRects().length > 0)
      .map((element) => {
        const box = element.getBoundingClientRect();
        return {
          text: element.textContent,
          left: box.left,
          right: box.right,
          clipped: element.scrollWidth > element.clientWidth,
          fontSize: parseFloat(getComputedStyle(element).fontSize),
        };
      }),
  }));
  expect(layout.pageWidth).toBeLessThanOrEqual(layout.screenWidth);
  expect(layout.figures.length).toBeGreaterThan(30);
  for (const figure of layout.figures) {
    expect(figure.left, String(figure.text)).toBeGreaterThanOrEqual(0);
    expect(figure.right, String(figure.text)).toBeLessThanOrEqual(layout.screenWidth);
    expect(figure.clipped, String(figure.text)).toBe(false);
    expect(figure.fontSize, String(figure.text)).toBeGreaterThanOrEqual(14);
  }

  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await page.getByRole('heading', { name: 'Sources des contacts' }).scrollIntoViewIfNeeded();
    await screenshotIfAsked(page, {
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
  // The table's frame scrolls sideways in a narrow window: the keyboard reaches it after the
  // period.
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
  await screenshotIfAsked(page, { path: test.info().outputPath('filtre-source-1366.png') });
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  // On a phone, behind « Filtres », which counts it.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Filtres, 2 actifs' }).click();
  await expect(page.getByLabel('Source', { exact: true })).toHaveValue('facebook');
  await page.getByLabel('Source', { exact: true }).scrollIntoViewIfNeeded();
  await screenshotIfAsked(page, { path: test.info().outputPath('filtre-source-390.png') });
  const phone = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(phone.violations.map((violation) => violation.id)).toEqual([]);
});
