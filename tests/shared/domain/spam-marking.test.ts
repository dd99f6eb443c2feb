import { describe, expect, it } from 'vitest';
import { SPAM_RETENTION_MS } from '../../../shared/domain/contact.ts';
import {
  SPAM_MARKING_TEXT,
  markAsSpam,
  restoreFromSpam,
  spamKeptSince,
  spamRetentionCutoff,
} from '../../../shared/domain/spam-marking.ts';
import { keptAsSpamForDigest, keptAsSpamOn } from '../../../shared/domain/spam-day.ts';

const NOW = Date.UTC(2026, 10, 29, 9, 0);
const HOUR = 60 * 60 * 1000;

describe('« Marquer comme indésirable »', () => {
  it('marks a message from the site, with its reason and the time', () => {
    expect(markAsSpam({ source: 'formulaire' }, NOW)).toEqual({
      marked: true,
      patch: { spamReason: 'owner', markedAt: NOW },
    });
  });

  it('refuses a lead typed in, in French', () => {
    for (const source of ['telephone', 'whatsapp', 'visite', 'autre'] as const) {
      expect(markAsSpam({ source }, NOW)).toEqual({
        marked: false,
        refusal: SPAM_MARKING_TEXT.typedIn,
      });
    }
    expect(SPAM_MARKING_TEXT.typedIn).toBe(
      'Un contact saisi à la main ne peut pas être marqué comme indésirable : supprimez-le s’il ne sert plus.',
    );
  });

  it('« Pas un indésirable »: the filters’ spam comes unread and notified; the owner’s, as it left', () => {
    expect(restoreFromSpam({ spamReason: 'hidden-field' })).toEqual({ unread: true, notify: true });
    expect(restoreFromSpam({ spamReason: 'too-fast' })).toEqual({ unread: true, notify: true });
    expect(restoreFromSpam({ spamReason: 'owner' })).toEqual({ unread: false, notify: false });
  });

  it('counts the 30 days from the marking, or from the reception', () => {
    const receivedAt = NOW - 29 * 24 * HOUR;
    expect(spamKeptSince({ receivedAt, markedAt: NOW })).toBe(NOW);
    expect(spamKeptSince({ receivedAt, markedAt: null })).toBe(receivedAt);
    expect(spamRetentionCutoff(NOW)).toBe(NOW - SPAM_RETENTION_MS);
  });

  it('leaves what the owner marked out of the counts of « Aujourd’hui » and the digest', () => {
    const spam = [
      { receivedAt: NOW - HOUR, spamReason: 'too-fast' as const },
      { receivedAt: NOW - 2 * HOUR, spamReason: 'owner' as const },
      { receivedAt: NOW - 3 * HOUR },
    ];
    expect(keptAsSpamForDigest(spam, NOW)).toBe(2);
    expect(keptAsSpamOn(spam, '2026-11-29')).toBe(2);
  });
});
