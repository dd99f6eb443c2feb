/**
 * The client's page on a phone (issue 44), on the embedded server, in French and in Arabic: at
 * 390 px the net to pay, in figures, is on the first screen beside « Accepter le devis » and
 * « Refuser »; one stray tap answers nothing (a confirmation restates the number and the
 * amount, « Annuler » and Escape leave the quote unanswered); confirmed, the page says
 * « Accepté en ligne le 28/11/2026 à 20:14 » (or « Refusé … ») with the comment, after a reload
 * too, and so do the printed quote (the client's « Télécharger en PDF », Chromium's PDF read
 * back by pdftotext) and the owner's printable page. Screenshots at 390 and 1366 px
 * (E2E_SCREENSHOTS=1), axe on each state. Firebase mode: firebase-mode-quotes.spec.ts.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import AxeBuilder from './axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { answeredAtParts } from '../../shared/domain/quotes/answer-text.ts';
import { playwrightPdfOptions } from '../../shared/domain/quotes/print.ts';
import { fillSettings, signIn, uniqueMessage } from './fixtures.ts';
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

/** Text as read, without the left-to-right isolates of the Arabic sentences. */
const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/gu, '');

/** pdftotext's Arabic, without its direction marks, spaces and short vowels (docs/quotes.md). */
const bare = (text: string) =>
  text
    .replace(/[\s\u00a0\u202f\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '')
    .replace(/\p{Mn}/gu, '');

const WORDS = {
  fr: {
    accept: 'Accepter le devis',
    refuse: 'Refuser',
    net: 'Net à payer 361\u202f956,00\u00a0DA',
    cancel: 'Annuler',
    comment: 'Commentaire (facultatif)',
    typed: 'D’accord pour commencer lundi.',
    pdf: 'Télécharger en PDF',
  },
  ar: {
    accept: 'قبول عرض الأسعار',
    refuse: 'رفض',
    net: 'الصافي للدفع 361\u202f956,00\u00a0دج',
    cancel: 'إلغاء',
    comment: 'تعليق (اختياري)',
    typed: 'السعر مرتفع بالنسبة لنا هذه السنة.',
    pdf: 'تنزيل بصيغة PDF',
  },
} as const;

for (const language of ['fr', 'ar'] as const) {
  const words = WORDS[language];
  // French accepts, Arabic refuses: each sentence of the answer is seen once.
  const decision = language === 'fr' ? 'accepte' : 'refuse';

  test(`the client’s page at 390 px (${language}): the net beside the answer, a confirmation, then « ${decision === 'accepte' ? 'Accepté' : 'Refusé'} en ligne le … » on the page and the printed quote @phone`, async ({
    page,
    context,
  }) => {
    const server = await startOwnServer((cleanup) => cleanups.push(cleanup));
    await fillSettings(page.request, server.url);
    const lead = uniqueMessage(`reponse-${language}`);
    const created = await page.request.post(`${server.url}/api/contacts`, {
      data: { ...lead, language },
    });
    expect(created.status(), await created.text()).toBe(201);
    const leadId = ((await created.json()) as { id: string }).id;
    const draft = await page.request.post(`${server.url}/api/quotes`, {
      data: {
        leadId,
        draft: {
          language,
          validityDays: 30,
          client: { kind: 'particulier', lastName: lead.fullName, address: 'Oran', phone: '' },
          // 361 956,00 DA, the example: a website's creation, exempt (0 %).
          lines: [
            {
              designation: language === 'ar' ? 'موقع ديناميكي' : 'Site dynamique',
              quantity: '1',
              unit: language === 'ar' ? 'جزافي' : 'forfait',
              unitPrice: '361 956',
              vatRate: 0,
            },
          ],
          paidInCash: false,
        },
      },
    });
    expect(draft.status(), await draft.text()).toBe(201);
    const quoteId = ((await draft.json()) as { id: string }).id;
    const sent = await page.request.post(`${server.url}/api/quotes/${quoteId}/send`, { data: {} });
    expect(sent.status(), await sent.text()).toBe(200);
    const { link, quote } = (await sent.json()) as { link: string; quote: { number: string } };
    const number = quote.number;
    const status = async () =>
      (
        (await (await page.request.get(`${server.url}/api/quotes/${quoteId}`)).json()) as {
          status: string;
        }
      ).status;

    const client = await context.newPage();
    await client.setViewportSize({ width: 390, height: 844 });
    await client.goto(`${server.url}/pageDevis${new URL(link).hash}`);
    await expect(client.locator('html')).toHaveAttribute('lang', language);
    const accept = client.getByRole('button', { name: words.accept });
    const refuse = client.getByRole('button', { name: words.refuse, exact: true });
    const net = client.getByTestId('client-quote-net');

    // The first screen: the net to pay in figures, beside « Accepter » and « Refuser ».
    await expect(net).toBeVisible();
    expect(plain(await net.textContent())).toBe(words.net);
    for (const shown of [net, accept, refuse]) await expect(shown).toBeInViewport({ ratio: 1 });
    expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    for (const width of [390, 1366]) {
      await client.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await screenshotIfAsked(client, {
        path: test.info().outputPath(`client-${language}-${width}-premier-ecran.png`),
      });
    }
    await client.setViewportSize({ width: 390, height: 844 });
    await axe(client, `page du client (${language})`);

    // One stray tap answers nothing: a confirmation restates the number and the amount.
    const chosen = decision === 'accepte' ? accept : refuse;
    await chosen.tap();
    const dialog = client.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const question = {
      fr: {
        accepte: `Accepter le devis ${number} pour 361\u202f956,00\u00a0DA\u202f?`,
        refuse: `Refuser le devis ${number} pour 361\u202f956,00\u00a0DA\u202f?`,
      },
      ar: {
        accepte: `هل تقبلون عرض الأسعار ${number} بمبلغ 361\u202f956,00\u00a0دج؟`,
        refuse: `هل ترفضون عرض الأسعار ${number} بمبلغ 361\u202f956,00\u00a0دج؟`,
      },
    }[language][decision];
    expect(plain(await dialog.getByRole('heading').textContent())).toBe(question);
    await expect(dialog.getByRole('button', { name: words.cancel })).toBeFocused();
    for (const width of [390, 1366]) {
      await client.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await screenshotIfAsked(client, {
        path: test.info().outputPath(`client-${language}-${width}-confirmation.png`),
      });
    }
    await client.setViewportSize({ width: 390, height: 844 });
    await axe(client, `confirmation (${language})`);
    // Escape (or « Annuler ») closes it: the quote still waits for its answer.
    await client.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(chosen).toBeFocused();
    expect(await status()).toBe('envoye');
    await chosen.tap();
    await dialog.getByRole('button', { name: words.cancel }).tap();
    await expect(dialog).toBeHidden();
    expect(await status()).toBe('envoye');

    // With a comment, confirmed.
    await client.getByLabel(words.comment).fill(words.typed);
    await chosen.tap();
    await expect(dialog).toContainText(words.typed);
    await dialog.getByRole('button', { name: /^(Oui|نعم)/u }).tap();
    const answered = client.getByTestId('client-quote-answered');
    await expect(answered).toBeVisible();
    await expect(answered).toBeFocused();
    expect(await status()).toBe(decision);
    const stored = (await (
      await page.request.get(`${server.url}/api/quotes/${quoteId}`)
    ).json()) as {
      answer: { at: number };
    };
    const { day, time } = answeredAtParts(stored.answer.at);
    const sentence = {
      fr: {
        accepte: `Accepté en ligne le ${day} à ${time}`,
        refuse: `Refusé en ligne le ${day} à ${time}`,
      },
      ar: {
        accepte: `قُبِل عبر الإنترنت يوم ${day} على الساعة ${time}`,
        refuse: `رُفِض عبر الإنترنت يوم ${day} على الساعة ${time}`,
      },
    }[language][decision];
    // The time the client sees is Algiers time (the browser's zone is Algiers in this config:
    // checked against an independent formatting of the stored instant).
    expect(time).toBe(
      new Intl.DateTimeFormat('fr-FR', {
        timeZone: 'Africa/Algiers',
        hour: '2-digit',
        minute: '2-digit',
      }).format(stored.answer.at),
    );
    expect(plain(await answered.textContent())).toContain(sentence);
    await expect(answered).toContainText(words.typed);
    await expect(accept).toHaveCount(0);
    for (const width of [390, 1366]) {
      await client.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await screenshotIfAsked(client, {
        path: test.info().outputPath(`client-${language}-${width}-repondu.png`),
        fullPage: width < 600,
      });
    }
    await client.setViewportSize({ width: 390, height: 844 });
    await axe(client, `réponse donnée (${language})`);

    // Read again later: the same sentence, on the page and in the quote's box.
    await client.reload();
    await expect(answered).toBeVisible();
    expect(plain(await answered.textContent())).toContain(sentence);
    const box = client.locator('.quote-document').getByTestId('quote-answered');
    expect(plain(await box.textContent())).toContain(sentence);
    await expect(box).toContainText(words.typed);

    // « Télécharger en PDF »: the browser's print window (stubbed here), whose « Enregistrer
    // au format PDF » prints the quote alone, with its answer.
    await client.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await client.getByRole('button', { name: words.pdf }).tap();
    expect(await client.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await client.emulateMedia({ media: 'print' });
    await client.evaluate(() => document.fonts.ready);
    const file = test.info().outputPath(`client-${language}-repondu.pdf`);
    writeFileSync(file, await client.pdf(playwrightPdfOptions()));
    await client.emulateMedia({ media: 'screen' });
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '80',
      file,
      test.info().outputPath(`client-${language}-pdf`),
    ]);
    const pdfText = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(bare(pdfText)).toContain(bare(sentence));
    expect(bare(pdfText)).not.toContain(bare(words.pdf));
    expect(
      Number(/^Pages:\s+(\d+)/mu.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]),
    ).toBe(1);
    await client.close();

    // The owner's printable page says it too.
    await signIn(page, server.url);
    await page.goto(`${server.url}/pageDashboard?dossier=devis&imprimer=${quoteId}`);
    const printed = page.locator('.quote-document').getByTestId('quote-answered');
    await expect(printed).toBeVisible({ timeout: 30_000 });
    expect(plain(await printed.textContent())).toContain(sentence);
    await expect(printed).toContainText(words.typed);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await printed.scrollIntoViewIfNeeded();
      await screenshotIfAsked(page, {
        path: test.info().outputPath(`imprimable-${language}-${width}.png`),
      });
    }
  });
}
