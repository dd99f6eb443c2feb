import { describe, expect, it } from 'vitest';
import { sellerLegalDetails } from '../../../../shared/content/seller.ts';
import { newLead, type Lead } from '../../../../shared/domain/leads/pipeline.ts';
import {
  acceptedNetByLead,
  leadValue,
  pipelineTotals,
  type ValuedQuote,
} from '../../../../shared/domain/leads/totals.ts';
import { CURRENT_STAMP_DUTY_SCALE } from '../../../../shared/domain/quotes/stamp-duty.ts';
import type { QuoteStatus } from '../../../../shared/domain/quotes/status.ts';
import { formatCentimesAsDinars } from '../../../../src-web/admin/features/inbox/lead-marks.tsx';

/*
 * « Gagné » counts what the client pays: a lead estimated at 450 000 DZD and won by a quote
 * whose net to pay is 361 956,00 DA (298 200 HT, 19 % TVA, 2 % droit de timbre for cash)
 * counted 450 000 before; the estimate stays for the leads without an accepted quote.
 */

const NOW = Date.UTC(2026, 10, 28, 10);

const quote = (leadId: string, status: QuoteStatus, unitPrice: bigint): ValuedQuote => ({
  leadId,
  status,
  lines: [
    {
      designation: 'Site vitrine',
      unit: 'forfait',
      quantityMilli: 1000n,
      unitPrice,
      discountBasisPoints: 0n,
      vatRate: 19,
    },
  ],
  paidInCash: true,
  seller: sellerLegalDetails,
  stampDutyScale: CURRENT_STAMP_DUTY_SCALE,
});

const lead = (id: string, status: Lead['status'], estimatedValue: number | null): Lead => ({
  ...newLead(id),
  status,
  estimatedValue,
});

describe('what a lead is worth in the totals', () => {
  it('is its accepted quote’s net to pay, stamp duty included, not the estimate', () => {
    const accepted = acceptedNetByLead([
      quote('won', 'accepte', 298_200_00n),
      // Sent, refused, replaced versions and drafts count for nothing.
      quote('won', 'remplace', 400_000_00n),
      quote('sent', 'envoye', 100_000_00n),
      quote('refused', 'refuse', 100_000_00n),
    ]);
    expect(accepted).toEqual(new Map([['won', 361_956_00n]]));
    expect(leadValue({ estimatedValue: 450_000 }, accepted.get('won'))).toBe(361_956_00n);
    expect(leadValue({ estimatedValue: 450_000 }, accepted.get('sent'))).toBe(450_000_00n);
    expect(leadValue({ estimatedValue: null }, undefined)).toBe(0n);
  });

  it('makes « Gagné » total the net to pay; the other leads keep their estimates', () => {
    const leads = new Map([
      ['won', lead('won', 'gagne', 450_000)],
      ['won-without-quote', lead('won-without-quote', 'gagne', 50_000)],
      ['sent', lead('sent', 'devis-envoye', 120_000)],
    ]);
    const totals = pipelineTotals(
      ['won', 'won-without-quote', 'sent', 'not-worked-on'],
      leads,
      NOW,
      acceptedNetByLead([quote('won', 'accepte', 298_200_00n), quote('sent', 'envoye', 1n)]),
    );
    expect(totals.byStatus.gagne).toEqual({ count: 2, value: 411_956_00n });
    expect(totals.byStatus['devis-envoye']).toEqual({ count: 1, value: 120_000_00n });
    expect(totals.byStatus.nouveau).toEqual({ count: 1, value: 0n });
    expect(formatCentimesAsDinars(totals.byStatus.gagne.value)).toBe('411\u202f956 DZD');
    expect(formatCentimesAsDinars(361_956_50n)).toBe('361\u202f956,50 DZD');
  });
});
