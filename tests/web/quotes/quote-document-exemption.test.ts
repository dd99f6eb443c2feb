import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SellerLegalDetails } from '../../../shared/domain/quotes/seller.ts';
import { WEBSITE_VAT_EXEMPTION } from '../../../shared/domain/quotes/vat-exemption.ts';
import { QuoteDocument, type PrintableQuote } from '../../../src-web/quotes/quote-document.tsx';
import { A_REAL_SELLER, IFU_SELLER } from '../../shared/backend/quotes-contract.ts';

/**
 * A quote with an « Exonéré » line (issue 49): the rate printed so, in the quote's language,
 * and the exemption's legal mention (docs/quotes.md, « L’exonération de TVA des sites web »).
 */
const AGENCY = { name: 'Horizon Numérique', phone: '0550 12 34 56', email: 'contact@agence.dz' };

const quote = (language: 'fr' | 'ar'): PrintableQuote => ({
  number: 'DEV-2026-0007',
  language,
  issueDate: '2026-11-26',
  validUntil: '2026-12-26',
  validityDays: 30,
  client: {
    kind: 'particulier',
    lastName: 'Exemple',
    firstName: 'Client',
    address: 'Oran',
    phone: '+213550123456',
  },
  lines: [
    {
      designation: 'Site vitrine',
      unit: 'forfait',
      quantityMilli: 1000n,
      unitPrice: 120_000_00n,
      discountBasisPoints: 0n,
      vatRate: 0,
    },
    {
      designation: 'Logo',
      unit: 'forfait',
      quantityMilli: 1000n,
      unitPrice: 20_000_00n,
      discountBasisPoints: 0n,
      vatRate: 19,
    },
  ],
  paidInCash: false,
});

const printed = (
  language: 'fr' | 'ar',
  seller: SellerLegalDetails,
  printable: PrintableQuote = quote(language),
) =>
  renderToStaticMarkup(createElement(QuoteDocument, { quote: printable, seller, agency: AGENCY }))
    .replace(/<[^>]+>/gu, ' ')
    .replace(/&#x27;/gu, '’');

describe('a quote with an « Exonéré » line', () => {
  it('prints « Exonéré » as its rate and the exemption’s legal mention, in French and in Arabic', () => {
    const french = printed('fr', A_REAL_SELLER);
    expect(french).toContain('Exonéré');
    expect(french).toContain('TVA : exonéré');
    expect(french).toContain(WEBSITE_VAT_EXEMPTION.mention.fr);
    expect(french).not.toMatch(/TVA 0\s%/u);
    const arabic = printed('ar', A_REAL_SELLER);
    expect(arabic).toContain('معفى');
    expect(arabic).toContain(WEBSITE_VAT_EXEMPTION.mention.ar);
  });

  it('prints no exemption under the IFU: its own mention says there is no TVA', () => {
    const withoutVat = quote('fr');
    const ifu = printed('fr', IFU_SELLER, {
      ...withoutVat,
      lines: withoutVat.lines.map((line) => ({ ...line, vatRate: 0 })),
    });
    expect(ifu).not.toContain('Exonéré');
    expect(ifu).not.toContain(WEBSITE_VAT_EXEMPTION.mention.fr);
    expect(ifu).toContain(
      IFU_SELLER.taxRegime.kind === 'ifu' ? IFU_SELLER.taxRegime.mention.fr : '',
    );
  });
});
