/**
 * The client's page of an invoice (issue 46), on the embedded server, in French and in Arabic,
 * at 390 px: the owner opens « Envoyer » under a partly paid deposit invoice in « Factures »:
 * « Envoyer par WhatsApp » and « Rappel de paiement par WhatsApp » are wa.me chats with the
 * client's number, prefilled in the invoice's language (invoiceShareText, paymentReminderText);
 * « Envoyer par e-mail » reaches the SMTP stand-in with the link. The client opens the link:
 * the page takes the invoice's language and direction, says « Reste à payer », what is paid,
 * the due date and its state; « Télécharger en PDF » prints the A4 invoice alone (Chromium's
 * PDF read back by pdftotext: one page). A dead link is said in both languages. Axe on each
 * screen; screenshots at 390 and 1366 px (E2E_SCREENSHOTS=1).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import AxeBuilder from './axe.ts';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { playwrightPdfOptions } from '../../shared/domain/quotes/print.ts';
import { todayInAlgiers } from '../../shared/domain/quotes/validity.ts';
import { smtpStandIn } from '../fixtures/smtp-stand-in.ts';
import { fillSettings, uniqueMessage, type TestMessage } from './fixtures.ts';
import { startOwnServer, type Cleanup } from './own-server.ts';
import { screenshotIfAsked } from './screenshots.ts';

test.setTimeout(180_000);

const cleanups: Cleanup[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function axe(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`),
    name,
  ).toEqual([]);
}

const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/gu, '');
/** pdftotext's Arabic, without its direction marks, spaces and short vowels (docs/quotes.md). */
const bare = (text: string) =>
  text
    .replace(/[\s\u00a0\u202f\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '')
    .replace(/\p{Mn}/gu, '');

async function shoot(page: Page, name: string, fullPage = false) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await screenshotIfAsked(page, {
      path: test.info().outputPath(`${name}-${width}.png`),
      fullPage,
    });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

/** A lead's quote of 100 000 DA HT at 19 % (119 000 DA), its client's mobile given, accepted. */
async function acceptedQuote(
  request: APIRequestContext,
  origin: string,
  lead: TestMessage,
  language: 'fr' | 'ar',
): Promise<string> {
  const contact = await request.post(`${origin}/api/contacts`, { data: { ...lead, language } });
  expect(contact.status(), await contact.text()).toBe(201);
  const leadId = ((await contact.json()) as { id: string }).id;
  const draft = await request.post(`${origin}/api/quotes`, {
    data: {
      leadId,
      draft: {
        language,
        validityDays: 30,
        client: {
          kind: 'particulier',
          lastName: lead.fullName,
          address: language === 'ar' ? 'وهران' : 'Oran',
          phone: '0550 12 34 56',
        },
        lines: [
          {
            designation: language === 'ar' ? 'موقع تعريفي' : 'Site vitrine',
            quantity: '1',
            unit: 'forfait',
            unitPrice: '100 000',
            vatRate: 19,
          },
        ],
        paidInCash: false,
      },
    },
  });
  expect(draft.status(), await draft.text()).toBe(201);
  const quoteId = ((await draft.json()) as { id: string }).id;
  const sent = await request.post(`${origin}/api/quotes/${quoteId}/send`, { data: {} });
  expect(sent.status(), await sent.text()).toBe(200);
  const token = new URL(((await sent.json()) as { link: string }).link).hash.slice(1);
  const answer = await request.post(`${origin}/api/quote-links/answer`, {
    data: { token, decision: 'accepte' },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return quoteId;
}

const WORDS = {
  fr: {
    share: (number: string, due: string) =>
      `Bonjour, voici notre facture ${number} : net à payer 35\u202f700,00 DA, à régler au plus tard le ${due}.`,
    reminder: (number: string) =>
      `Bonjour, rappel : il reste 25\u202f700,00\u00a0DA à payer sur la facture ${number}, à régler au plus tard le`,
    left: 'Reste à payer 25\u202f700,00\u00a0DA',
    status: 'Partiellement payée',
    pdf: 'Télécharger en PDF',
    title: (number: string) => `Facture d’acompte ${number}`,
  },
  ar: {
    share: (number: string, due: string) =>
      `السلام عليكم، إليكم الفاتورة ${number}: المبلغ الصافي للدفع 35\u202f700,00 دج، يُسدَّد في أجل أقصاه ${due}.`,
    reminder: (number: string) =>
      `السلام عليكم، تذكير: لا يزال مبلغ 25\u202f700,00\u00a0دج مستحقّ الدفع على الفاتورة ${number}، ويُسدَّد في أجل أقصاه`,
    left: 'الباقي للدفع 25\u202f700,00\u00a0دج',
    status: 'مدفوعة جزئيًا',
    pdf: 'تنزيل بصيغة PDF',
    title: (number: string) => `فاتورة دفعة مقدمة ${number}`,
  },
} as const;

for (const language of ['fr', 'ar'] as const) {
  const words = WORDS[language];

  test(`an invoice’s link at 390 px (${language}): WhatsApp and e-mail from « Factures », the reminder, then the client’s page and its PDF @phone`, async ({
    page,
    browser,
  }) => {
    const smtp = await smtpStandIn((cleanup) => cleanups.push(cleanup));
    await smtp.start();
    const server = await startOwnServer(
      (cleanup) => cleanups.push(cleanup),
      () => ({
        SMTP_URL: smtp.url(),
        NOTIFY_EMAIL: 'patron@agence.test',
        PUBLIC_URL: 'https://www.agence.test',
      }),
    );
    await fillSettings(page.request, server.url);
    const lead = uniqueMessage(`facture-${language}`);
    const quoteId = await acceptedQuote(page.request, server.url, lead, language);
    const issued = await page.request.post(`${server.url}/api/quotes/${quoteId}/invoices`, {
      data: { kind: 'acompte', percent: '30' },
    });
    expect(issued.status(), await issued.text()).toBe(201);
    const { id, number, dueDate } = (await issued.json()) as {
      id: string;
      number: string;
      dueDate: string;
    };
    const paid = await page.request.post(`${server.url}/api/invoices/${id}/payments`, {
      data: { date: todayInAlgiers(), amount: '10 000', method: 'ccp' },
    });
    expect(paid.status(), await paid.text()).toBe(201);
    const due = dueDate.split('-').reverse().join('/');

    // The owner, on a phone: « Envoyer » under the invoice in « Factures ».
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/pageDashboard?dossier=factures`);
    await page.getByRole('button', { name: `Envoyer la facture ${number} au client` }).click();
    const panel = page.getByTestId('invoice-client-actions');
    const whatsapp = panel.getByRole('link', { name: 'Envoyer par WhatsApp' });
    await expect(whatsapp).toBeVisible();
    const textOf = async (name: string) => {
      const href = (await panel.getByRole('link', { name }).getAttribute('href')) ?? '';
      expect(href.startsWith('https://wa.me/213550123456?text=')).toBe(true);
      return plain(decodeURIComponent(href.slice(href.indexOf('text=') + 5)));
    };
    const link = (await panel.getByTestId('invoice-link').getAttribute('href')) ?? '';
    expect(link).toMatch(/^https:\/\/www\.agence\.test\/pageFacture#[A-Za-z0-9_-]{43}$/u);
    const shared = await textOf('Envoyer par WhatsApp');
    expect(shared.split('\n')[0]).toBe(words.share(number, due));
    expect(shared).toContain(link);
    const reminder = await textOf('Rappel de paiement par WhatsApp');
    expect(reminder).toContain(words.reminder(number));
    expect(reminder).toContain(link);

    // By e-mail, to the lead's address (the field left empty).
    await panel.getByRole('button', { name: 'Envoyer par e-mail' }).click();
    await expect(panel.getByRole('status').last()).toHaveText(
      `Facture ${number} envoyée à ${lead.email}.`,
    );
    const mails = await smtp.waitForMails(1);
    const mail = mails.find((m) => m.subject?.includes(number));
    expect(mail?.text).toContain(link);
    await axe(page, `envoi de la facture (${language})`);
    await shoot(page, `owner-invoice-${language}`);

    // The client, on a phone, without a session.
    const clientContext = await browser.newContext({
      viewport: { width: 390, height: 844 },
      timezoneId: 'Africa/Algiers',
    });
    cleanups.push(() => clientContext.close());
    const client = await clientContext.newPage();
    await client.goto(`${server.url}/pageFacture${new URL(link).hash}`);
    await expect(client.locator('html')).toHaveAttribute('lang', language);
    await expect(client.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    const left = client.getByTestId('client-invoice-left');
    await expect(left).toBeInViewport({ ratio: 1 });
    expect(plain(await left.textContent())).toBe(words.left);
    await expect(client.getByTestId('client-invoice-status')).toHaveText(words.status);
    await expect(client).toHaveTitle(words.title(number));
    await expect(client.getByRole('button', { name: words.pdf })).toBeInViewport();
    // No answer on an invoice: nothing to accept or refuse.
    await expect(client.getByRole('textbox')).toHaveCount(0);
    expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await axe(client, `page de la facture (${language})`);
    await shoot(client, `client-invoice-${language}`, true);

    // « Télécharger en PDF »: the browser's print window (stubbed), printing the invoice alone.
    await client.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await client.getByRole('button', { name: words.pdf }).click();
    expect(await client.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await client.emulateMedia({ media: 'print' });
    await client.evaluate(() => document.fonts.ready);
    const file = test.info().outputPath(`client-invoice-${language}.pdf`);
    writeFileSync(file, await client.pdf(playwrightPdfOptions()));
    await client.emulateMedia({ media: 'screen' });
    execFileSync('pdftoppm', ['-png', '-r', '60', file, test.info().outputPath(`pdf-${language}`)]);
    const pdfText = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(pdfText).toContain(number);
    expect(bare(pdfText)).toContain(bare('25\u202f700,00'));
    expect(bare(pdfText)).toContain(bare(words.left.split(' ')[0] ?? ''));
    expect(bare(pdfText)).not.toContain(bare(words.pdf));
    expect(
      Number(/^Pages:\s+(\d+)/mu.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]),
    ).toBe(1);

    // A link that never was: said in both languages.
    // (A new page: changing only the fragment would not load the page again.)
    const dead = await clientContext.newPage();
    await dead.goto(`${server.url}/pageFacture#${'A'.repeat(43)}`);
    await expect(dead.getByRole('alert')).toContainText('Ce lien ne mène à aucune facture');
    await expect(dead.locator('.client-quote-failure')).toContainText(
      'هذا الرابط لا يؤدي إلى أي فاتورة',
    );
    await axe(dead, `lien mort (${language})`);
  });
}
