/**
 * Invoices on the embedded server, as the owner lives issue 46: an accepted quote taken to a
 * 30 % deposit invoice, a payment by CCP (a refusal first, said under its field, nothing
 * recorded), the final invoice with the deposit deducted, the cash balance with its stamp duty;
 * the « Factures » folder's month and its CSV agree to the centime; the printed invoice, in
 * French and in Arabic, read back with pdftotext. Screenshots at 390 and 1366 px, axe.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import AxeBuilder from './axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { playwrightPdfOptions } from '../../shared/domain/quotes/print.ts';
import { todayInAlgiers } from '../../shared/domain/quotes/validity.ts';
import { fillSettings, signIn, uniqueMessage } from './fixtures.ts';
import { acceptedQuote } from './invoice-fixtures.ts';
import { startOwnServer, type Cleanup } from './own-server.ts';
import { screenshotIfAsked } from './screenshots.ts';

test.setTimeout(240_000);

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const cleanups: Cleanup[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function axe(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`),
    name,
  ).toEqual([]);
}

async function printed(page: Page, name: string): Promise<{ text: string; pages: number }> {
  await page.emulateMedia({ media: 'print' });
  await page.evaluate(() => document.fonts.ready);
  const file = test.info().outputPath(`${name}.pdf`);
  writeFileSync(file, await page.pdf(playwrightPdfOptions()));
  await page.emulateMedia({ media: 'screen' });
  execFileSync('pdftoppm', ['-png', '-r', '80', file, test.info().outputPath(name)]);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return {
    text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }),
    pages: Number(/^Pages:\s+(\d+)/mu.exec(info)?.[1]),
  };
}

/** pdftotext's text without spaces, direction marks and short vowels. */
const bare = (text: string) =>
  text
    .replace(/[\s\u00a0\u202f\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '')
    .replace(/\p{Mn}/gu, '');

test('an accepted quote to a 30 % deposit paid by CCP, the final invoice paid in cash; the folder, the CSV and the print agree @desktop', async ({
  page,
}) => {
  const server = await startOwnServer((cleanup) => cleanups.push(cleanup));
  await fillSettings(page.request, server.url);
  const lead = uniqueMessage('facture');
  await acceptedQuote(page.request, server.url, lead, 'fr');
  const today = todayInAlgiers();
  const year = today.slice(0, 4);
  await signIn(page, server.url);
  await page.setViewportSize({ width: 1366, height: 900 });

  await page
    .locator('tbody tr[data-message-id]')
    .filter({ hasText: lead.fullName })
    .getByRole('button', { name: lead.fullName })
    .click();
  const panel = page.getByRole('dialog', { name: lead.subject });
  const quotes = panel.getByRole('region', { name: 'Devis' });
  await expect(quotes.getByTestId('lead-quote')).toContainText('Accepté');

  // « Facture d’acompte »: 30 % by default; 150 % refused under the field, nothing issued.
  await quotes.getByRole('button', { name: 'Facture d’acompte' }).click();
  const depositForm = quotes.getByRole('form', { name: 'Facture d’acompte' });
  const percent = depositForm.getByLabel('Pourcentage de l’acompte');
  await expect(percent).toHaveValue('30');
  await percent.fill('150');
  await depositForm.getByRole('button', { name: 'Émettre la facture' }).click();
  await expect(
    depositForm.getByText('Un acompte ne peut pas dépasser 100 % du devis.'),
  ).toBeVisible();
  await expect(percent).toHaveAttribute('aria-invalid', 'true');
  expect(await (await page.request.get(`${server.url}/api/invoices`)).json()).toEqual([]);
  await percent.fill('30');
  await screenshotIfAsked(page, { path: '/tmp/paper-shots/acompte-1366.png' });
  await depositForm.getByRole('button', { name: 'Émettre la facture' }).click();
  await expect(quotes.getByText(`Facture FAC-${year}-0001 émise.`)).toBeVisible();
  const deposit = quotes.getByTestId('quote-invoice').filter({ hasText: `FAC-${year}-0001` });
  await expect(deposit).toContainText('Facture d’acompte');
  await expect(deposit).toContainText('35\u202f700,00 DA');

  // « Enregistrer un paiement »: above what is left, refused under the field; then by CCP.
  await deposit.getByRole('button', { name: 'Enregistrer un paiement' }).click();
  const payment = deposit.getByRole('form', {
    name: `Enregistrer un paiement sur FAC-${year}-0001`,
  });
  await expect(payment.getByLabel('Montant (DA)')).toHaveValue('35\u202f700,00');
  await payment.getByLabel('Montant (DA)').fill('40 000');
  await payment.getByLabel('Mode de paiement').selectOption({ label: 'CCP / BaridiMob' });
  await payment.getByLabel('Référence (facultative)').fill('BaridiMob 778899');
  await payment.getByRole('button', { name: 'Enregistrer le paiement' }).click();
  await expect(
    payment.getByText(
      'Ce paiement dépasse ce qui reste à payer sur cette facture : 35\u202f700,00 DA.',
    ),
  ).toBeVisible();
  await payment.getByLabel('Montant (DA)').fill('35 700');
  await payment.getByRole('button', { name: 'Enregistrer le paiement' }).click();
  await expect(
    quotes.getByText(
      new RegExp(
        `^Paiement de 35\u202f700,00 DA du \\d{1,2} \\p{L}+ ${year} enregistré sur FAC-${year}-0001\\.$`,
        'u',
      ),
    ),
  ).toBeVisible();
  await expect(deposit).toContainText('Payée');

  // « Facture de solde »: the quote less the deposit; paid in cash with its stamp duty.
  await quotes.getByRole('button', { name: 'Facture de solde' }).click();
  const finalForm = quotes.getByRole('form', { name: 'Facture de solde' });
  await finalForm.getByLabel('Payée en espèces').check();
  await finalForm.getByRole('button', { name: 'Émettre la facture' }).click();
  const final = quotes.getByTestId('quote-invoice').filter({ hasText: `FAC-${year}-0002` });
  await expect(final).toContainText('83\u202f300,00 DA');
  await final.getByRole('button', { name: 'Enregistrer un paiement' }).click();
  const cash = final.getByRole('form', { name: `Enregistrer un paiement sur FAC-${year}-0002` });
  await cash.getByLabel('Mode de paiement').selectOption({ label: 'Espèces' });
  await expect(cash).toContainText(
    'En espèces : droit de timbre de 1\u202f249,50 DA, soit 84\u202f549,50 DA à encaisser.',
  );
  await screenshotIfAsked(page, { path: '/tmp/paper-shots/paiement-1366.png' });
  await axe(page, 'le panneau du contact, paiement ouvert');
  await cash.getByRole('button', { name: 'Enregistrer le paiement' }).click();
  await expect(final).toContainText('Payée');
  await expect(quotes.getByRole('button', { name: 'Facture de solde' })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Fermer le message' }).click();

  // The « Factures » folder: the month and the CSV agree to the centime.
  await page.getByRole('link', { name: 'Factures' }).click();
  const month = page.getByTestId('invoice-month');
  await expect(month).toHaveCount(1);
  await expect(month.getByTestId('month-invoiced')).toHaveText('119\u202f000,00 DA');
  await expect(month.getByTestId('month-received')).toContainText('119\u202f000,00 DA');
  await expect(month.getByTestId('month-received')).toContainText('1\u202f249,50 DA de timbre');
  await expect(month.getByTestId('month-left')).toHaveText('0,00 DA');
  await expect(page.getByTestId('invoice-row')).toHaveCount(2);
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await screenshotIfAsked(page, {
      path: `/tmp/paper-shots/factures-${width}.png`,
      fullPage: true,
    });
    await axe(page, `le dossier « Factures » à ${width} px`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter en CSV' }).click();
  const csv = readFileSync((await (await download).path()) ?? '', 'utf8');
  const lines = csv
    .replace(/^\ufeff/u, '')
    .trim()
    .split(/\r\n/u)
    .map((line) => line.slice(1, -1).split('";"'));
  expect(lines).toHaveLength(5);
  const [deposited, ccp, settled, inCash] = lines.slice(1);
  expect(deposited?.slice(0, 4)).toEqual([
    'Facture',
    `FAC-${year}-0001`,
    'Facture d’acompte',
    today,
  ]);
  expect(deposited?.slice(7, 12)).toEqual(['30000,00', '5700,00', '35700,00', '35700,00', '0,00']);
  expect(deposited?.[14]).toBe('Payée');
  expect(ccp?.slice(0, 4)).toEqual(['Paiement', `FAC-${year}-0001`, 'CCP / BaridiMob', today]);
  expect(ccp?.slice(6)).toEqual([
    'BaridiMob 778899',
    '',
    '',
    '',
    '35700,00',
    '',
    '0,00',
    '35700,00',
    '',
  ]);
  expect(settled?.slice(7, 12)).toEqual(['70000,00', '13300,00', '83300,00', '83300,00', '0,00']);
  expect(inCash?.slice(0, 3)).toEqual(['Paiement', `FAC-${year}-0002`, 'Espèces']);
  expect(inCash?.slice(10, 14)).toEqual(['83300,00', '', '1249,50', '84549,50']);

  // The printed final invoice, in French: one A4 page with the décret's mentions.
  await page
    .getByRole('link', { name: `Imprimer facture de solde FAC-${year}-0002 (${lead.fullName})` })
    .click();
  await expect(page.getByRole('heading', { name: 'Facture de solde' })).toBeVisible();
  await screenshotIfAsked(page, { path: '/tmp/paper-shots/solde-fr-1366.png', fullPage: true });
  const french = await printed(page, 'facture-solde-fr');
  expect(french.pages).toBe(1);
  const flat = french.text.replace(/\s+/gu, ' ');
  for (const expected of [
    'FACTURE DE SOLDE',
    `FAC-${year}-0002`,
    'Atelier Numérique Tlemcen',
    '001213012345678',
    '000131012345678',
    'Site vitrine',
    '100 000,00',
    'TVA 19 %',
    '119 000,00',
    `Acompte FAC-${year}-0001`,
    '−35 700,00',
    '83 300,00',
    'Arrêtée la présente facture à la somme de quatre-vingt-trois mille trois cents dinars algériens.',
    'Mode de paiement : Espèces',
    'Droit de timbre (paiement en espèces) 1 249,50 DA',
    '05-468',
  ]) {
    expect(flat.replace(/\u202f/gu, ' '), expected).toContain(expected);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshotIfAsked(page, { path: '/tmp/paper-shots/solde-fr-390.png', fullPage: true });

  // An Arabic quote's invoice prints right to left, in Arabic.
  const arabic = uniqueMessage('فاتورة');
  const arabicQuote = await acceptedQuote(page.request, server.url, arabic, 'ar');
  const issued = await page.request.post(`${server.url}/api/quotes/${arabicQuote}/invoices`, {
    data: { kind: 'facture', paymentMethod: 'virement' },
  });
  expect(issued.status(), await issued.text()).toBe(201);
  const { id, number } = (await issued.json()) as { id: string; number: string };
  expect(number).toBe(`FAC-${year}-0003`);
  await page.goto(`${server.url}/pageDashboard?dossier=factures&imprimer=${id}`);
  await expect(page.locator('article.invoice-document')).toHaveAttribute('dir', 'rtl');
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await screenshotIfAsked(page, {
      path: `/tmp/paper-shots/facture-ar-${width}.png`,
      fullPage: true,
    });
  }
  const inArabic = await printed(page, 'facture-ar');
  expect(inArabic.pages).toBe(1);
  const text = bare(inArabic.text);
  for (const expected of ['فاتورة', number, 'تحويلبنكي', '05-468', '119000,00']) {
    expect(text, expected).toContain(bare(expected));
  }
});

test('a mistake on an issued invoice is corrected by « Facture d’avoir », in part then in whole; the invoice never changes @desktop', async ({
  page,
}) => {
  const server = await startOwnServer((cleanup) => cleanups.push(cleanup));
  await fillSettings(page.request, server.url);
  const lead = uniqueMessage('avoir');
  const quoteId = await acceptedQuote(page.request, server.url, lead, 'fr');
  const issued = await page.request.post(`${server.url}/api/quotes/${quoteId}/invoices`, {
    data: { kind: 'facture', paymentMethod: 'virement' },
  });
  expect(issued.status(), await issued.text()).toBe(201);
  const { number } = (await issued.json()) as { number: string };
  const year = todayInAlgiers().slice(0, 4);
  await signIn(page, server.url);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.url}/pageDashboard?dossier=factures`);
  const rows = page.getByTestId('invoice-row');
  await expect(rows).toHaveCount(1);
  // (A credit note's row names the invoice too: the invoice's row is the one it heads.)
  const invoiceRow = rows.filter({ has: page.getByRole('rowheader', { name: number }) });

  // Without a reason, or over the invoice: refused under the field, nothing issued.
  await invoiceRow.getByRole('button', { name: `Facture d’avoir sur ${number}` }).click();
  const form = page.getByRole('form', { name: `Facture d’avoir sur ${number}` });
  await expect(form).toContainText('Vide : toute la facture, soit 119\u202f000,00 DA.');
  await form.getByRole('button', { name: 'Émettre l’avoir' }).click();
  await expect(form.getByRole('textbox', { name: 'Motif' })).toHaveAccessibleDescription(
    'Dites en une phrase pourquoi cet avoir est émis.',
  );
  await form.getByRole('textbox', { name: 'Motif' }).fill('Remise accordée après la livraison');
  const amount = form.getByRole('textbox', { name: 'Montant de l’avoir TTC (DA)' });
  await amount.fill('200 000');
  await form.getByRole('button', { name: 'Émettre l’avoir' }).click();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(form).toContainText('119\u202f000,00');
  await expect(rows).toHaveCount(1);
  await axe(page, 'l’avoir refusé à 390 px');
  await screenshotIfAsked(page, { path: '/tmp/paper-shots/avoir-refus-390.png', fullPage: true });

  // In part: AV-YYYY-0001 for 19 000 DA, the invoice left with 100 000 DA to pay.
  await amount.fill('19 000');
  await form.getByRole('button', { name: 'Émettre l’avoir' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Avoir' })).toContainText(
    `Avoir AV-${year}-0001 émis sur ${number}.`,
  );
  await expect(rows).toHaveCount(2);
  const creditRow = rows.filter({
    has: page.getByRole('rowheader', { name: `AV-${year}-0001` }),
  });
  await expect(creditRow).toContainText(`sur ${number}`);
  await expect(creditRow).toContainText('−19\u202f000,00 DA');
  await expect(invoiceRow).toContainText('100\u202f000,00 DA');
  await expect(invoiceRow).toContainText('Émise');

  // In whole: what is left, 100 000 DA; the invoice is « Annulée » and takes no more credit.
  await invoiceRow.getByRole('button', { name: `Facture d’avoir sur ${number}` }).click();
  await expect(form).toContainText('Vide : toute la facture, soit 100\u202f000,00 DA.');
  await form.getByRole('textbox', { name: 'Motif' }).fill('Prestation annulée par le client');
  await form.getByRole('button', { name: 'Émettre l’avoir' }).click();
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: `AV-${year}-0002` })).toContainText('−100\u202f000,00 DA');
  await expect(invoiceRow).toContainText('Annulée');
  await expect(invoiceRow.getByRole('button', { name: /Facture d’avoir/u })).toHaveCount(0);
  await expect(invoiceRow.getByRole('button', { name: /Enregistrer un paiement/u })).toHaveCount(0);
  await screenshotIfAsked(page, { path: '/tmp/paper-shots/avoirs-390.png', fullPage: true });

  // The invoice itself never changed: on the server, all but its list of credit notes is as
  // it was issued.
  const before = (await issued.json()) as { id: string; credits: unknown[] };
  const after = await page.request.get(`${server.url}/api/invoices/${before.id}`);
  expect(after.status()).toBe(200);
  const now = (await after.json()) as { credits: unknown[] };
  expect(now.credits).toHaveLength(2);
  expect({ ...now, credits: [] }).toEqual({ ...before, credits: [] });

  // The credit note prints, naming the invoice it corrects.
  await page.setViewportSize({ width: 1366, height: 900 });
  await creditRow.getByRole('link', { name: /^Imprimer/u }).click();
  // Printed once the page has read the credit note, as a person waits for it before printing.
  await expect(page.getByRole('heading', { name: /Facture d’avoir/u })).toBeVisible();
  const sheet = await printed(page, 'avoir-fr');
  expect(sheet.pages).toBe(1);
  const flat = sheet.text.replace(/\s+/gu, ' ').replace(/\u202f/gu, ' ');
  for (const expected of [`AV-${year}-0001`, number, 'Remise accordée après la livraison']) {
    expect(flat, expected).toContain(expected);
  }
});
