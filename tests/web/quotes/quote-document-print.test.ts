import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../scripts/chromium.ts';
import {
  electronPdfOptions,
  playwrightPdfOptions,
  QUOTE_PDF,
} from '../../../shared/domain/quotes/print.ts';
import type { SellerLegalDetails } from '../../../shared/domain/quotes/seller.ts';
import { QuoteDocument, type PrintableQuote } from '../../../src-web/quotes/quote-document.tsx';
import { answeredText } from '../../../shared/domain/quotes/answer-text.ts';
import { QUOTE_DOCUMENT_TEXT } from '../../../src-web/quotes/quote-document-text.ts';
import { formatCentimes } from '../../../src-web/quotes/quote-format.ts';
import { computeQuoteTotals } from '../../../shared/domain/quotes/totals.ts';
import { makeTempDir } from '../../temp-dirs.ts';

/*
 * The printed quote as a client gets it: rendered by React on the server, printed to an A4 PDF
 * by Debian's Chromium with the quote's PDF options (shared/domain/quotes/print.ts, those the
 * desktop console gives Electron's printToPDF), then read back by poppler's pdftotext (what
 * the PDF says, in what order) and drawn by pdftoppm (QUOTE_PNG_DIR=folder keeps the pages,
 * to look at them).
 */

/** The print style sheet as the admin app ships it (Vitest loads no CSS through imports). */
const css = readFileSync(path.resolve('src-web/quotes/quote-document.css'), 'utf8');
const FONTS = path.resolve('node_modules/@fontsource-variable');
const fontFace = (family: string, file: string) =>
  `@font-face{font-family:'${family}';font-weight:100 900;src:url(data:font/woff2;base64,${readFileSync(
    path.join(FONTS, file),
  ).toString('base64')}) format('woff2')}`;
const FONT_FACES = [
  fontFace('Inter Variable', 'inter/files/inter-latin-wght-normal.woff2'),
  fontFace(
    'Noto Sans Arabic Variable',
    'noto-sans-arabic/files/noto-sans-arabic-arabic-wght-normal.woff2',
  ),
].join('\n');

/** Made-up legal details (the agency's own are placeholders in src-web/content/facts.ts). */
const SELLER: SellerLegalDetails = {
  placeholder: false,
  legalName: 'SARL Exemple Numérique',
  legalForm: { fr: 'SARL au capital de 100 000 DA', ar: 'ش.ذ.م.م برأسمال 100\u202f000 دج' },
  address: { fr: '1, rue Exemple, 13000 Tlemcen', ar: '1، شارع المثال، 13000 تلمسان' },
  rc: '13/00-0000000 B 26',
  nif: '000013000000000',
  nis: '000013000000001',
  articleImposition: '13000000000',
  account: { kind: 'rib', bank: 'Banque Exemple', rib: '00000000000000000000' },
  taxRegime: { kind: 'reel' },
};
const AGENCY = {
  name: 'Horizon Numérique',
  phone: '0550 12 34 56',
  email: 'contact@horizon-numerique.dz',
};

const FRENCH: PrintableQuote = {
  number: 'DEV-2026-0042',
  language: 'fr',
  issueDate: '2026-11-26',
  validUntil: '2026-12-26',
  validityDays: 30,
  client: {
    kind: 'entreprise',
    legalName: 'EURL Atlas Services',
    address: '8, avenue de l’ALN, 31000 Oran',
    rc: '31/00-1234567 B 20',
    nif: '000031001234567',
    nis: '000031001234567',
    articleImposition: '31123456789',
    phone: '+213770112233',
  },
  lines: [
    {
      designation: 'Site vitrine de cinq pages',
      unit: 'forfait',
      quantityMilli: 1000n,
      unitPrice: 120_000_00n,
      discountBasisPoints: 1000n,
      vatRate: 19,
    },
    {
      designation: 'Hébergement et maintenance',
      unit: 'mois',
      quantityMilli: 12_000n,
      unitPrice: 1_500_50n,
      discountBasisPoints: 0n,
      vatRate: 19,
    },
    {
      designation: 'Formation à la mise à jour du site',
      unit: 'jour',
      quantityMilli: 1500n,
      unitPrice: 9_999_99n,
      discountBasisPoints: 0n,
      vatRate: 9,
    },
  ],
  paidInCash: true,
};

const ARABIC: PrintableQuote = {
  number: 'DEV-2026-0043-V2',
  language: 'ar',
  issueDate: '2026-11-26',
  validUntil: '2026-12-26',
  validityDays: 30,
  client: {
    kind: 'particulier',
    lastName: 'تجريبي',
    firstName: 'عميل',
    address: '3، شارع الحرية، تلمسان',
    // A foreign number, in its international form, left to right inside the Arabic page.
    phone: '+33612345678',
  },
  lines: [
    {
      designation: 'تصميم شعار وهوية بصرية',
      unit: 'خدمة',
      quantityMilli: 1000n,
      unitPrice: 100_840_34n,
      discountBasisPoints: 0n,
      vatRate: 19,
    },
  ],
  paidInCash: false,
};

/**
 * Arabic as pdftotext reads it back, reduced to what can be compared: poppler wraps runs in
 * direction marks (U+202A–U+202C), cuts some words where the shaped glyphs leave a gap, and
 * writes a tanwīn before the alif it sits on. So: no marks, no spaces, no short vowels; the
 * order of the letters and digits, which is what a reversed run would break, stays.
 */
function arabicLetters(text: string): string {
  return text
    .replace(/[\s\u00a0\u202f\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '')
    .replace(/\p{Mn}/gu, '');
}

let browser: Browser;
const dir = process.env.QUOTE_PDF_DIR ?? makeTempDir('quote-pdf');

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser.close();
});

/** Prints the quote to A4 and reads it back: its text, its page count, its pages as PNG. */
async function print(name: string, quote: PrintableQuote, seller: SellerLegalDetails = SELLER) {
  const markup = renderToStaticMarkup(
    createElement(QuoteDocument, { quote, seller, agency: AGENCY }),
  );
  const html = `<!doctype html><html lang="${quote.language}" dir="${quote.language === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><title>${quote.number}</title><style>${FONT_FACES}\n${css}</style></head><body>${markup}</body></html>`;
  const page = await browser.newPage();
  try {
    await page.setContent(html);
    // Both fonts loaded before printing (a font still loading would print in a fallback).
    const loaded = await page.evaluate(async () => {
      const faces = await Promise.all([
        document.fonts.load("12px 'Inter Variable'", 'A1'),
        document.fonts.load("12px 'Noto Sans Arabic Variable'", 'ع'),
      ]);
      await document.fonts.ready;
      return faces.map((list) => list.map((face) => face.status));
    });
    expect(loaded).toEqual([['loaded'], ['loaded']]);
    const pdf = path.join(dir, `${name}.pdf`);
    writeFileSync(pdf, await page.pdf(playwrightPdfOptions()));
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', pdf, '-'], {
      encoding: 'utf8',
    });
    const pages = Number(
      /Pages:\s+(\d+)/u.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))?.[1],
    );
    const pngDir = process.env.QUOTE_PNG_DIR ?? dir;
    execFileSync('pdftoppm', ['-png', '-r', '110', pdf, path.join(pngDir, name)]);
    // Spaces of every kind as one space: pdftotext writes the narrow no-break space as it is.
    return { text: text.replace(/[\s\u00a0\u202f]+/gu, ' '), arabic: arabicLetters(text), pages };
  } finally {
    await page.close();
  }
}

describe('the quote’s PDF options', () => {
  it('are the style sheet’s page, in Electron’s shape and in Playwright’s', () => {
    // The @page rule of quote-document.css: A4, margins top, sides, bottom.
    const rule = /@page\s*\{([^}]*)\}/u.exec(css)?.[1] ?? '';
    expect(rule).toMatch(/size:\s*A4;/u);
    const { top, right, bottom, left } = QUOTE_PDF.marginsMm;
    expect(rule).toMatch(new RegExp(`margin:\\s*${top}mm ${right}mm ${bottom}mm;`, 'u'));
    expect(right).toBe(left);
    // The same page for printToPDF (inches) and page.pdf() (CSS lengths).
    const electron = electronPdfOptions();
    const playwright = playwrightPdfOptions();
    expect(electron.pageSize).toBe(playwright.format);
    for (const side of ['top', 'right', 'bottom', 'left'] as const) {
      expect(electron.margins[side] * 25.4).toBeCloseTo(
        Number.parseFloat(playwright.margin[side]),
        9,
      );
    }
    expect([electron.printBackground, electron.preferCSSPageSize]).toEqual([true, true]);
    expect([playwright.printBackground, playwright.preferCSSPageSize]).toEqual([true, true]);
  });
});

describe('the printed quote, A4, read back from its PDF', { timeout: 60_000 }, () => {
  it('in French: number, lines, totals per rate, timbre, net, words, validity, mentions, on one page', async () => {
    const { text, pages } = await print('devis-fr', FRENCH);
    expect(pages).toBe(1);
    for (const expected of [
      'DEV-2026-0042',
      'EURL Atlas Services',
      '000031001234567',
      // The client's phone, in groups, as the inbox writes an Algerian number.
      'Tél. 0770 11 22 33',
      'Site vitrine de cinq pages',
      '108 000,00',
      'Total HT 141 005,99 DA',
      'TVA 19 % (126 006,00) 23 941,14 DA',
      'TVA 9 % (14 999,99) 1 350,00 DA',
      'Total TTC 166 297,13 DA',
      'Droit de timbre (paiement en espèces) 3 326,00 DA',
      'Net à payer 169 623,13 DA',
      'Arrêté le présent devis à la somme de cent soixante-neuf mille six cent vingt-trois dinars algériens et treize centimes.',
      'Devis valable 30 jours, jusqu’au 26 décembre 2026.',
      'Paiement en espèces : le droit de timbre est ajouté au total TTC.',
      'RIB (Banque Exemple) 00000000000000000000',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Modèle');
  });

  it('in Arabic: the amounts and identifiers left to right inside the right-to-left page', async () => {
    const { text, arabic, pages } = await print('devis-ar', ARABIC);
    expect(pages).toBe(1);
    // 100 840,34 + 19 % (19 159,66) = 120 000,00, read in its order: never « 000,00 120 ».
    expect(text).toContain('120 000,00');
    expect(text).not.toMatch(/000,00 120/u);
    expect(text).toContain('100 840,34');
    expect(text).toContain('19 159,66');
    expect(text).toContain('DEV-2026-0043-V2');
    expect(text).toContain('000013000000000');
    // The client's phone reads in its order, « + » first: never « 78 56 34 12 6 33+ ».
    expect(text).toContain('+33 6 12 34 56 78');
    expect(arabic).toContain(arabicLetters('الهاتف +33 6 12 34 56 78'));
    for (const expected of [
      'عرض',
      'أسعار',
      'الصافي للدفع',
      'أوقف عرض الأسعار هذا على مبلغ: مائة وعشرون ألف دينار جزائري.',
      // (up to the year: pdftotext moves the full stop after a final number before it)
      'هذا العرض صالح لمدة 30 يوماً، إلى غاية 26 ديسمبر',
      'الدفع بالتحويل أو بالصك.',
    ]) {
      expect(arabic).toContain(arabicLetters(expected));
    }
    // Not paid in cash: no droit de timbre.
    expect(arabic).not.toContain(arabicLetters('حقوق الطابع'));
  });

  it('under the IFU: no TVA line, the regime’s mention; with placeholder details, « Modèle » across the top', async () => {
    const ifu: SellerLegalDetails = {
      ...SELLER,
      placeholder: true,
      taxRegime: {
        kind: 'ifu',
        mention: {
          fr: 'Contribuable soumis à l’impôt forfaitaire unique : TVA non applicable.',
          ar: 'خاضع للضريبة الجزافية الوحيدة: غير خاضع للرسم على القيمة المضافة.',
        },
      },
    };
    const lines = FRENCH.lines.map((line) => ({ ...line, vatRate: 0 as const }));
    // A client without a phone: no « Tél. » line for it (the agency's own stays at the top).
    const client = { ...FRENCH.client, phone: '' };
    const { text } = await print('devis-ifu', { ...FRENCH, client, lines, paidInCash: false }, ifu);
    expect(text).not.toContain('0770 11 22 33');
    expect(text).toContain(
      'Modèle : mentions légales d’exemple, à remplacer par celles de l’agence',
    );
    expect(text).toContain(
      'Contribuable soumis à l’impôt forfaitaire unique : TVA non applicable.',
    );
    // One price, one total: no TVA, no « HT » nor « TTC ».
    expect(text).not.toMatch(/TVA \d+ %|\bHT\b|TTC/u);
    expect(text).toContain('Prix unitaire');
    expect(text).toContain('Total 141 005,99 DA');
    expect(text).toContain('Net à payer 141 005,99 DA');
  });
});

/** n lines, as an agency's longer quote has them (two VAT rates, a discount here and there). */
function linesOf(count: number, language: 'fr' | 'ar'): PrintableQuote['lines'] {
  const names =
    language === 'fr'
      ? [
          'Site vitrine de cinq pages',
          'Hébergement et maintenance',
          'Formation à la mise à jour du site',
          'Référencement local (fiche d’établissement)',
          'Rédaction des textes des pages',
          'Traduction du site en arabe',
          'Photographies des locaux',
          'Nom de domaine .dz (un an)',
          'Boutique en ligne : catalogue de cinquante produits',
          'Adresses e-mail professionnelles',
        ]
      : [
          'تصميم شعار وهوية بصرية',
          'موقع تعريفي من خمس صفحات',
          'استضافة وصيانة',
          'تكوين على تحديث الموقع',
          'تحسين الظهور في محركات البحث',
          'كتابة نصوص الصفحات',
          'ترجمة الموقع إلى الفرنسية',
          'تصوير المحلات',
          'اسم النطاق ‎.dz‎ (سنة واحدة)',
          'عناوين بريد إلكتروني مهنية',
        ];
  return Array.from({ length: count }, (_, index) => ({
    designation: `${names[index % names.length] ?? ''}${index >= names.length ? ` (${index + 1})` : ''}`,
    unit: language === 'fr' ? 'forfait' : 'جزافي',
    quantityMilli: BigInt(1000 + (index % 3) * 500),
    unitPrice: BigInt(15_000_00 + index * 2_350_50),
    discountBasisPoints: index % 4 === 1 ? 1000n : 0n,
    vatRate: index % 3 === 2 ? 9 : 19,
  }));
}

/** Without poppler's direction marks; every kind of space as one space. */
function withoutMarks(text: string): string {
  return text
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '')
    .replace(/[\s\u00a0\u202f]+/gu, ' ');
}

/** The page's text, page by page (pdftotext separates them with a form feed). */
function pagesOf(name: string): string[] {
  const text = execFileSync(
    'pdftotext',
    ['-layout', '-enc', 'UTF-8', path.join(dir, `${name}.pdf`), '-'],
    {
      encoding: 'utf8',
    },
  );
  return text
    .split('\f')
    .filter((page) => page.trim() !== '')
    .map((page) => page.replace(/[\s\u00a0\u202f]+/gu, ' '));
}

describe('the printed quote over its pages', { timeout: 120_000 }, () => {
  const withMentions = { ...SELLER, placeholder: true };
  const pageLabel = (language: 'fr' | 'ar', page: number, of: number) =>
    language === 'fr' ? `Page ${page}/${of}` : arabicLetters(`صفحة ${page}/${of}`);
  const readable = (language: 'fr' | 'ar', page: string) =>
    language === 'fr' ? page : arabicLetters(page);

  for (const language of ['fr', 'ar'] as const) {
    const base = language === 'fr' ? FRENCH : ARABIC;
    const words = QUOTE_DOCUMENT_TEXT[language];

    // A company client (its identifiers), « Modèle », two TVA rates and the stamp duty: the
    // tallest ten-line quote. Before, an Arabic quote of 3 lines and a French one of 8 printed
    // a second page holding only « Bon pour accord » and the footer.
    it(`in ${language}: ten lines with the default mentions on one A4 page, its number and « Page 1/1 » at its foot`, async () => {
      const client =
        language === 'fr' ? FRENCH.client : { ...FRENCH.client, legalName: 'مؤسسة الأطلس للخدمات' };
      const quote = { ...base, client, lines: linesOf(10, language), paidInCash: true };
      const { pages } = await print(`devis-${language}-10`, quote, withMentions);
      expect(pages).toBe(1);
      const [page = ''] = pagesOf(`devis-${language}-10`);
      expect(page).toContain(`${base.number}`);
      expect(readable(language, page)).toContain(pageLabel(language, 1, 1));
    });

    // Accepted on the client's page (issue 44): the sentence and a comment in the « Bon pour
    // accord » box, the tallest ten-line quote still on one page.
    it(`in ${language}: ten lines accepted online with a comment, « Accepté en ligne le … » on the one page`, async () => {
      const comment =
        language === 'fr'
          ? 'D’accord pour commencer lundi prochain. Merci de nous envoyer la facture d’acompte et la liste des photos à fournir.'
          : 'موافقون على البدء يوم الاثنين المقبل. نرجو إرسال فاتورة التسبيق وقائمة الصور المطلوبة.';
      const quote = {
        ...base,
        lines: linesOf(10, language),
        paidInCash: true,
        // 20:14 in Algiers on 28 November 2026.
        answer: { decision: 'accepte' as const, comment, at: Date.UTC(2026, 10, 28, 19, 14) },
      };
      const { pages } = await print(`devis-${language}-10-accepte`, quote, withMentions);
      expect(pages).toBe(1);
      const [page = ''] = pagesOf(`devis-${language}-10-accepte`);
      // The box stands beside the totals: pdftotext's layout interleaves their lines, so the
      // sentence is read piece by piece.
      const said = answeredText(quote.answer, language).sentence.replace(/[\u2066-\u2069]/gu, '');
      const pieces =
        language === 'fr'
          ? ['Accepté en ligne le', '28/11/2026', '20:14']
          : ['عبر الإنترنت', '28/11/2026', '20:14'];
      for (const piece of pieces) {
        expect(said).toContain(piece);
        expect(readable(language, page)).toContain(readable(language, piece));
      }
      expect(readable(language, page)).toContain(
        readable(language, language === 'fr' ? 'Commentaire du client' : 'تعليق الزبون'),
      );
    });

    it(`in ${language}: thirty lines break between lines, heads repeated, « Bon pour accord » with the totals, every page numbered`, async () => {
      const lines = linesOf(30, language);
      const quote = { ...base, lines, paidInCash: true };
      const { pages: count } = await print(`devis-${language}-30`, quote, withMentions);
      expect(count).toBeGreaterThanOrEqual(2);
      const pages = pagesOf(`devis-${language}-30`);
      expect(pages).toHaveLength(count);
      const designation = readable(language, words.columns.designation);
      // « Bon pour accord », without what follows it in brackets (wrapped inside its box).
      const agreement = readable(language, words.agreement.split(' (')[0] ?? '');
      const net = readable(language, words.netToPay);
      pages.forEach((page, index) => {
        const text = readable(language, page);
        // Each page: the quote's number and « Page i/N » at its foot, the column heads on top.
        expect(page, `page ${index + 1}`).toContain(`${base.number}`);
        expect(text, `page ${index + 1}`).toContain(pageLabel(language, index + 1, count));
        expect(text, `page ${index + 1}`).toContain(designation);
      });
      // Every line on one page, never cut: its total (unique here) on exactly one page.
      const { lines: lineTotals } = computeQuoteTotals(lines, {
        regime: SELLER.taxRegime,
        paidInCash: true,
      });
      lineTotals.forEach((total, index) => {
        const written = formatCentimes(total).replace(/\s/gu, ' ');
        const figure = new RegExp(`(?<!\\d)${written}(?!\\d)`, 'u');
        const holding = pages.filter((page) => figure.test(withoutMarks(page)));
        expect(holding, `ligne ${index + 1} (${written})`).toHaveLength(1);
      });
      // « Bon pour accord » on the last page, with the net to pay and at least one line.
      const last = readable(language, pages.at(-1) ?? '');
      expect(pages.filter((page) => readable(language, page).includes(agreement))).toHaveLength(1);
      expect(last).toContain(agreement);
      expect(last).toContain(net);
      const lastLine = formatCentimes(lineTotals.at(-1) ?? 0n).replace(/\s/gu, ' ');
      expect(withoutMarks(pages.at(-1) ?? '')).toContain(lastLine);
    });
  }
});
