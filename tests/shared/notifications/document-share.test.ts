import { describe, expect, it } from 'vitest';
import { sellerLegalDetails } from '../../../shared/content/seller.ts';
import type { PublicQuote } from '../../../shared/domain/quotes/record.ts';
import { CURRENT_STAMP_DUTY_SCALE } from '../../../shared/domain/quotes/stamp-duty.ts';
import {
  documentShareText,
  quoteShareText,
  whatsappShareHref,
} from '../../../shared/notifications/document-share.ts';

/** « Envoyer sur WhatsApp » on a sent quote (issue 44): the prefilled message, in each language. */
const quote = (language: 'fr' | 'ar'): PublicQuote => ({
  number: 'DEV-2026-0001',
  version: 1,
  status: 'envoye',
  language,
  client: { kind: 'particulier', lastName: 'Client', firstName: '', address: 'Oran', phone: '' },
  lines: [
    {
      designation: 'Site dynamique',
      unit: 'forfait',
      quantityMilli: 1000n,
      unitPrice: 300_000_00n,
      discountBasisPoints: 0n,
      vatRate: 19,
    },
  ],
  paidInCash: true,
  validityDays: 30,
  issueDate: '2026-11-28',
  validUntil: '2026-12-28',
  seller: sellerLegalDetails,
  stampDutyScale: CURRENT_STAMP_DUTY_SCALE,
  sentAt: Date.UTC(2026, 10, 28, 9),
  answer: null,
});

const LINK = 'https://agence.example/pageDevis#AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCd';
const NNBSP = '\u202f';

describe('the message that passes a quote’s link on WhatsApp', () => {
  it('names the quote, the net to pay in figures, its last valid day and the link, in French', () => {
    const text = quoteShareText(quote('fr'), LINK);
    // 300 000 HT + 19 % = 357 000 TTC, + 2 % droit de timbre in cash (7 140) = 364 140,00.
    expect(text).toContain(`devis DEV-2026-0001 : net à payer 364${NNBSP}140,00 DA`);
    expect(text).toContain('valable jusqu’au 28/12/2026.');
    expect(text).toContain(LINK);
    expect(text).toContain('Horizon Numérique');
  });

  it('writes it in Arabic for an Arabic quote, day first, figures and day kept in their order', () => {
    const text = quoteShareText(quote('ar'), LINK);
    expect(text).toContain('عرض الأسعار DEV-2026-0001');
    expect(text).toContain(`المبلغ الصافي للدفع \u2066364${NNBSP}140,00\u2069 دج`);
    expect(text).toContain('صالح إلى غاية \u206628/12/2026\u2069');
    expect(text).toContain(LINK);
    expect(text).not.toContain('DA');
  });

  it('serves an invoice too, with its due date', () => {
    const text = documentShareText({
      kind: 'facture',
      number: 'FAC-2026-0001',
      language: 'fr',
      netToPay: 12_000_00n,
      until: '2027-01-15',
      link: LINK,
    });
    expect(text).toContain('facture FAC-2026-0001 : net à payer 12');
    expect(text).toContain('à régler au plus tard le 15/01/2027.');
  });

  it('opens a wa.me chat with the number and the message written in its box', () => {
    const href = whatsappShareHref('+213550123456', 'Bonjour & merci : https://a.b/#x');
    expect(href).toBe(
      'https://wa.me/213550123456?text=Bonjour%20%26%20merci%20%3A%20https%3A%2F%2Fa.b%2F%23x',
    );
    expect(decodeURIComponent(new URL(href).searchParams.get('text') ?? '')).toBe(
      'Bonjour & merci : https://a.b/#x',
    );
  });
});
