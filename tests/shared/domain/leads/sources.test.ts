import type { WhatsappTap } from '../../../../shared/domain/whatsapp-taps.ts';
import { describe, expect, it } from 'vitest';
import {
  firstReplyAt,
  formatDelay,
  leadSourceOf,
  provenanceOf,
  sourcesSummary,
} from '../../../../shared/domain/leads/sources.ts';
import {
  newLead,
  type Lead,
  type LeadEvent,
  type LeadStatus,
} from '../../../../shared/domain/leads/pipeline.ts';
import { aMessage } from '../../../fixtures/messages.ts';

describe('« Provenance » of a message', () => {
  it.each([
    [
      'an Arabic page, an ad campaign',
      {
        language: 'ar',
        pagePath: '/ar/pageContact',
        referrer: 'l.facebook.com',
        utmSource: 'facebook',
        utmMedium: 'cpc',
        utmCampaign: 'ramadan',
      },
      [
        ['Page', '/ar/pageContact (en arabe)'],
        ['Site référent', 'l.facebook.com'],
        ['Source (utm_source)', 'facebook'],
        ['Support (utm_medium)', 'cpc'],
        ['Campagne (utm_campaign)', 'ramadan'],
      ],
    ],
    [
      'a French page reached directly',
      { pagePath: '/pageAccueil' },
      [
        ['Page', '/pageAccueil (en français)'],
        ['Site référent', 'Aucun (accès direct)'],
      ],
    ],
    ['a message received before it was recorded', {}, null],
  ] as const)('%s', (_, overrides, rows) => {
    const found = provenanceOf(aMessage(overrides));
    expect(found && found.map(({ label, value }) => [label, value])).toEqual(rows);
  });
});

describe('the source of a lead, in one word', () => {
  it.each([
    ['its campaign first', { utmSource: 'facebook', referrer: 'l.facebook.com' }, 'facebook'],
    [
      'the referring site, without www.',
      { referrer: 'www.google.com', pagePath: '/' },
      'google.com',
    ],
    ['a direct visit', { pagePath: '/pageContact' }, 'Accès direct'],
    ['nothing recorded', {}, 'Non enregistrée'],
  ] as const)('%s', (_, overrides, source) => {
    expect(leadSourceOf(aMessage(overrides))).toBe(source);
  });
});

describe('when the owner first answered', () => {
  const status = (at: number, to: LeadStatus): LeadEvent => ({
    id: `s${at}`,
    type: 'status',
    at,
    status: to,
    lostReason: to === 'perdu' ? 'prix' : null,
  });
  it.each([
    ['never', [], null],
    ['a note is no answer', [{ id: 'n', type: 'note', at: 5, text: 'x', correctedAt: null }], null],
    ['lost without an answer', [status(7, 'perdu')], null],
    ['a reply from a shortcut', [{ id: 'r', type: 'reply', at: 9, channel: 'whatsapp' }], 9],
    [
      'the earliest of a reply and « Contacté »',
      [status(30, 'contacte'), { id: 'r', type: 'reply', at: 20, channel: 'email' }],
      20,
    ],
    ['a lead won at once', [status(40, 'gagne')], 40],
  ] as const)('%s', (_, timeline, at) => {
    expect(firstReplyAt({ timeline: [...timeline] as LeadEvent[] })).toBe(at);
  });
});

describe('the « Sources » summary', () => {
  const NOW = Date.UTC(2026, 10, 26, 12);
  const HOUR = 60 * 60 * 1000;
  const DAY = 24 * HOUR;
  const lead = (
    id: string,
    status: LeadStatus,
    answeredAfter: number | null,
    received: number,
  ): Lead => ({
    ...newLead(id),
    status,
    timeline:
      answeredAfter === null
        ? []
        : [{ id: `${id}-r`, type: 'reply', at: received + answeredAfter, channel: 'appel' }],
  });
  const messages = [
    aMessage({
      id: 'a',
      receivedAt: NOW - 2 * DAY,
      utmSource: 'facebook',
      pagePath: '/pageServices',
    }),
    aMessage({
      id: 'b',
      receivedAt: NOW - 10 * DAY,
      utmSource: 'facebook',
      pagePath: '/pageContact',
    }),
    aMessage({
      id: 'c',
      receivedAt: NOW - 20 * DAY,
      utmSource: 'facebook',
      pagePath: '/pageContact',
    }),
    aMessage({
      id: 'd',
      receivedAt: NOW - 5 * DAY,
      referrer: 'www.google.com',
      pagePath: '/pageContact',
    }),
    // Older than 30 days, within 90.
    aMessage({ id: 'e', receivedAt: NOW - 60 * DAY, pagePath: '/ar/pageContact', language: 'ar' }),
    // Older than 90 days, and one without its time yet: in neither period.
    aMessage({ id: 'f', receivedAt: NOW - 100 * DAY, utmSource: 'facebook' }),
    aMessage({ id: 'g', receivedAt: null, utmSource: 'facebook' }),
  ];
  const leads = new Map<string, Lead>([
    ['a', lead('a', 'gagne', 1 * HOUR, NOW - 2 * DAY)],
    ['b', lead('b', 'contacte', 3 * HOUR, NOW - 10 * DAY)],
    ['c', lead('c', 'perdu', null, NOW - 20 * DAY)],
    ['e', lead('e', 'gagne', 2 * DAY, NOW - 60 * DAY)],
  ]);

  it('counts the last 30 days per source: leads, contacted, won, conversion, median first answer', () => {
    const summary = sourcesSummary(messages, leads, NOW, 30);
    expect(summary.total).toEqual({
      label: 'Tous',
      leads: 4,
      contacted: 2,
      won: 1,
      conversion: 0.25,
      medianFirstReplyMs: 2 * HOUR,
      whatsappTaps: 0,
    });
    expect(summary.bySource).toEqual([
      {
        label: 'facebook',
        leads: 3,
        contacted: 2,
        won: 1,
        conversion: 1 / 3,
        medianFirstReplyMs: 2 * HOUR,
        whatsappTaps: 0,
      },
      {
        label: 'google.com',
        leads: 1,
        contacted: 0,
        won: 0,
        conversion: 0,
        medianFirstReplyMs: null,
        whatsappTaps: 0,
      },
    ]);
    expect(summary.byPage.map((row) => [row.label, row.leads, row.won])).toEqual([
      ['/pageContact', 3, 0],
      ['/pageServices', 1, 1],
    ]);
  });

  it('reaches back 90 days when asked', () => {
    const summary = sourcesSummary(messages, leads, NOW, 90);
    expect(summary.total).toMatchObject({ leads: 5, contacted: 3, won: 2, conversion: 0.4 });
    expect(summary.total.medianFirstReplyMs).toBe(3 * HOUR);
    expect(summary.bySource.map((row) => row.label)).toEqual([
      'facebook',
      'Accès direct',
      'google.com',
    ]);
  });

  it('counts a lead typed in by its source and on its own page row, not in the reply delays', () => {
    const typedIn = aMessage({ id: 't', receivedAt: NOW - DAY, source: 'telephone' });
    const withIt = new Map(leads).set('t', {
      ...lead('t', 'contacte', null, NOW - DAY),
      timeline: [
        { id: 't-s', type: 'status', at: NOW - DAY, status: 'contacte', lostReason: null },
      ],
    });
    const summary = sourcesSummary([...messages, typedIn], withIt, NOW, 30);
    expect(summary.total).toMatchObject({ leads: 5, contacted: 3, medianFirstReplyMs: 2 * HOUR });
    expect(summary.bySource).toContainEqual(
      expect.objectContaining({ label: 'Téléphone', leads: 1, contacted: 1 }),
    );
    // « Saisi à la main »: the rows per page add up to the total (they made 4 of 5).
    expect(summary.byPage).toContainEqual(
      expect.objectContaining({ label: 'Saisi à la main', leads: 1, contacted: 1 }),
    );
    expect(summary.byPage.reduce((sum, row) => sum + row.leads, 0)).toBe(summary.total.leads);
  });

  it('counts the WhatsApp taps of the period beside the leads, per source and per page', () => {
    const tap = (at: number, fields: Partial<WhatsappTap> = {}): WhatsappTap => ({
      at,
      pagePath: '/pageServices',
      language: 'fr',
      plan: 'site-dynamique',
      referrer: null,
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      ...fields,
    });
    const taps = [
      tap(NOW - HOUR, { utmSource: 'facebook' }),
      tap(NOW - 2 * DAY, { utmSource: 'facebook', pagePath: '/ar/pageServices', language: 'ar' }),
      tap(NOW - 3 * DAY, { referrer: 'www.instagram.com', pagePath: '/pageAccueil', plan: null }),
      tap(NOW - 4 * DAY),
      // Older than 30 days.
      tap(NOW - 40 * DAY, { utmSource: 'facebook' }),
    ];
    const summary = sourcesSummary(messages, leads, NOW, 30, taps);
    expect(summary.total).toMatchObject({ leads: 4, whatsappTaps: 4 });
    expect(summary.bySource.map((row) => [row.label, row.leads, row.whatsappTaps])).toEqual([
      ['facebook', 3, 2],
      ['google.com', 1, 0],
      // Sources that brought taps but no lead have their rows, after those with leads.
      ['Accès direct', 0, 1],
      ['instagram.com', 0, 1],
    ]);
    expect(summary.byPage.map((row) => [row.label, row.leads, row.whatsappTaps])).toEqual([
      ['/pageContact', 3, 0],
      ['/pageServices', 1, 2],
      ['/ar/pageServices', 0, 1],
      ['/pageAccueil', 0, 1],
    ]);
    expect(sourcesSummary(messages, leads, NOW, 90, taps).total.whatsappTaps).toBe(5);
  });

  it('is empty, not broken, with no lead in the period', () => {
    const summary = sourcesSummary([], new Map(), NOW, 30);
    expect(summary.total).toMatchObject({ leads: 0, conversion: 0, medianFirstReplyMs: null });
    expect(summary.bySource).toEqual([]);
  });

  it.each([
    [45 * 60_000, '45 min'],
    [3 * HOUR, '3 h'],
    [3 * HOUR + 20 * 60_000, '3 h 20 min'],
    [2 * DAY, '2 j'],
    [2 * DAY + 4 * HOUR + 10 * 60_000, '2 j 4 h'],
  ])('says a delay of %i ms « %s »', (ms, said) => {
    expect(formatDelay(ms)).toBe(said);
  });
});
