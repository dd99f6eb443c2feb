import type { SellerLegalDetails } from '../domain/quotes/seller.ts';

/**
 * The agency's legal details, as its quotes show them (docs/quotes.md): raison sociale, forme
 * juridique, siège, RC, NIF, NIS, article d’imposition, the account a client pays into, and the
 * tax regime (réel: TVA per line; IFU: no TVA and its mention). Here, beside the agency's name,
 * rather than in src-web/content/facts.ts (which re-exports them): the embedded server and the
 * Cloud Function read them too (they check a draft's TVA rates against the regime and freeze
 * these details into every quote they send), and neither imports src-web.
 *
 * PLACEHOLDERS: none of these is the agency’s, and none is invented as real. Each one says in
 * brackets what to write; `placeholder: true` prints « Modèle » across every quote until the
 * agency writes its own details here and sets it to false (tests/web/content.test.ts then
 * checks them: a NIF of 15 or 20 digits, a RIB of 20).
 */
export const sellerLegalDetails: SellerLegalDetails = {
  placeholder: true,
  legalName: '[Raison sociale]',
  legalForm: {
    fr: '[Forme juridique : SARL, EURL, SPA ou personne physique]',
    ar: '[الشكل القانوني]',
  },
  address: { fr: '[Adresse du siège]', ar: '[عنوان المقر]' },
  rc: '[N° RC]',
  nif: '[NIF : 15 ou 20 chiffres]',
  nis: '[NIS]',
  articleImposition: '[Article d’imposition]',
  account: { kind: 'rib', bank: '[Banque]', rib: '[RIB : 20 chiffres]' },
  // Under the IFU: { kind: 'ifu', mention: { fr: '…', ar: '…' } }, with the mention the
  // agency's accountant gives (docs/quotes.md suggests one).
  taxRegime: { kind: 'reel' },
};
