/**
 * A lead's invoices in its panel (issue 46): « Historique » tells the invoice issued and each
 * payment, and the won lead says « Reste à payer : X DA », then « Payé » once the payment made
 * under its quote settles it. On the embedded server; screenshots and axe at 390 and 1366 px.
 */
import AxeBuilder from './axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { todayInAlgiers } from '../../shared/domain/quotes/validity.ts';
import { fillSettings, signIn, uniqueMessage } from './fixtures.ts';
import { acceptedQuoteOf, issuedInvoice } from './invoice-fixtures.ts';
import { startOwnServer, type Cleanup } from './own-server.ts';

test.setTimeout(240_000);

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const cleanups: Cleanup[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function lookAt(page: Page, name: string, width: number) {
  await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`),
    `${name} à ${width} px`,
  ).toEqual([]);
}

test('the lead’s timeline shows its invoice and payments, and the won lead says whether it is paid @desktop', async ({
  page,
}) => {
  const server = await startOwnServer((cleanup) => cleanups.push(cleanup));
  await fillSettings(page.request, server.url);
  const lead = uniqueMessage('contact-facture');
  const { leadId, quoteId } = await acceptedQuoteOf(page.request, server.url, lead, 'fr');
  const invoice = await issuedInvoice(page.request, server.url, quoteId);
  const paid = await page.request.post(`${server.url}/api/invoices/${invoice.id}/payments`, {
    data: { date: todayInAlgiers(), amount: '19 000', method: 'ccp' },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const won = await page.request.post(`${server.url}/api/leads/${leadId}/status`, {
    data: { status: 'gagne' },
  });
  expect(won.status(), await won.text()).toBe(200);

  await signIn(page, server.url);
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await page.goto(`${server.url}/pageDashboard?message=${leadId}`);
    const panel = page.getByRole('dialog', { name: lead.subject });
    await expect(panel).toBeVisible({ timeout: 20_000 });
    const payment = panel.getByTestId('lead-payment');
    await expect(payment).toHaveText(/^Reste à payer : 100\s000,00 DA$/u);
    const timeline = panel.getByRole('list', { name: 'Historique' });
    await expect(timeline).toContainText(`Facture ${invoice.number} émise : 119`);
    await expect(timeline).toContainText(
      new RegExp(`Paiement de 19\\s000,00 DA sur ${invoice.number} \\(CCP / BaridiMob\\)`, 'u'),
    );
    await payment.scrollIntoViewIfNeeded();
    await lookAt(page, 'contact-reste-a-payer', width);
  }

  // The rest, paid from the form under the quote: the panel follows at once.
  const panel = page.getByRole('dialog', { name: lead.subject });
  await panel.getByRole('button', { name: 'Enregistrer un paiement', exact: true }).click();
  await panel.getByLabel('Mode de paiement').selectOption('virement');
  await panel.getByRole('button', { name: /^Enregistrer le paiement/u }).click();
  await expect(panel.getByTestId('lead-payment')).toHaveText('Payé');
  await expect(panel.getByRole('list', { name: 'Historique' })).toContainText(
    new RegExp(
      `Paiement de 100\\s000,00 DA sur ${invoice.number} \\(Virement\\) : elle est payée\\.`,
      'u',
    ),
  );
  await panel.getByTestId('lead-payment').scrollIntoViewIfNeeded();
  await lookAt(page, 'contact-paye', 1366);
});
