/**
 * « Devis pas encore ouverts » (issue 44): a quote sent 3 days ago or more and never opened is
 * among the day's follow-ups, in the digest and « Aujourd’hui », so the owner knows whether to
 * call. Days are calendar days of Algiers, as a quote's dates are.
 */
import { describe, expect, it } from 'vitest';
import { EVERY_DAY_HOURS } from '../../../../shared/domain/leads/business-hours.ts';
import {
  dailyDigest,
  digestSubject,
  digestText,
} from '../../../../shared/domain/leads/follow-up.ts';
import { newLead } from '../../../../shared/domain/leads/pipeline.ts';
import { unopenedQuotes } from '../../../../shared/domain/quotes/unopened.ts';
import { composeDigestEmail } from '../../../../shared/notifications/digest-email.ts';
import { aMessage } from '../../../fixtures/messages.ts';
import { aSentQuote } from '../../../fixtures/quotes.ts';

/** Algiers is UTC+1 all year: `algiers(26, 10)` is 26 November 2026, 10:00 there. */
const algiers = (day: number, hour: number, minute = 0) =>
  Date.UTC(2026, 10, day, hour - 1, minute);

describe('the sent quotes not opened 3 days on', () => {
  it('lists a quote sent 3 calendar days ago or more, never opened, oldest first', () => {
    const quotes = [
      aSentQuote({ id: 'tard', number: 'DEV-2026-0002', sentAt: algiers(26, 23, 30) }),
      aSentQuote({ id: 'tot', number: 'DEV-2026-0001', sentAt: algiers(25, 9) }),
    ];
    // The 28th at 23:59: the quote of the 26th is 2 days old, not yet.
    expect(unopenedQuotes(quotes, algiers(28, 23, 59)).map((quote) => quote.id)).toEqual(['tot']);
    // The 29th at midnight, Algiers: 3 days, however late on the 26th it went (not 72 hours).
    expect(unopenedQuotes(quotes, algiers(29, 0))).toEqual([
      {
        id: 'tot',
        leadId: 'message-1',
        number: 'DEV-2026-0001',
        client: 'Transport Oran Sud',
        sentAt: algiers(25, 9),
      },
      {
        id: 'tard',
        leadId: 'message-1',
        number: 'DEV-2026-0002',
        client: 'Transport Oran Sud',
        sentAt: algiers(26, 23, 30),
      },
    ]);
  });

  it('leaves out a quote opened, answered, replaced, expired, past its last day, or a draft', () => {
    const now = algiers(30, 8);
    const left = [
      aSentQuote({ id: 'vu', viewedAt: algiers(27, 18) }),
      aSentQuote({ id: 'accepte', status: 'accepte' }),
      aSentQuote({ id: 'refuse', status: 'refuse' }),
      aSentQuote({ id: 'remplace', status: 'remplace' }),
      aSentQuote({ id: 'expire', status: 'expire' }),
      aSentQuote({ id: 'echu', validUntil: '2026-11-29' }),
      aSentQuote({ id: 'brouillon', status: 'brouillon', number: null, sentAt: null }),
    ];
    expect(unopenedQuotes(left, now)).toEqual([]);
    // Its last day is still a day to call.
    expect(
      unopenedQuotes([aSentQuote({ id: 'dernier', validUntil: '2026-11-30' })], now).map(
        (quote) => quote.id,
      ),
    ).toEqual(['dernier']);
  });

  it('puts them in the digest, by number, client and day sent, for the leads still open', () => {
    const messages = [
      aMessage({ id: 'ouvert', fullName: 'Transport Oran Sud', receivedAt: algiers(20, 10) }),
      aMessage({ id: 'perdu', fullName: 'Pharmacie du Port', receivedAt: algiers(20, 11) }),
    ];
    const leads = new Map([
      ['ouvert', { ...newLead('ouvert'), status: 'devis-envoye' as const, nextActionAt: null }],
      ['perdu', { ...newLead('perdu'), status: 'perdu' as const, nextActionAt: null }],
    ]);
    const quotes = [
      aSentQuote({ id: 'q1', leadId: 'ouvert' }),
      // Its lead was marked « Perdu »: no call to make.
      aSentQuote({ id: 'q2', leadId: 'perdu', number: 'DEV-2026-0002' }),
      // Its message was deleted or kept as spam.
      aSentQuote({ id: 'q3', leadId: 'parti', number: 'DEV-2026-0003' }),
    ];
    const now = algiers(29, 8);
    const digest = dailyDigest(messages, leads, now, { hours: EVERY_DAY_HOURS, quotes });
    expect(digest?.unopenedQuotes.map((quote) => quote.id)).toEqual(['q1']);
    if (!digest) throw new Error('no digest');
    expect(digestSubject(digest)).toBe('Votre journée : 1 devis non ouvert');
    expect(digestText(digest)).toBe(
      [
        'Devis pas encore ouverts, envoyés il y a 3 jours ou plus :',
        '- DEV-2026-0001 — Transport Oran Sud (envoyé le 26/11/2026)',
      ].join('\n'),
    );
    const email = composeDigestEmail(digest, { publicUrl: 'https://agence.test' });
    expect(email.html).toContain(
      '<a href="https://agence.test/pageDashboard?message=ouvert">DEV-2026-0001 — <bdi>Transport Oran Sud</bdi></a>',
    );
    expect(email.html).toContain('(envoyé le 26/11/2026)');

    // The day before, or once the client opened it: nothing to say, no digest.
    expect(
      dailyDigest(messages, leads, algiers(28, 8), { hours: EVERY_DAY_HOURS, quotes }),
    ).toBeNull();
    expect(
      dailyDigest(messages, leads, now, {
        hours: EVERY_DAY_HOURS,
        quotes: [aSentQuote({ id: 'q1', leadId: 'ouvert', viewedAt: algiers(28, 20) })],
      }),
    ).toBeNull();
  });
});
