import { describe, expect, it } from 'vitest';
import {
  sellerLegalDetailsSchema,
  vatRatesAllowed,
  type SellerLegalDetails,
} from '../../../../shared/domain/quotes/seller.ts';

/** Made-up details, for the test only (the agency's own are in src-web/content/facts.ts). */
const written: SellerLegalDetails = {
  placeholder: false,
  legalName: 'SARL Exemple Numérique',
  legalForm: { fr: 'SARL', ar: 'ش.ذ.م.م' },
  address: { fr: '1, rue Exemple, 13000 Tlemcen', ar: '1، شارع المثال، 13000 تلمسان' },
  rc: '13/00-0000000 B 26',
  nif: '000013000000000',
  nis: '000013000000000',
  articleImposition: '13000000000',
  account: { kind: 'rib', bank: 'Banque exemple', rib: '00000000000000000000' },
  taxRegime: { kind: 'reel' },
};

describe('the seller’s legal details, once written', () => {
  it('pass with a 15-digit NIF and a 20-digit RIB', () => {
    expect(sellerLegalDetailsSchema.safeParse(written).success).toBe(true);
  });

  it.each([
    ['nif', { nif: '0000130000' }, 'Le NIF compte 15 ou 20 chiffres.'],
    [
      'account.rib',
      { account: { kind: 'rib', bank: 'B', rib: '0000 0000 0000' } },
      'Le RIB compte 20 chiffres.',
    ],
    [
      'account.key',
      { account: { kind: 'ccp', ccp: '1234567', key: '7' } },
      'La clé du CCP compte 2 chiffres.',
    ],
    ['legalName', { legalName: ' ' }, 'Ce champ est obligatoire.'],
    ['placeholder', { placeholder: true }, undefined],
  ] as const)('refuse a wrong %s', (path, change, message) => {
    const result = sellerLegalDetailsSchema.safeParse({ ...written, ...change });
    expect(result.success).toBe(false);
    const issue = result.error?.issues.find((i) => i.path.join('.') === path);
    expect(issue).toBeDefined();
    if (message !== undefined) expect(issue?.message).toBe(message);
  });

  it('allow TVA rates by regime: three under the réel, none but 0 % under the IFU', () => {
    expect(vatRatesAllowed({ kind: 'reel' })).toEqual([19, 9, 0]);
    expect(vatRatesAllowed({ kind: 'ifu', mention: { fr: 'm', ar: 'm' } })).toEqual([0]);
  });
});
