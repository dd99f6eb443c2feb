import { describe, expect, it } from 'vitest';
import { FRENCH_CONTACT_MESSAGES } from '../../../../shared/domain/contact.ts';
import type { QuoteDraftInput } from '../../../../shared/domain/quotes/quote.ts';
import {
  normaliseNif,
  quoteClientName,
  quoteClientNameOfLead,
  quoteClientSchema,
  quoteDraftSchemaFor,
  quoteLineInputSchema,
} from '../../../../shared/domain/quotes/quote.ts';
import { parseScaledDecimal } from '../../../../shared/domain/quotes/money.ts';
import { quoteJsonSchema } from '../../../../shared/domain/quotes/record.ts';

const REEL = quoteDraftSchemaFor({ kind: 'reel' });
const IFU = quoteDraftSchemaFor({ kind: 'ifu', mention: { fr: 'IFU', ar: 'IFU' } });

const draft = (overrides: Partial<QuoteDraftInput> = {}): QuoteDraftInput => ({
  language: 'fr',
  issueDate: '2026-11-26',
  client: {
    kind: 'particulier',
    lastName: 'Exemple',
    firstName: 'Client',
    address: '3, rue de la Paix, Tlemcen',
  },
  lines: [
    {
      designation: 'Site vitrine',
      quantity: '1',
      unit: 'forfait',
      unitPrice: '120 000',
      vatRate: 19,
    },
  ],
  ...overrides,
});

/** The French sentence zod gives for the field at `path`. */
function errorAt(
  result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  path: string,
) {
  expect(result.success).toBe(false);
  return result.error?.issues.find((issue) => issue.path.join('.') === path)?.message;
}

describe('a quote as the owner writes it', () => {
  it('reads a good draft into integers, valid 30 days by default', () => {
    const quote = REEL.parse(
      draft({
        lines: [
          {
            designation: 'Formation',
            quantity: '1,5',
            unit: 'jour',
            unitPrice: '9 999,99',
            discount: '12,5',
            vatRate: 9,
          },
        ],
      }),
    );
    expect(quote.validUntil).toBe('2026-12-26');
    expect(quote.paidInCash).toBe(false);
    expect(quote.lines).toEqual([
      {
        designation: 'Formation',
        unit: 'jour',
        quantityMilli: 1500n,
        unitPrice: 9_999_99n,
        discountBasisPoints: 1250n,
        vatRate: 9,
      },
    ]);
  });

  it('takes another validity', () => {
    expect(REEL.parse(draft({ validityDays: 15 })).validUntil).toBe('2026-12-11');
  });

  it.each([
    ['lines.0.quantity', { quantity: '-2' }, 'Saisissez un nombre positif.'],
    ['lines.0.quantity', { quantity: '0' }, 'La quantité doit être supérieure à zéro.'],
    [
      'lines.0.quantity',
      { quantity: '1,2345' },
      'Saisissez une quantité, par exemple 2 ou 1,5 (trois décimales au plus).',
    ],
    [
      'lines.0.unitPrice',
      { unitPrice: '12 000 DA' },
      'Saisissez un prix en dinars, par exemple 120 000 ou 2 500,50.',
    ],
    ['lines.0.unitPrice', { unitPrice: '' }, 'Ce champ est obligatoire.'],
    ['lines.0.discount', { discount: '120' }, 'La remise ne peut pas dépasser 100 %.'],
    ['lines.0.designation', { designation: '   ' }, 'Ce champ est obligatoire.'],
    ['lines.0.vatRate', { vatRate: 7 }, 'Choisissez un taux de TVA : 19 %, 9 % ou 0 %.'],
  ] as const)('refuses %s %j in French', (path, change, message) => {
    const lines = [
      {
        designation: 'Site',
        quantity: '1',
        unit: 'forfait',
        unitPrice: '1000',
        vatRate: 19 as const,
        ...change,
      },
    ];
    expect(errorAt(REEL.safeParse(draft({ lines } as Partial<QuoteDraftInput>)), path)).toBe(
      message,
    );
  });

  it('refuses a quote without lines', () => {
    expect(errorAt(REEL.safeParse(draft({ lines: [] })), 'lines')).toBe(
      'Ajoutez au moins une ligne au devis.',
    );
  });

  it('refuses a TVA rate under the IFU, and takes 0 %', () => {
    expect(errorAt(IFU.safeParse(draft()), 'lines.0.vatRate')).toBe(
      'Au régime de l’IFU, le devis ne porte pas de TVA : choisissez 0 %.',
    );
    const lines = [
      {
        designation: 'Site',
        quantity: '1',
        unit: 'forfait',
        unitPrice: '1000',
        vatRate: 0 as const,
      },
    ];
    expect(IFU.safeParse(draft({ lines })).success).toBe(true);
  });

  it('refuses a client without a name', () => {
    const client = {
      kind: 'particulier' as const,
      lastName: '',
      firstName: 'Client',
      address: 'Tlemcen',
    };
    expect(errorAt(REEL.safeParse(draft({ client })), 'client.lastName')).toBe(
      'Ce champ est obligatoire.',
    );
    const company = {
      kind: 'entreprise' as const,
      legalName: ' ',
      address: 'Oran',
      nif: '000016001234567',
    };
    expect(errorAt(REEL.safeParse(draft({ client: company })), 'client.legalName')).toBe(
      'Ce champ est obligatoire.',
    );
  });

  it('refuses an impossible date', () => {
    expect(errorAt(REEL.safeParse(draft({ issueDate: '2026-02-30' })), 'issueDate')).toBe(
      'Saisissez une date valide.',
    );
  });
});

describe('the client', () => {
  it.each([
    ['000016001234567', '000016001234567'],
    ['0000 1600 1234 567', '000016001234567'],
    ['00001600123456789012', '00001600123456789012'],
  ])('takes the NIF %j as %s', (typed, nif) => {
    expect(normaliseNif(typed)).toBe(nif);
    const client = quoteClientSchema.parse({
      kind: 'entreprise',
      legalName: 'SARL Exemple',
      address: 'Oran',
      nif: typed,
    });
    expect(client).toMatchObject({ nif, rc: '', nis: '', articleImposition: '' });
  });

  it.each(['00001600123456', '0000160012345678', '0000160012345678901', '00001600123456A', ''])(
    'refuses the NIF %j under the field',
    (nif) => {
      const result = quoteClientSchema.safeParse({
        kind: 'entreprise',
        legalName: 'SARL Exemple',
        address: 'Oran',
        nif,
      });
      expect(errorAt(result, 'nif')).toBe(
        nif === ''
          ? 'Ce champ est obligatoire.'
          : 'Le NIF compte 15 ou 20 chiffres, par exemple 000016001234567.',
      );
    },
  );

  it('refuses a NIS with letters', () => {
    const result = quoteClientSchema.safeParse({
      kind: 'entreprise',
      legalName: 'SARL',
      address: 'Oran',
      nif: '000016001234567',
      nis: 'abc',
    });
    expect(errorAt(result, 'nis')).toBe('Le NIS ne contient que des chiffres.');
  });

  it.each([
    ['particulier', '0550 12 34 56', '+213550123456'],
    ['particulier', '+33 6 12 34 56 78', '+33612345678'],
    ['entreprise', '(0770) 11.22.33', '+213770112233'],
    ['entreprise', '  ', ''],
    ['particulier', undefined, ''],
  ] as const)('keeps a %s’s phone %j in E.164 (%j)', (kind, phone, stored) => {
    const base =
      kind === 'particulier'
        ? { kind, lastName: 'Exemple', firstName: 'Client', address: 'Tlemcen' }
        : { kind, legalName: 'Transport Oran Sud', address: 'Oran', nif: '000016001234567' };
    const client = quoteClientSchema.parse(phone === undefined ? base : { ...base, phone });
    expect(client.phone).toBe(stored);
  });

  it('reads a client stored before quotes had a phone as without one (no migration)', () => {
    // The embedded server keeps the client as JSON (quotes.client_json), Firestore as a map:
    // both are read through the quote's JSON schema.
    const stored = {
      kind: 'particulier',
      lastName: 'Exemple',
      firstName: 'Client',
      address: 'Oran',
    };
    expect(quoteJsonSchema.shape.client.parse(stored)).toEqual({ ...stored, phone: '' });
  });

  it.each(['0550 12', 'zéro cinq', '+213 550 12 34 56 78 90'])(
    'refuses the phone %j with the contact form’s sentence',
    (phone) => {
      const result = quoteClientSchema.safeParse({
        kind: 'particulier',
        lastName: 'Exemple',
        firstName: 'Client',
        address: 'Tlemcen',
        phone,
      });
      expect(errorAt(result, 'phone')).toBe(FRENCH_CONTACT_MESSAGES.phone);
    },
  );
});

describe('decimals typed by the owner, read without floating point', () => {
  it.each([
    ['120 000', 2, 12_000_000n],
    ['120\u202f000,50', 2, 12_000_050n],
    ['0.1', 2, 10n],
    ['1,5', 3, 1500n],
    ['99999999999999999999,99', 2, 9_999_999_999_999_999_999_999n],
  ] as const)('%j with %i decimals is %s', (text, decimals, value) => {
    expect(parseScaledDecimal(text, decimals)).toBe(value);
  });

  it.each(['', ',', '1,2,3', '1e3', '-1', '0x10', '1,234'])('refuses %j', (text) => {
    expect(parseScaledDecimal(text, 2)).toBeNull();
  });
});

describe('a line alone', () => {
  it('defaults the discount to none', () => {
    const line = quoteLineInputSchema.parse({
      designation: 'Logo',
      quantity: '1',
      unit: 'forfait',
      unitPrice: '25000',
      vatRate: 19,
    });
    expect(line.discount).toBe(0n);
  });
});

describe('a person’s name, kept whole', () => {
  it('takes a lead’s name whole as « Nom », never guessing where a first name ends', () => {
    for (const typed of [
      'Dr Client Exemple',
      'فاطمة الزهراء تجريبي',
      'Client Exemple (EURL Atlas)',
    ]) {
      expect(quoteClientNameOfLead(`  ${typed.replace(/ /gu, '  ')} `)).toEqual({
        lastName: typed,
        firstName: '',
      });
    }
  });

  it('accepts a person without a first name, and prints the name as typed', () => {
    const parsed = quoteClientSchema.parse({
      kind: 'particulier',
      lastName: 'فاطمة الزهراء تجريبي',
      address: 'Oran',
    });
    expect(parsed).toMatchObject({ lastName: 'فاطمة الزهراء تجريبي', firstName: '' });
    expect(quoteClientName(parsed)).toBe('فاطمة الزهراء تجريبي');
    // Split by the owner: « Nom » then « Prénom », as before.
    expect(quoteClientName({ kind: 'particulier', lastName: 'Exemple', firstName: 'Client' })).toBe(
      'Exemple Client',
    );
    expect(quoteClientName({ kind: 'entreprise', legalName: 'EURL Atlas Services' })).toBe(
      'EURL Atlas Services',
    );
  });
});
