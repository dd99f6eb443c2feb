import { describe, expect, it } from 'vitest';
import type { LeadStatus } from '../../../../shared/domain/leads/pipeline.ts';
import { leadAfterQuote } from '../../../../shared/domain/leads/rules.ts';

const NOW = Date.UTC(2026, 10, 28, 11);
const DAY = 86_400_000;
const lead = (status: LeadStatus, nextActionAt: number | null = null) => ({ status, nextActionAt });

describe('the lead follows its quote', () => {
  it('becomes « Devis envoyé » when a quote is sent, to be followed up in 5 days', () => {
    for (const status of ['nouveau', 'contacte', 'perdu'] as const) {
      expect(leadAfterQuote(lead(status, NOW + DAY), 'sent', NOW)).toEqual({
        status: 'devis-envoye',
        lostReason: null,
        statusChangedAt: NOW,
        nextActionAt: NOW + 5 * DAY,
        event: { type: 'status', status: 'devis-envoye', lostReason: null },
      });
    }
  });

  it('moves nothing when it is « Devis envoyé » already (a second quote sent)', () => {
    expect(leadAfterQuote(lead('devis-envoye', NOW + DAY), 'sent', NOW)).toBeNull();
  });

  it('becomes « Gagné » when a quote is accepted, nothing left to follow up', () => {
    for (const status of ['nouveau', 'contacte', 'devis-envoye', 'perdu'] as const) {
      expect(leadAfterQuote(lead(status, NOW + DAY), 'accepted', NOW)).toEqual({
        status: 'gagne',
        lostReason: null,
        statusChangedAt: NOW,
        nextActionAt: null,
        event: { type: 'status', status: 'gagne', lostReason: null },
      });
    }
  });

  it('never leaves « Gagné »: another quote sent, accepted or refused moves nothing', () => {
    for (const event of ['sent', 'accepted', 'refused'] as const) {
      expect(leadAfterQuote(lead('gagne'), event, NOW)).toBeNull();
    }
  });

  it('is not lost because a quote was refused: the owner decides', () => {
    for (const status of ['nouveau', 'contacte', 'devis-envoye', 'perdu'] as const) {
      expect(leadAfterQuote(lead(status, NOW + DAY), 'refused', NOW)).toBeNull();
    }
  });
});
