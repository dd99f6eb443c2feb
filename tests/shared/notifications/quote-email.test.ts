import { describe, expect, it } from 'vitest';
import { sellerLegalDetails } from '../../../shared/content/seller.ts';
import type { PublicQuote } from '../../../shared/domain/quotes/record.ts';
import { CURRENT_STAMP_DUTY_SCALE } from '../../../shared/domain/quotes/stamp-duty.ts';
import { composeQuoteEmail } from '../../../shared/notifications/quote-email.ts';

/** The client's e-mail of a sent quote, in each language (shared by both backends). */
const quote = (language: 'fr' | 'ar'): PublicQuote => ({
  number: 'DEV-2026-0042',
  version: 1,
  status: 'envoye',
  language,
  client: {
    kind: 'particulier',
    lastName: 'Client Exemple',
    firstName: '',
    address: 'Oran',
    phone: '',
  },
  lines: [
    {
      designation: 'Site vitrine',
      unit: 'forfait',
      quantityMilli: 1000n,
      unitPrice: 120_000_00n,
      discountBasisPoints: 0n,
      vatRate: 19,
    },
  ],
  paidInCash: false,
  validityDays: 32,
  issueDate: '2026-11-26',
  validUntil: '2026-12-28',
  seller: sellerLegalDetails,
  stampDutyScale: CURRENT_STAMP_DUTY_SCALE,
  sentAt: Date.UTC(2026, 10, 26, 9),
  answer: null,
});

const LINK = 'https://agence.example/pageDevis#jeton';
const ISOLATES = /[\u2066-\u2069]/gu;

describe('the quote’s e-mail to the client', () => {
  it('writes its last valid day first, day then month then year, in French', () => {
    const mail = composeQuoteEmail(quote('fr'), LINK, { to: 'client@exemple.dz', owner: null });
    expect(mail.text).toContain('valable jusqu’au 28/12/2026.');
  });

  it('writes it day first in Arabic too (it was « 2026/12/28 »), kept in its order', () => {
    const mail = composeQuoteEmail(quote('ar'), LINK, { to: 'client@exemple.dz', owner: null });
    expect(mail.text).toContain('صالح إلى غاية \u206628/12/2026\u2069.');
    expect(mail.text.replace(ISOLATES, '')).not.toContain('2026/12/28');
    expect(String(mail.html).replace(ISOLATES, '')).toContain('صالح إلى غاية 28/12/2026.');
  });
});
