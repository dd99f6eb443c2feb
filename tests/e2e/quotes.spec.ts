/**
 * Quotes (devis) on the embedded server, as the owner and the client live them: « Créer un
 * devis » on a lead that came from a price card, the editor prefilled, its refusals said in
 * French under their field and nothing saved, then saved and sent; the client's page from the
 * link accepts it with a comment; the lead is « Gagné ». The « Devis » view and its CSV; the
 * printable page, printed by Chromium and read back with pdftotext, in French and in Arabic.
 * Screenshots and axe at 390 and 1366 px. (Firebase mode: firebase-mode-quotes.spec.ts.)
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import AxeBuilder from './axe.ts';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { playwrightPdfOptions } from '../../shared/domain/quotes/print.ts';
import { fillSettings, signIn, uniqueMessage, type TestMessage } from './fixtures.ts';
import { startOwnServer, type Cleanup } from './own-server.ts';
import { screenshotIfAsked } from './screenshots.ts';

test.setTimeout(180_000);

const WIDTHS = [390, 1366] as const;
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const NUMBER = /^DEV-\d{4}-\d{4}$/u;

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

/** At each width: screenshots of the editor (top and bottom), axe's WCAG A and AA rules. */
async function lookAtEditor(page: Page, editor: Locator, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    const body = editor.locator('.quote-editor-body');
    await body.evaluate((element) => element.scrollTo(0, 0));
    await screenshotIfAsked(page, { path: test.info().outputPath(`${name}-${width}-haut.png`) });
    await body.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await screenshotIfAsked(page, { path: test.info().outputPath(`${name}-${width}-bas.png`) });
    await axe(page, `${name} à ${width} px`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

async function sendLead(
  page: Page,
  origin: string,
  lead: TestMessage,
  language: 'fr' | 'ar',
): Promise<string> {
  const response = await page.request.post(`${origin}/api/contacts`, {
    data: { ...lead, language },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function openLead(page: Page, lead: TestMessage) {
  await page
    .locator('tbody tr[data-message-id]')
    .filter({ hasText: lead.fullName })
    .getByRole('button', { name: lead.fullName })
    .click();
  const panel = page.getByRole('dialog', { name: lead.subject });
  await expect(panel).toBeVisible();
  return panel;
}

/**
 * Prints the page with the quote's PDF options (those the console gives Electron's printToPDF:
 * A4, the print CSS's margins), reads it back with pdftotext.
 */
async function printed(page: Page, name: string): Promise<{ text: string; pages: number }> {
  await page.emulateMedia({ media: 'print' });
  await page.evaluate(() => document.fonts.ready);
  const file = test.info().outputPath(`${name}.pdf`);
  writeFileSync(file, await page.pdf(playwrightPdfOptions()));
  await page.emulateMedia({ media: 'screen' });
  // The pages drawn, to be looked at: <name>-1.png…
  execFileSync('pdftoppm', ['-png', '-r', '80', file, test.info().outputPath(name)]);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return {
    text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }),
    pages: Number(/^Pages:\s+(\d+)/mu.exec(info)?.[1]),
  };
}

/** pdftotext's Arabic, without its direction marks, spaces and short vowels (docs/quotes.md). */
function bare(text: string): string {
  return text
    .replace(/[\s\u00a0\u202f\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '')
    .replace(/\p{Mn}/gu, '');
}

test('a lead’s quote, from the price card to « Gagné »: editor, refusals, sending, the client’s acceptance @desktop', async ({
  page,
  context,
}) => {
  const server = await startOwnServer((cleanup) => cleanups.push(cleanup));
  // A phone other than the agency's own (0550 12 34 56, at the top of every quote).
  const lead = {
    ...uniqueMessage('devis'),
    subject: 'Site statique — 28 000 DZD',
    phone: '0770 11 22 33',
  };
  lead.fullName = `Client ${lead.email.replace(/\W/gu, '')}`;
  const leadId = await sendLead(page, server.url, lead, 'fr');
  // The agency's legal mentions, as « Réglages » keeps them: a quote leaves only with them.
  await fillSettings(page.request, server.url);
  // Estimated at 50 000 DZD before any quote: « Gagné » will count the accepted quote instead.
  const estimate = await page.request.put(`${server.url}/api/leads/${leadId}/estimated-value`, {
    data: { estimatedValue: 50_000 },
  });
  expect(estimate.status(), await estimate.text()).toBe(200);
  await signIn(page, server.url);
  await page.setViewportSize({ width: 1366, height: 900 });

  const panel = await openLead(page, lead);
  const quotes = panel.getByRole('region', { name: 'Devis' });
  await expect(quotes).toContainText('Aucun devis pour ce contact.');
  await quotes.getByRole('button', { name: 'Créer un devis' }).click();

  const editor = page.getByRole('dialog', { name: 'Nouveau devis' });
  await expect(editor).toBeVisible();
  await expect(editor.getByLabel('Désignation')).toHaveValue('Site statique');
  await expect(editor.getByLabel('Prix unitaire HT (DA)')).toHaveValue('28000');
  await expect(editor.getByLabel('E-mail du client')).toHaveValue(lead.email);
  await expect(editor.getByLabel('Téléphone du client')).toHaveValue('0770 11 22 33');
  await expect(editor.getByLabel('Langue du devis')).toHaveValue('fr');
  await expect(editor.getByTestId('net-to-pay')).toHaveText(/^33\s320,00 DA$/u);
  await lookAtEditor(page, editor, 'editeur');

  // Refused: no address, a negative quantity, an empty second line; nothing saved.
  await editor.getByLabel('Quantité').fill('-1');
  await editor.getByRole('button', { name: 'Ajouter une ligne' }).click();
  await editor.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
  await expect(editor.getByRole('alert')).toHaveText(
    'Le devis n’est pas enregistré : corrigez les champs signalés.',
  );
  await expect(editor.getByLabel('Adresse')).toHaveAccessibleDescription(
    'Ce champ est obligatoire.',
  );
  await expect(editor.getByLabel('Adresse')).toBeFocused();
  await expect(editor.getByLabel('Quantité').first()).toHaveAccessibleDescription(
    'Saisissez un nombre positif.',
  );
  await expect(editor.getByLabel('Désignation').nth(1)).toHaveAccessibleDescription(
    'Ce champ est obligatoire.',
  );
  await lookAtEditor(page, editor, 'editeur-refus');
  const stored = await page.request.get(`${server.url}/api/quotes`);
  expect(await stored.json()).toEqual([]);

  // Corrected with the keyboard, then saved and sent.
  await editor.getByRole('button', { name: 'Retirer la ligne 2' }).click();
  await editor.getByLabel('Adresse').fill('5 boulevard Zighout Youcef, Constantine');
  await editor.getByLabel('Quantité').fill('1');
  await editor.getByLabel('Paiement en espèces').check();
  await expect(editor.getByTestId('quote-totals')).toContainText('Droit de timbre');
  await editor.getByRole('button', { name: 'Enregistrer et envoyer' }).click();
  await expect(editor).toBeHidden();

  // No SMTP on this server: sent all the same, the link shown for the owner to pass on.
  const notice = quotes.getByRole('status').first();
  await expect(notice).toContainText(
    /^Devis DEV-\d{4}-\d{4} envoyé, mais l’e-mail n’est pas parti : L’envoi d’e-mails n’est pas configuré sur le serveur \(SMTP_URL\)\. Transmettez le lien au client vous-même\./u,
  );
  const link = (await quotes.getByTestId('quote-link').getAttribute('href')) ?? '';
  const token = new URL(link).hash.slice(1);
  expect(token).toMatch(/^[\w-]{43}$/u);
  const row = quotes.getByTestId('lead-quote');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Envoyé');
  // The net to pay: paid in cash, the droit de timbre is added to the TTC (33 320,00 DA).
  await expect(row).toContainText(/33\s821,00 DA/u);
  const suivi = panel.getByRole('region', { name: 'Suivi' });
  await expect(suivi.getByLabel('Statut')).toHaveValue('devis-envoye');

  // The client's page: the quote alone, read only, answered once.
  const client = await context.newPage();
  await client.setViewportSize({ width: 390, height: 844 });
  await client.goto(`${server.url}/pageDevis#${token}`);
  await expect(client).toHaveTitle(/^Devis DEV-\d{4}-\d{4}$/u);
  await expect(client.getByRole('heading', { level: 1 })).toHaveText('Devis');
  await expect(client.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(client.locator('.quote-document')).toContainText('Site statique');
  await expect(client.locator('.quote-document')).not.toContainText(lead.email);
  await screenshotIfAsked(client, {
    path: test.info().outputPath('client-390.png'),
    fullPage: true,
  });
  await axe(client, 'page du client à 390 px');
  await client
    .getByLabel('Commentaire (facultatif)')
    .fill('D’accord pour un début le 1er décembre.');
  await client.getByRole('button', { name: 'Accepter le devis' }).click();
  // Confirmed first (issue 44: tests/e2e/client-quote-answer.spec.ts).
  await client
    .getByRole('dialog', { name: /^Accepter le devis DEV-\d{4}-\d{4} pour 33\s821,00\sDA\s\?$/u })
    .getByRole('button', { name: 'Oui, accepter le devis' })
    .click();
  await expect(client.getByRole('status')).toContainText(
    /^Accepté en ligne le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}Merci : l’agence est prévenue de votre accord\./u,
  );
  await expect(client.getByRole('button', { name: 'Accepter le devis' })).toHaveCount(0);
  await client.reload();
  await expect(client.getByRole('status')).toContainText('Accepté en ligne le');

  // The lead follows, live; the quote says it, with the client's comment.
  await expect(suivi.getByLabel('Statut')).toHaveValue('gagne');
  await panel.getByRole('button', { name: 'Fermer le message' }).click();
  const again = await openLead(page, lead);
  const acceptedRow = again.getByRole('region', { name: 'Devis' }).getByTestId('lead-quote');
  await expect(acceptedRow).toContainText('Accepté');
  await expect(acceptedRow).toContainText('D’accord pour un début le 1er décembre.');
  await again.getByRole('button', { name: 'Fermer le message' }).click();

  // « Gagné » in « Suivi des contacts » counts what the client pays (33 821,00 DA, stamp
  // duty included), not the 50 000 DZD estimated before the quote; on the phone too.
  const won = page
    .getByRole('region', { name: 'Suivi des contacts' })
    .getByRole('button', { name: /^Gagné / });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await expect(won).toHaveAccessibleName(/^Gagné 1 contact, 33\s821 DZD$/u);
    await expect(won).not.toContainText('50');
    await screenshotIfAsked(page, { path: test.info().outputPath(`gagne-${width}.png`) });
  }
  await page.setViewportSize({ width: 1366, height: 900 });

  // The « Devis » view, in the URL like the other folders, and its CSV.
  await page.getByRole('link', { name: 'Devis' }).click();
  await expect(page).toHaveURL(/\?dossier=devis$/u);
  const quoteRow = page.getByTestId('quote-row');
  await expect(quoteRow).toHaveCount(1);
  await expect(quoteRow).toContainText(lead.fullName.split(' ').slice(1).join(' '));
  await expect(quoteRow).toContainText('Accepté');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await screenshotIfAsked(page, { path: test.info().outputPath(`vue-devis-${width}.png`) });
    await axe(page, `vue Devis à ${width} px`);
  }
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter en CSV' }).click();
  const csvFile = await (await download).path();
  const csv = readFileSync(csvFile, 'utf8');
  expect(
    csv.startsWith(
      '\uFEFF"Numéro";"Client";"Net à payer (DA)";"Total TTC (DA)";"État";"Valable jusqu’au"\r\n',
    ),
  ).toBe(true);
  // Amounts as numbers a French spreadsheet adds (tests/web/admin/quotes/quotes-csv.test.ts).
  expect(csv).toMatch(/"DEV-\d{4}-\d{4}";"[^"]+";"33821,00";"33320,00";"Accepté";"[^"]+"/u);
});

test('the printable page of a quote in French and in Arabic: one A4 page read back by pdftotext @desktop', async ({
  page,
}) => {
  const server = await startOwnServer((cleanup) => cleanups.push(cleanup));
  await fillSettings(page.request, server.url);
  await signIn(page, server.url);
  await page.setViewportSize({ width: 1366, height: 900 });

  for (const language of ['fr', 'ar'] as const) {
    const lead = {
      ...uniqueMessage(`impression-${language}`),
      subject: 'Un site pour notre boutique',
      phone: '0770 11 22 33',
    };
    await sendLead(page, server.url, lead, language);
    const panel = await openLead(page, lead);
    await panel.getByRole('button', { name: 'Créer un devis' }).click();
    const editor = page.getByRole('dialog', { name: 'Nouveau devis' });
    await expect(editor.getByLabel('Langue du devis')).toHaveValue(language);
    await editor.getByLabel('Entreprise').check();
    await editor
      .getByLabel('Raison sociale')
      .fill(language === 'ar' ? 'مخبزة البهجة' : 'Boulangerie El Bahia');
    await editor
      .getByLabel('Adresse')
      .fill(language === 'ar' ? 'حي النصر، وهران' : 'Cité En-Nasr, Oran');
    await editor.getByLabel('NIF').fill('000016001234567');
    await editor
      .getByLabel('Désignation')
      .fill(language === 'ar' ? 'تصميم موقع WordPress' : 'Création du site WordPress');
    await editor.getByLabel('Unité').fill(language === 'ar' ? 'جزافي' : 'forfait');
    await editor.getByLabel('Prix unitaire HT (DA)').fill('120 000');
    await editor.getByRole('button', { name: 'Enregistrer et envoyer' }).click();
    await expect(editor).toBeHidden();
    const row = panel.getByTestId('lead-quote');
    await expect(row).toContainText('Envoyé');
    const number = (await row.locator('.fw-semibold').first().textContent()) ?? '';
    expect(number).toMatch(NUMBER);
    const link = (await panel.getByTestId('quote-link').getAttribute('href')) ?? '';

    // The client's page, in the quote's language: Arabic right to left, Latin kept whole.
    const client = await page.context().newPage();
    await client.goto(`${server.url}/pageDevis${new URL(link).hash}`);
    await expect(client.locator('html')).toHaveAttribute('lang', language);
    await expect(client.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await expect(
      client.getByRole('button', {
        name: language === 'ar' ? 'قبول عرض الأسعار' : 'Accepter le devis',
      }),
    ).toBeVisible();
    await expect(client.locator('.quote-designation bdi')).toHaveText(
      language === 'ar' ? 'تصميم موقع WordPress' : 'Création du site WordPress',
    );
    for (const width of WIDTHS) {
      await client.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await client.evaluate(() => window.scrollTo(0, 0));
      // The answer's buttons on the first screen, at every width.
      await expect(
        client.getByRole('button', { name: language === 'ar' ? 'رفض' : 'Refuser' }),
      ).toBeInViewport({ ratio: 1 });
      if (width < 600) {
        // On a phone, the quote is laid out to the screen: nothing to scroll sideways, and the
        // net to pay whole on screen at a size read without zooming (the A4 page zoomed out
        // to 390 px wrote it about 9 px high).
        expect(
          await client.evaluate(() => document.documentElement.scrollWidth),
          `pas de défilement de côté (${language})`,
        ).toBeLessThanOrEqual(width);
        const net = client.locator('.quote-net');
        await net.scrollIntoViewIfNeeded();
        await expect(net).toBeInViewport({ ratio: 1 });
        await expect(net).toContainText(/142\s800,00/u);
        expect((await net.locator('td').boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(18);
        await screenshotIfAsked(client, {
          path: test.info().outputPath(`client-${language}-${width}-total.png`),
        });
        await client.evaluate(() => window.scrollTo(0, 0));
      }
      await screenshotIfAsked(client, {
        path: test.info().outputPath(`client-${language}-${width}.png`),
        fullPage: true,
      });
      await axe(client, `page du client (${language}) à ${width} px`);
    }
    // The lead's phone, prefilled, under the client's address, left to right in Arabic too.
    await expect(client.locator('.quote-client-phone bdi')).toHaveText('0770 11 22 33');
    await expect(client.locator('.quote-client-phone bdi')).toHaveAttribute('dir', 'ltr');
    // Printed from a phone, it is the A4 page all the same (the phone's layout is screen-only).
    await client.setViewportSize({ width: 390, height: 844 });
    const clientPdf = await printed(client, `client-${language}`);
    expect(clientPdf.pages).toBe(1);
    expect(clientPdf.text).toContain(number);
    expect(clientPdf.text).toContain('0770 11 22 33');
    expect(clientPdf.text).toContain('142 800,00');
    await client.close();

    await row.getByRole('link', { name: 'Imprimer' }).click();
    await expect(page.locator('.quote-document')).toBeVisible();
    await expect(page.locator('.quote-document')).toHaveAttribute(
      'dir',
      language === 'ar' ? 'rtl' : 'ltr',
    );
    await expect(page.getByRole('button', { name: 'Imprimer' })).toBeVisible();
    await axe(page, `page imprimable (${language})`);
    const pdf = await printed(page, `devis-${language}`);
    expect(pdf.pages).toBe(1);
    // Nothing of the dashboard: the bar above the sheet is not printed.
    expect(pdf.text).not.toContain('Retour aux devis');
    expect(pdf.text).toContain(number);
    // 120 000 + TVA 19 % = 142 800, in order in both languages.
    expect(pdf.text).toContain('120 000,00');
    expect(pdf.text).toContain('142 800,00');
    expect(pdf.text).not.toContain('000,00 120');
    expect(bare(pdf.text)).toContain(
      bare(language === 'ar' ? 'الهاتف 0770 11 22 33' : 'Tél. 0770 11 22 33'),
    );
    // The agency's mentions of « Réglages », no « Modèle » (issue 49).
    expect(pdf.text).not.toContain('Modèle');
    expect(pdf.text).toContain('001213012345678');
    expect(pdf.text).toContain('00799999002311500797');
    if (language === 'fr') {
      expect(pdf.text).toContain('Boulangerie El Bahia');
      expect(pdf.text).toContain('Création du site WordPress');
      expect(pdf.text.replace(/\s+/gu, ' ')).toContain(
        'Arrêté le présent devis à la somme de cent quarante-deux mille huit cents dinars algériens.',
      );
    } else {
      expect(bare(pdf.text)).toContain(bare('مخبزة البهجة'));
      expect(bare(pdf.text)).toContain('WordPress');
      expect(bare(pdf.text)).toContain(bare('مائة واثنان وأربعون ألفاً وثمانمائة دينار جزائري'));
    }
    await page.getByRole('link', { name: 'Retour aux devis' }).click();
    await expect(page.getByTestId('quote-row').first()).toBeVisible();
    await page.getByRole('link', { name: 'Boîte de réception' }).click();
  }
});

test('the client’s page says in both languages why a quote does not show, and never that an answer failed @desktop', async ({
  page,
}) => {
  // A link that leads nowhere: the server's refusal, in French and in Arabic.
  await page.goto(`/pageDevis#${'x'.repeat(43)}`);
  await expect(page.locator('p[lang="fr"][role="alert"]')).toHaveText(
    /Ce lien ne mène plus à un devis/u,
  );
  await expect(page.locator('p[lang="ar"]')).toContainText('هذا الرابط لم يعد يؤدي إلى عرض أسعار');

  // The server out of reach: the quote could not be loaded (nothing was sent).
  await page.route('**/api/quote-links/**', (route) => route.abort('internetdisconnected'));
  await page.goto('/pageAccueil');
  await page.goto(`/pageDevis#${'y'.repeat(43)}`);
  const arabic = page.locator('p[lang="ar"]');
  await expect(arabic).toContainText('تعذّر تحميل عرض الأسعار');
  await expect(arabic).not.toContainText('ردّكم');
  // Alone on the page, the French failure starts a sentence.
  await expect(page.locator('p[lang="fr"][role="alert"]')).toHaveText(/^\p{Lu}/u);
});

test('the client’s page says in both languages that an address trying dead links must wait @desktop', async ({
  page,
}) => {
  // Two dead links allowed per address in ten minutes, then 429 (docs/quotes.md).
  const server = await startOwnServer(
    (cleanup) => cleanups.push(cleanup),
    () => ({ QUOTE_LINK_FAILURE_LIMIT: '2' }),
  );
  // (Another page in between: a new fragment alone would not load the page again.)
  for (const n of [1, 2]) {
    await page.goto(`${server.url}/pageAccueil`);
    await page.goto(`${server.url}/pageDevis#${String(n).repeat(43)}`);
    await expect(page.locator('p[lang="fr"][role="alert"]')).toHaveText(
      /^Ce lien ne mène plus à un devis/u,
    );
  }
  await page.goto(`${server.url}/pageAccueil`);
  await page.goto(`${server.url}/pageDevis#${'3'.repeat(43)}`);
  await expect(page.locator('p[lang="fr"][role="alert"]')).toHaveText(
    /^Trop de tentatives en peu de temps, réessayez dans (10|9) minutes\.$/u,
  );
  await expect(page.locator('p[lang="ar"]')).toHaveText(
    /^محاولات كثيرة في وقت قصير: أعيدوا المحاولة بعد (10|9) دقائق\.$/u,
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshotIfAsked(page, { path: test.info().outputPath('client-429-390.png') });
});
