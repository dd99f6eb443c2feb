import { describe, expect, it } from 'vitest';
import { reminderMootReason } from '../../../../shared/domain/leads/follow-up.ts';
import { PIPELINE_MESSAGES, type LeadStatus } from '../../../../shared/domain/leads/pipeline.ts';
import {
  decideNextAction,
  decideStatusChange,
  leadAfterQuote,
} from '../../../../shared/domain/leads/rules.ts';

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

const PAST = {
  ok: false,
  message: PIPELINE_MESSAGES.nextActionPast,
  fields: { nextActionAt: PIPELINE_MESSAGES.nextActionPast },
};

describe('« Relancer le »', () => {
  it('takes a date to come, refuses one already come, down to the millisecond', () => {
    expect(decideNextAction(null, NOW + 1, NOW)).toEqual({ ok: true });
    expect(decideNextAction(null, NOW, NOW)).toEqual(PAST);
    expect(decideNextAction(null, NOW - DAY, NOW)).toEqual(PAST);
  });

  it('lets the date the lead has stay, even once it has come, and lets it be cleared', () => {
    expect(decideNextAction(NOW - DAY, NOW - DAY, NOW)).toEqual({ ok: true });
    expect(decideNextAction(NOW - DAY, null, NOW)).toEqual({ ok: true });
    expect(decideNextAction(NOW - DAY, undefined, NOW)).toEqual({ ok: true });
  });
});

describe('the owner changes a lead’s status', () => {
  it('keeps the reason a lead is lost, « autre » when none came, and clears its follow-up', () => {
    expect(
      decideStatusChange(
        lead('devis-envoye', NOW + DAY),
        { status: 'perdu', lostReason: 'prix' },
        NOW,
      ),
    ).toEqual({
      ok: true,
      patch: {
        status: 'perdu',
        lostReason: 'prix',
        statusChangedAt: NOW,
        nextActionAt: null,
        event: { type: 'status', status: 'perdu', lostReason: 'prix' },
      },
    });
    expect(decideStatusChange(lead('nouveau'), { status: 'perdu' }, NOW)).toMatchObject({
      patch: { lostReason: 'autre', event: { lostReason: 'autre' } },
    });
  });

  it('gives no reason to any other status, even when one is sent', () => {
    expect(
      decideStatusChange(lead('perdu'), { status: 'contacte', lostReason: 'prix' }, NOW),
    ).toMatchObject({
      patch: { status: 'contacte', lostReason: null, nextActionAt: NOW + 2 * DAY },
    });
  });

  it('takes the date chosen over the default, and refuses one already come', () => {
    expect(
      decideStatusChange(lead('nouveau'), { status: 'contacte', nextActionAt: NOW + 7 * DAY }, NOW),
    ).toMatchObject({ patch: { nextActionAt: NOW + 7 * DAY } });
    expect(
      decideStatusChange(lead('nouveau'), { status: 'contacte', nextActionAt: NOW - 1 }, NOW),
    ).toEqual(PAST);
  });

  it('lets a « Gagné » lead be set back by the owner (only its quotes cannot move it)', () => {
    expect(decideStatusChange(lead('gagne'), { status: 'contacte' }, NOW)).toMatchObject({
      ok: true,
      patch: { status: 'contacte' },
    });
  });

  it('keeps the follow-up of a status with no default of its own', () => {
    expect(
      decideStatusChange(lead('contacte', NOW + DAY), { status: 'nouveau' }, NOW),
    ).toMatchObject({ patch: { status: 'nouveau', nextActionAt: NOW + DAY } });
  });
});

describe('a reminder queued that no longer applies', () => {
  it('drops « still Nouveau » once the lead was dealt with', () => {
    expect(reminderMootReason('still-new', lead('nouveau'), NOW)).toBeNull();
    for (const status of ['contacte', 'devis-envoye', 'gagne', 'perdu'] as const) {
      expect(reminderMootReason('still-new', lead(status), NOW)).toBe('contact déjà traité');
    }
  });

  it('drops a follow-up once the lead is won or lost, or its date moved or removed', () => {
    expect(reminderMootReason('follow-up', lead('contacte', NOW), NOW)).toBeNull();
    expect(reminderMootReason('follow-up', lead('gagne', NOW), NOW)).toBe('contact gagné ou perdu');
    expect(reminderMootReason('follow-up', lead('perdu', NOW), NOW)).toBe('contact gagné ou perdu');
    expect(reminderMootReason('follow-up', lead('contacte', NOW + 1), NOW)).toBe(
      'relance déplacée ou retirée',
    );
    expect(reminderMootReason('follow-up', lead('contacte', null), NOW)).toBe(
      'relance déplacée ou retirée',
    );
  });
});
