import { describe, expect, it } from 'vitest';
import {
  formatQuoteNumber,
  nextQuoteNumber,
  nextVersionNumber,
  parseQuoteNumber,
} from '../../../../shared/domain/quotes/numbering.ts';
import { isQuoteEditable, transitionQuote } from '../../../../shared/domain/quotes/status.ts';
import { todayInAlgiers, validUntil } from '../../../../shared/domain/quotes/validity.ts';

describe('quote numbers', () => {
  it('starts each year at 0001 and follows on, one number after the other', () => {
    let counter = null;
    const numbers: string[] = [];
    for (const year of [2026, 2026, 2026, 2027, 2027]) {
      const next = nextQuoteNumber(counter, year);
      numbers.push(next.number);
      counter = next.counter;
    }
    expect(numbers).toEqual([
      'DEV-2026-0001',
      'DEV-2026-0002',
      'DEV-2026-0003',
      'DEV-2027-0001',
      'DEV-2027-0002',
    ]);
  });

  it('never reuses a number: it follows the last given, not the quotes left', () => {
    // DEV-2026-0007 was deleted: the counter still says 7.
    expect(nextQuoteNumber({ year: 2026, sequence: 7 }, 2026).number).toBe('DEV-2026-0008');
  });

  it('refuses a year before the last one (the series is chronological)', () => {
    expect(() => nextQuoteNumber({ year: 2027, sequence: 1 }, 2026)).toThrow(
      'Un devis de 2026 ne peut pas suivre un devis de 2027 : la numérotation suit l’ordre des dates.',
    );
  });

  it('grows past 9999 without losing the order', () => {
    expect(nextQuoteNumber({ year: 2026, sequence: 9999 }, 2026).number).toBe('DEV-2026-10000');
  });

  it('gives a changed quote a version suffix that keeps its number', () => {
    expect(nextVersionNumber('DEV-2026-0001')).toBe('DEV-2026-0001-V2');
    expect(nextVersionNumber('DEV-2026-0001-V2')).toBe('DEV-2026-0001-V3');
    expect(formatQuoteNumber(2026, 42, 1)).toBe('DEV-2026-0042');
  });

  it.each([
    'DEV-2026-0000',
    'DEV-2026-0001-V1',
    'DEV-2026-1',
    'DEV-26-0001',
    'dev-2026-0001',
    'DEV-2026-0001-V',
  ])('reads %j as no number', (text) => {
    expect(parseQuoteNumber(text)).toBeNull();
  });

  it('reads a number back', () => {
    expect(parseQuoteNumber('DEV-2026-0012-V3')).toEqual({ year: 2026, sequence: 12, version: 3 });
  });
});

describe('validity', () => {
  it('is 30 days by default, across months and years', () => {
    expect(validUntil('2026-11-26')).toBe('2026-12-26');
    expect(validUntil('2026-12-15')).toBe('2027-01-14');
    expect(validUntil('2028-02-01')).toBe('2028-03-02');
  });

  it('counts the day in Algiers, not in UTC', () => {
    // 23:30 UTC on 31 December is already 1 January in Algiers (UTC+1).
    expect(todayInAlgiers(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });
});

describe('a quote’s states', () => {
  const dates = { today: '2026-12-01', validUntil: '2026-12-26' };
  const late = { today: '2026-12-27', validUntil: '2026-12-26' };

  it('goes Brouillon → Envoyé → Accepté, Refusé or Expiré', () => {
    expect(transitionQuote('brouillon', 'envoyer', dates)).toEqual({ ok: true, status: 'envoye' });
    expect(transitionQuote('envoye', 'accepter', dates)).toEqual({ ok: true, status: 'accepte' });
    expect(transitionQuote('envoye', 'refuser', dates)).toEqual({ ok: true, status: 'refuse' });
    expect(transitionQuote('envoye', 'expirer', late)).toEqual({ ok: true, status: 'expire' });
  });

  it('replaces a sent quote by its next version; nothing leaves « Remplacé »', () => {
    expect(transitionQuote('envoye', 'remplacer', dates)).toEqual({ ok: true, status: 'remplace' });
    expect(transitionQuote('accepte', 'remplacer', dates)).toEqual({
      ok: false,
      error: 'Un devis accepté ne peut pas être remplacé.',
    });
    for (const event of ['envoyer', 'accepter', 'refuser', 'expirer', 'remplacer'] as const) {
      expect(transitionQuote('remplace', event, late).ok).toBe(false);
    }
    expect(isQuoteEditable('remplace')).toBe(false);
  });

  it('does not send a draft whose validity date has passed', () => {
    expect(transitionQuote('brouillon', 'envoyer', late)).toEqual({
      ok: false,
      error: 'La date de validité de ce devis est passée : changez-la avant de l’envoyer.',
    });
  });

  it('accepts an answer on the last valid day, not after', () => {
    expect(
      transitionQuote('envoye', 'accepter', { today: '2026-12-26', validUntil: '2026-12-26' }).ok,
    ).toBe(true);
    expect(transitionQuote('envoye', 'accepter', late)).toEqual({
      ok: false,
      error: 'Ce devis a expiré : il ne peut plus recevoir de réponse.',
    });
    expect(transitionQuote('envoye', 'expirer', dates)).toEqual({
      ok: false,
      error: 'Ce devis est encore valide : il n’expire qu’après sa date de validité.',
    });
  });

  it.each([
    ['brouillon', 'accepter', 'Un devis brouillon ne peut pas être accepté.'],
    ['accepte', 'refuser', 'Un devis accepté ne peut pas être refusé.'],
    ['refuse', 'accepter', 'Un devis refusé ne peut pas être accepté.'],
    ['expire', 'envoyer', 'Un devis expiré ne peut pas être envoyé.'],
    ['envoye', 'envoyer', 'Un devis envoyé ne peut pas être envoyé.'],
  ] as const)('refuses %s + %s in French', (status, event, error) => {
    expect(transitionQuote(status, event, dates)).toEqual({ ok: false, error });
  });

  it('locks a quote once sent', () => {
    expect(isQuoteEditable('brouillon')).toBe(true);
    for (const status of ['envoye', 'accepte', 'refuse', 'expire'] as const) {
      expect(isQuoteEditable(status)).toBe(false);
    }
  });
});
