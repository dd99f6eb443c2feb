import { describe, expect, it } from 'vitest';
import { sellerLegalDetails as exampleSeller } from '../../../../shared/content/seller.ts';
import { A_REAL_SELLER as sellerLegalDetails } from '../../backend/quotes-contract.ts';
import { QUOTE_MESSAGES, QUOTE_TOKEN_PATTERN } from '../../../../shared/domain/quotes/record.ts';
import { quoteLinkToken } from '../../../../shared/node/quote-link-token.ts';
import {
  decideAnswer,
  decideDraftChange,
  decideNewVersion,
  decideReadByLink,
  decideFirstView,
  decideResendLink,
  decideShowLink,
  decideSend,
  isQuoteOverdue,
  parseQuoteAnswer,
  quoteLinkState,
  quoteRecipient,
  type SendContext,
  type VersionSource,
} from '../../../../shared/domain/quotes/rules.ts';
import type { SellerLegalDetails } from '../../../../shared/domain/quotes/seller.ts';
import type { QuoteStatus } from '../../../../shared/domain/quotes/status.ts';

/** `hh:mm` on `day` in Algiers (UTC+1 all year), in ms. */
const algiers = (day: string, time = '12:00', seconds = 0, ms = 0): number =>
  Date.parse(
    `${day}T${time}:${String(seconds).padStart(2, '0')}.${String(ms).padStart(3, '0')}+01:00`,
  );

const NOON = algiers('2026-11-28');

const sent = (overrides: Partial<VersionSource> = {}): VersionSource => ({
  id: 'q1',
  leadId: 'lead-1',
  number: 'DEV-2026-0007',
  version: 1,
  status: 'envoye',
  language: 'fr',
  client: {
    kind: 'particulier',
    lastName: 'Benali',
    firstName: 'Samir',
    address: 'Oran',
    phone: '',
  },
  lines: [
    {
      designation: 'Site vitrine',
      unit: 'forfait',
      quantityMilli: 1000n,
      unitPrice: 15_000_000n,
      discountBasisPoints: 0n,
      vatRate: 19,
    },
  ],
  paidInCash: false,
  validityDays: 30,
  ...overrides,
});

describe('a draft changes in place, nothing else', () => {
  it('lets a draft be changed or deleted', () => {
    expect(decideDraftChange('brouillon', 'update').ok).toBe(true);
    expect(decideDraftChange('brouillon', 'remove').ok).toBe(true);
  });

  it.each<QuoteStatus>(['envoye', 'accepte', 'refuse', 'expire', 'remplace'])(
    'refuses to change or delete a quote « %s »',
    (status) => {
      expect(decideDraftChange(status, 'update')).toMatchObject({
        ok: false,
        kind: 'refused',
        message: QUOTE_MESSAGES.locked,
      });
      expect(decideDraftChange(status, 'remove')).toMatchObject({
        ok: false,
        message: QUOTE_MESSAGES.notADraft,
      });
    },
  );
});

describe('a new version', () => {
  it('copies the quote into a draft numbered -V2, dated the day it is made', () => {
    const decision = decideNewVersion(sent(), null, NOON);
    expect(decision).toMatchObject({
      ok: true,
      draft: {
        leadId: 'lead-1',
        number: 'DEV-2026-0007-V2',
        version: 2,
        replacesId: 'q1',
        status: 'brouillon',
        issueDate: '2026-11-28',
        validUntil: '2026-12-28',
        validityDays: 30,
      },
    });
    if (decision.ok) expect(decision.draft.lines).toEqual(sent().lines);
  });

  it('follows a refused or expired quote as well as a sent one', () => {
    expect(decideNewVersion(sent({ status: 'refuse' }), null, NOON).ok).toBe(true);
    expect(
      decideNewVersion(
        sent({ status: 'expire', version: 2, number: 'DEV-2026-0007-V2' }),
        null,
        NOON,
      ),
    ).toMatchObject({
      ok: true,
      draft: { number: 'DEV-2026-0007-V3', version: 3 },
    });
  });

  it('is refused for a draft, an accepted quote, a replaced one', () => {
    expect(decideNewVersion(sent({ status: 'brouillon', number: null }), null, NOON)).toMatchObject(
      {
        ok: false,
        message: QUOTE_MESSAGES.versionOfDraft,
      },
    );
    expect(decideNewVersion(sent({ status: 'accepte' }), null, NOON)).toMatchObject({
      ok: false,
      message: QUOTE_MESSAGES.versionOfAccepted,
    });
    expect(decideNewVersion(sent({ status: 'remplace' }), null, NOON)).toMatchObject({
      ok: false,
      message: QUOTE_MESSAGES.versionOfReplaced,
    });
  });

  it('sends the owner to the newer version when there is one', () => {
    expect(decideNewVersion(sent(), { status: 'brouillon' }, NOON)).toMatchObject({
      ok: false,
      kind: 'refused',
      message: QUOTE_MESSAGES.versionPending,
    });
    expect(decideNewVersion(sent({ status: 'refuse' }), { status: 'envoye' }, NOON)).toMatchObject({
      ok: false,
      message: QUOTE_MESSAGES.versionOfReplaced,
    });
  });

  it('says an accepted quote no longer changes even when a newer draft exists', () => {
    expect(
      decideNewVersion(sent({ status: 'accepte' }), { status: 'brouillon' }, NOON),
    ).toMatchObject({
      message: QUOTE_MESSAGES.versionOfAccepted,
    });
  });
});

describe('sending', () => {
  const draft = {
    status: 'brouillon' as QuoteStatus,
    leadId: 'm1',
    version: 1,
    replacesId: null as string | null,
    number: null as string | null,
    validityDays: 30,
    lines: [{ vatRate: 19 as const }],
  };
  /** The first version, sent as DEV-2026-0007, in `status`. */
  const sentBefore = (status: QuoteStatus) => ({
    id: 'q7',
    leadId: 'm1',
    version: 1,
    status,
    number: 'DEV-2026-0007',
  });
  const context = (overrides: Partial<SendContext> = {}): SendContext => ({
    now: NOON,
    seller: sellerLegalDetails,
    previous: null,
    counter: { year: 2026, sequence: 6, lastIssueDate: '2026-11-20' },
    recipient: 'client@exemple.dz',
    ...overrides,
  });

  it('refuses while a legal mention is missing or still an example (issue 49), and names them', () => {
    const decision = decideSend(draft, context({ seller: exampleSeller }));
    expect(decision).toMatchObject({ ok: false, kind: 'refused' });
    if (!decision.ok) {
      expect(decision.message).toMatch(
        /^Ce devis ne peut pas être envoyé : .*le NIF.* Complétez les mentions légales dans « Réglages »\./u,
      );
    }
    expect(
      decideSend(draft, context({ seller: { ...sellerLegalDetails, nif: '' } })),
    ).toMatchObject({
      ok: false,
      message:
        'Ce devis ne peut pas être envoyé : il manque le NIF. Complétez les mentions légales dans « Réglages ». Un brouillon reste enregistré et s’imprime comme « Modèle ».',
    });
  });

  it('numbers a first version after the series, dates and freezes it on the day', () => {
    const decision = decideSend(draft, context());
    expect(decision).toMatchObject({
      ok: true,
      quote: {
        status: 'envoye',
        number: 'DEV-2026-0007',
        issueDate: '2026-11-28',
        validUntil: '2026-12-28',
        seller: sellerLegalDetails,
        sentTo: 'client@exemple.dz',
        sentAt: NOON,
      },
      counter: { counter: { year: 2026, sequence: 7 }, lastIssueDate: '2026-11-28' },
      replacePrevious: false,
    });
  });

  it('starts the series at 0001 when none was numbered, and again each new year', () => {
    expect(decideSend(draft, context({ counter: null }))).toMatchObject({
      quote: { number: 'DEV-2026-0001' },
    });
    expect(decideSend(draft, context({ now: algiers('2027-01-01', '00:00') }))).toMatchObject({
      quote: { number: 'DEV-2027-0001', issueDate: '2027-01-01' },
    });
  });

  it('takes the day in Algiers: 23:30 UTC on 31 December is already next year', () => {
    const decision = decideSend(draft, context({ now: Date.UTC(2026, 11, 31, 23, 30) }));
    expect(decision).toMatchObject({ quote: { issueDate: '2027-01-01', number: 'DEV-2027-0001' } });
  });

  it('refuses a date before the last one numbered', () => {
    const decision = decideSend(
      draft,
      context({ counter: { year: 2026, sequence: 9, lastIssueDate: '2026-11-29' } }),
    );
    expect(decision).toMatchObject({
      ok: false,
      kind: 'refused',
      message: QUOTE_MESSAGES.dateBeforeLast('2026-11-28', '2026-11-29'),
    });
  });

  it('refuses a year before the last one numbered', () => {
    expect(
      decideSend(
        draft,
        context({ counter: { year: 2027, sequence: 1, lastIssueDate: '2027-01-02' } }),
      ),
    ).toMatchObject({
      ok: false,
      message:
        'Un devis de 2026 ne peut pas suivre un devis de 2027 : la numérotation suit l’ordre des dates.',
    });
  });

  it('sends a version under its own number and replaces the version it follows', () => {
    const version = { ...draft, version: 2, number: 'DEV-2026-0007-V2', replacesId: 'q7' };
    const decision = decideSend(
      version,
      context({ previous: sentBefore('envoye'), counter: null }),
    );
    expect(decision).toMatchObject({
      ok: true,
      quote: { number: 'DEV-2026-0007-V2' },
      counter: null,
      replacePrevious: true,
    });
    // A refused or expired version is not « Remplacé »: it keeps what it became.
    expect(decideSend(version, context({ previous: sentBefore('refuse') }))).toMatchObject({
      ok: true,
      replacePrevious: false,
    });
  });

  it('refuses a version whose previous version was accepted meanwhile', () => {
    const version = { ...draft, version: 2, number: 'DEV-2026-0007-V2', replacesId: 'q7' };
    expect(decideSend(version, context({ previous: sentBefore('accepte') }))).toMatchObject({
      ok: false,
      kind: 'refused',
      message: QUOTE_MESSAGES.previousAccepted,
    });
  });

  it('refuses a version that does not follow the quote it replaces', () => {
    const version = { ...draft, version: 2, number: 'DEV-2026-0008-V2', replacesId: 'q7' };
    expect(decideSend(version, context({ previous: sentBefore('envoye') }))).toMatchObject({
      ok: false,
      message: QUOTE_MESSAGES.versionAstray,
    });
    expect(decideSend(version, context({ previous: null }))).toMatchObject({
      ok: false,
      message: QUOTE_MESSAGES.versionAstray,
    });
  });

  it('refuses a version whose predecessor is not the one it replaces (issue 47, finding 4)', () => {
    const version = { ...draft, version: 2, number: 'DEV-2026-0007-V2', replacesId: 'q7' };
    const astray = { ok: false, message: QUOTE_MESSAGES.versionAstray };
    // Already replaced by another V2 that was sent: two live DEV-2026-0007-V2.
    expect(decideSend(version, context({ previous: sentBefore('remplace') }))).toMatchObject(
      astray,
    );
    for (const previous of [
      { ...sentBefore('envoye'), id: 'autre' },
      { ...sentBefore('envoye'), leadId: 'm2' },
      { ...sentBefore('envoye'), version: 2 },
      { ...sentBefore('brouillon'), number: null },
    ]) {
      expect(decideSend(version, context({ previous })), JSON.stringify(previous)).toMatchObject(
        astray,
      );
    }
    // A first version that says it replaces something, or comes with a number.
    expect(decideSend({ ...draft, replacesId: 'q7' }, context())).toMatchObject(astray);
    expect(decideSend({ ...draft, number: 'DEV-2026-0007-V2' }, context())).toMatchObject(astray);
  });

  it('refuses a quote already sent, answered, expired or replaced', () => {
    for (const status of ['envoye', 'accepte', 'refuse', 'expire', 'remplace'] as const) {
      const decision = decideSend({ ...draft, status }, context());
      expect(decision.ok).toBe(false);
      if (!decision.ok) expect(decision.kind).toBe('refused');
    }
  });

  it('refuses a VAT rate the regime frozen today forbids, under each line', () => {
    const ifu: SellerLegalDetails = {
      ...sellerLegalDetails,
      taxRegime: { kind: 'ifu', mention: { fr: 'IFU', ar: 'IFU' } },
    };
    const decision = decideSend(
      { ...draft, lines: [{ vatRate: 0 }, { vatRate: 19 }, { vatRate: 9 }] },
      context({ seller: ifu }),
    );
    expect(decision).toEqual({
      ok: false,
      kind: 'invalid-input',
      message: QUOTE_MESSAGES.checkLines,
      fields: {
        'lines.1.vatRate': QUOTE_MESSAGES.vatNotAllowed,
        'lines.2.vatRate': QUOTE_MESSAGES.vatNotAllowed,
      },
    });
  });

  it('sends to the address asked, else the lead’s own, else to nobody', () => {
    expect(quoteRecipient('autre@exemple.dz', 'client@exemple.dz')).toBe('autre@exemple.dz');
    expect(quoteRecipient(undefined, 'client@exemple.dz')).toBe('client@exemple.dz');
    expect(quoteRecipient(undefined, '')).toBeNull();
    expect(quoteRecipient(undefined, null)).toBeNull();
    expect(quoteRecipient(undefined, 42)).toBeNull();
  });

  it('shows the same link again while the quote is open, logs a send or a copy, and never for a quote without a live link (issue 44)', () => {
    const open = { status: 'envoye' as const, number: 'DEV-2026-0001', linkGeneration: 2 };
    expect(decideShowLink(open)).toEqual({ ok: true, generation: 2, event: null });
    expect(decideShowLink(open, 'whatsapp')).toEqual({
      ok: true,
      generation: 2,
      event: { number: 'DEV-2026-0001', action: 'whatsapp' },
    });
    expect(decideShowLink({ ...open, status: 'brouillon' })).toMatchObject({
      message: QUOTE_MESSAGES.sendFirst,
    });
    for (const status of ['expire', 'remplace'] as const) {
      expect(decideShowLink({ ...open, status })).toMatchObject({
        message: QUOTE_MESSAGES.noLinkNow,
      });
    }
    // Answered: the link still shows the answer, but nothing is sent any more.
    expect(decideShowLink({ ...open, status: 'accepte' }).ok).toBe(true);
    expect(decideShowLink({ ...open, status: 'refuse' }, 'lien')).toMatchObject({
      message: QUOTE_MESSAGES.shareWhenOpen,
    });
    // Sent before links were derived: only a new link can be shown.
    expect(decideShowLink({ ...open, linkGeneration: null })).toMatchObject({
      message: QUOTE_MESSAGES.linkBeforeStable,
    });
  });

  it('derives each link from the quote, its generation and the secret: the same each time, another for a new link', () => {
    const secret = 'un secret de test assez long pour les liens 0123';
    const first = quoteLinkToken(secret, 'q1', 1);
    expect(first).toMatch(QUOTE_TOKEN_PATTERN);
    expect(quoteLinkToken(secret, 'q1', 1)).toBe(first);
    expect(quoteLinkToken(secret, 'q1', 2)).not.toBe(first);
    expect(quoteLinkToken(secret, 'q2', 1)).not.toBe(first);
    expect(quoteLinkToken(`${secret}!`, 'q1', 1)).not.toBe(first);
    expect(() => quoteLinkToken('court', 'q1', 1)).toThrow(/trop court/u);
    expect(decideResendLink('envoye', 1)).toEqual({ ok: true, generation: 2 });
    expect(decideResendLink('envoye', null)).toEqual({ ok: true, generation: 1 });
  });

  it('records the client’s first opening of a sent quote only (« Vu le … », issue 44)', () => {
    const sentQuote = { status: 'envoye' as const, number: 'DEV-2026-0001', viewedAt: null };
    expect(decideFirstView(sentQuote, NOON)).toEqual({
      viewedAt: NOON,
      event: { number: 'DEV-2026-0001', action: 'vu' },
    });
    expect(decideFirstView({ ...sentQuote, viewedAt: NOON - 1 }, NOON)).toBeNull();
    expect(decideFirstView({ ...sentQuote, status: 'accepte' }, NOON)).toBeNull();
  });

  it('gives a new link to a sent quote only', () => {
    expect(decideResendLink('envoye').ok).toBe(true);
    expect(decideResendLink('brouillon')).toMatchObject({ message: QUOTE_MESSAGES.sendFirst });
    for (const status of ['accepte', 'refuse', 'expire', 'remplace'] as const) {
      expect(decideResendLink(status)).toMatchObject({ message: QUOTE_MESSAGES.linkDead });
    }
  });
});

describe('the client’s link', () => {
  const lastDay = '2026-12-01';
  const quote = (status: QuoteStatus) => ({ status, validUntil: lastDay });
  // The last valid day ends at midnight in Algiers: 23:00 UTC.
  const lastMillisecond = algiers(lastDay, '23:59', 59, 999);
  const firstExpired = lastMillisecond + 1;

  it('is open until the last millisecond of the last valid day, overdue from the next', () => {
    expect(quoteLinkState(quote('envoye'), lastMillisecond)).toBe('open');
    expect(quoteLinkState(quote('envoye'), firstExpired)).toBe('overdue');
    expect(isQuoteOverdue(quote('envoye'), lastMillisecond)).toBe(false);
    expect(isQuoteOverdue(quote('envoye'), firstExpired)).toBe(true);
  });

  it('shows an answered quote (accepted or refused) at any time, even past its date', () => {
    expect(quoteLinkState(quote('accepte'), firstExpired + 90 * 86_400_000)).toBe('answered');
    expect(quoteLinkState(quote('refuse'), NOON)).toBe('answered');
    expect(isQuoteOverdue(quote('accepte'), firstExpired)).toBe(false);
    expect(decideReadByLink(quote('refuse'), firstExpired).ok).toBe(true);
  });

  it('is dead for no quote, an expired, replaced or draft quote', () => {
    for (const found of [null, quote('expire'), quote('remplace'), quote('brouillon')]) {
      expect(quoteLinkState(found, NOON)).toBe('dead');
      expect(decideReadByLink(found, NOON)).toEqual({
        ok: false,
        kind: 'not-found',
        message: QUOTE_MESSAGES.linkDead,
        expire: false,
      });
    }
  });

  it('says to mark an overdue quote « Expiré » when its link is opened', () => {
    expect(decideReadByLink(quote('envoye'), firstExpired)).toMatchObject({
      ok: false,
      message: QUOTE_MESSAGES.linkDead,
      expire: true,
    });
    expect(decideReadByLink(quote('envoye'), lastMillisecond)).toEqual({ ok: true });
  });
});

describe('the client’s answer', () => {
  const open = { status: 'envoye' as QuoteStatus, validUntil: '2026-12-01' };

  it('accepts with the comment and the time; the lead is to be won', () => {
    expect(decideAnswer(open, { decision: 'accepte', comment: 'Parfait' }, NOON)).toEqual({
      ok: true,
      quote: { status: 'accepte', answer: { decision: 'accepte', comment: 'Parfait', at: NOON } },
      leadEvent: 'accepted',
    });
  });

  it('refuses on the last millisecond of the last day, not one later', () => {
    const last = algiers('2026-12-01', '23:59', 59, 999);
    expect(decideAnswer(open, { decision: 'refuse', comment: null }, last)).toMatchObject({
      ok: true,
      quote: { status: 'refuse' },
      leadEvent: 'refused',
    });
    expect(decideAnswer(open, { decision: 'refuse', comment: null }, last + 1)).toEqual({
      ok: false,
      kind: 'not-found',
      message: QUOTE_MESSAGES.linkDead,
      expire: true,
    });
  });

  it('never changes an answer given', () => {
    for (const status of ['accepte', 'refuse'] as const) {
      expect(
        decideAnswer({ ...open, status }, { decision: 'accepte', comment: null }, NOON),
      ).toEqual({
        ok: false,
        kind: 'refused',
        message: QUOTE_MESSAGES.alreadyAnswered,
      });
    }
  });

  it('is a dead link for an expired or replaced quote, or none', () => {
    for (const found of [
      { ...open, status: 'expire' as const },
      { ...open, status: 'remplace' as const },
      null,
    ]) {
      expect(decideAnswer(found, { decision: 'accepte', comment: null }, NOON)).toMatchObject({
        ok: false,
        message: QUOTE_MESSAGES.linkDead,
        expire: false,
      });
    }
  });

  it('reads the page’s answer: a decision, a comment trimmed (empty: none)', () => {
    expect(parseQuoteAnswer({ decision: 'accepte', comment: '  Merci  ' })).toEqual({
      ok: true,
      decision: 'accepte',
      comment: 'Merci',
    });
    expect(parseQuoteAnswer({ decision: 'refuse', comment: '   ' })).toEqual({
      ok: true,
      decision: 'refuse',
      comment: null,
    });
    expect(parseQuoteAnswer({ decision: 'peut-etre' })).toEqual({
      ok: false,
      kind: 'invalid-input',
      message: QUOTE_MESSAGES.checkAnswer,
      fields: { decision: QUOTE_MESSAGES.decision },
    });
    expect(parseQuoteAnswer({ decision: 'accepte', comment: 'x'.repeat(2001) })).toMatchObject({
      fields: { comment: QUOTE_MESSAGES.commentTooLong },
    });
  });
});
