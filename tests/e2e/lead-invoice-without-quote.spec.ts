/**
 * « Facture sans devis » from a lead's panel (issue 46): the quote editor's client, lines and
 * totals, prefilled from the lead; each refusal under its field and nothing issued; then the
 * invoice issued whole (FAC-…-0001), on the lead's « Historique ». On the embedded server;
 * screenshots and axe at 390 and 1366 px.
 */
import AxeBuilder from './axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { fillSettings, signIn, uniqueMessage } from './fixtures.ts';
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

test('the owner invoices a lead without a quote from its panel: refusals under their field, then the invoice on its history @desktop', async ({
  page,
}) => {
  const server = await startOwnServer((cleanup) => cleanups.push(cleanup));
  await fillSettings(page.request, server.url);
  const lead = uniqueMessage('facture-sans-devis');
  const contact = await page.request.post(`${server.url}/api/contacts`, {
    data: { ...lead, language: 'fr' },
  });
  expect(contact.status()).toBe(201);
  const leadId = ((await contact.json()) as { id: string }).id;
  const invoicesOfLead = async () => {
    const answer = await page.request.get(`${server.url}/api/invoices?leadId=${leadId}`);
    expect(answer.status()).toBe(200);
    return (await answer.json()) as { number: string }[];
  };

  await signIn(page, server.url);
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await page.goto(`${server.url}/pageDashboard?message=${leadId}`);
    const panel = page.getByRole('dialog', { name: lead.subject });
    await expect(panel).toBeVisible({ timeout: 20_000 });
    await panel.getByRole('button', { name: 'Facture sans devis' }).click();
    const editor = page.getByRole('dialog', { name: 'Facture sans devis' });
    await expect(editor).toBeVisible();
    // The client is the lead's, its address to complete.
    await expect(editor.getByLabel('Nom', { exact: true })).toHaveValue(lead.fullName);
    await editor.getByLabel('Désignation').fill('Maintenance');
    await editor.getByLabel('Quantité').fill('3');
    await editor.getByLabel('Unité').fill('mois');
    await editor.getByLabel('Prix unitaire HT (DA)').fill('dix mille');
    await editor.getByRole('button', { name: 'Émettre la facture', exact: true }).click();
    await expect(
      editor.getByText('La facture n’est pas émise : corrigez les champs signalés.'),
    ).toBeVisible();
    await expect(editor.getByLabel('Adresse')).toHaveAccessibleDescription(
      'Ce champ est obligatoire.',
    );
    await expect(editor.getByLabel('Prix unitaire HT (DA)')).toHaveAccessibleDescription(
      'Saisissez un prix en dinars, par exemple 120 000 ou 2 500,50.',
    );
    expect(await invoicesOfLead()).toEqual([]);

    // The preview, computed as the invoice will be: 30 000 DA HT at 19 %.
    await editor.getByLabel('Prix unitaire HT (DA)').fill('10 000');
    await editor.getByLabel('Adresse').fill('Cité 200 logements, Mostaganem');
    await expect(editor.getByTestId('net-to-pay')).toHaveText(/^35\s700,00 DA$/u);
    await expect(
      editor.getByText(/^Échéance : le \d{1,2} \p{L}+ \d{4} si elle est émise aujourd’hui\.$/u),
    ).toBeVisible();
    await lookAt(page, 'facture-sans-devis', width);
    if (width === 390) {
      await editor.getByRole('button', { name: 'Annuler' }).click();
      await expect(editor).toBeHidden();
      continue;
    }

    await editor.getByRole('button', { name: 'Émettre la facture', exact: true }).click();
    await expect(editor).toBeHidden();
    const year = new Date().getFullYear();
    await expect(
      panel.getByText(
        new RegExp(
          `^Facture FAC-${year}-0001 émise : 35\\s700,00 DA\\. Elle est dans « Factures »`,
          'u',
        ),
      ),
    ).toBeVisible();
    await expect(panel.getByRole('list', { name: 'Historique' })).toContainText(
      `Facture FAC-${year}-0001 émise : 35`,
    );
    expect((await invoicesOfLead()).map((invoice) => invoice.number)).toEqual([`FAC-${year}-0001`]);
  }
});
