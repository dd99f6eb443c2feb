/**
 * Overdue invoices reach the owner (issue 46): an invoice past its due date with something left
 * to pay is listed in « Aujourd’hui » (as in the morning digest), and its entry opens it in
 * « Factures », marked « En retard » and focused. The browser's clock is moved a day on (the
 * server keeps its own): an invoice due today on the server is late there. Screenshots and axe
 * at 390 and 1366 px.
 */
import AxeBuilder from './axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { todayInAlgiers } from '../../shared/domain/quotes/validity.ts';
import { fillSettings, signIn, uniqueMessage } from './fixtures.ts';
import { acceptedQuoteOf, issuedInvoice } from './invoice-fixtures.ts';
import { startOwnServer, type Cleanup } from './own-server.ts';

test.setTimeout(240_000);

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const DAY = 24 * 60 * 60 * 1000;

const cleanups: Cleanup[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function lookAt(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
  await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`),
    `${name} à ${width} px`,
  ).toEqual([]);
}

test('an invoice past its due date is in « Aujourd’hui » and opens in « Factures », on a phone and a laptop @desktop', async ({
  page,
}) => {
  const server = await startOwnServer((cleanup) => cleanups.push(cleanup));
  await fillSettings(page.request, server.url);
  const lead = uniqueMessage('facture-en-retard');
  const { quoteId } = await acceptedQuoteOf(page.request, server.url, lead, 'fr');
  // Due the day it is issued (« à réception »): late from tomorrow.
  const invoice = await issuedInvoice(page.request, server.url, quoteId, 0);
  const paid = await page.request.post(`${server.url}/api/invoices/${invoice.id}/payments`, {
    data: { date: todayInAlgiers(), amount: '19 000', method: 'ccp' },
  });
  expect(paid.status(), await paid.text()).toBe(201);

  for (const width of [390, 1366]) {
    await page.clock.setFixedTime(Date.now() + DAY);
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await signIn(page, server.url);
    await page.goto(`${server.url}/pageDashboard?dossier=aujourdhui`);
    const group = page.getByRole('region', { name: /^Factures en retard de paiement/u });
    const entry = group.getByRole('link');
    await expect(entry).toHaveCount(1, { timeout: 20_000 });
    await expect(entry).toContainText(`${invoice.number} · ${lead.fullName}`);
    await expect(entry).toContainText(/En retard : reste à payer 100\s000,00 DA, échue le/u);
    await lookAt(page, 'aujourdhui-facture-en-retard', width);

    await entry.click();
    await expect(page).toHaveURL(new RegExp(`dossier=factures&facture=${invoice.id}`, 'u'));
    const row = page.locator('tr[aria-current="true"]');
    await expect(row).toBeFocused();
    await expect(row).toContainText(invoice.number);
    await expect(row).toContainText('En retard');
    await expect(row).toBeInViewport();
    await lookAt(page, 'factures-en-retard', width);
  }

  // Paid in full: no longer late, no longer listed.
  const rest = await page.request.post(`${server.url}/api/invoices/${invoice.id}/payments`, {
    data: { date: todayInAlgiers(), amount: '100 000', method: 'virement' },
  });
  expect(rest.status(), await rest.text()).toBe(201);
  await page.goto(`${server.url}/pageDashboard?dossier=aujourdhui`);
  await expect(page.getByRole('heading', { name: 'Aujourd’hui' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/^Chargement/u)).toHaveCount(0);
  await expect(page.getByRole('region', { name: /^Factures en retard/u })).toHaveCount(0);
});
