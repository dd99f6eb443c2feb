import type { PaymentAccount, SellerLegalDetails } from '../quotes/seller.ts';

/**
 * The legal mentions a quote cannot be sent without (issue 49): the agency's name, legal form
 * and address (French and Arabic, the two languages of a quote), RC, NIF, NIS, article
 * d’imposition, an account to pay into (RIB with its bank, or CCP with its key), and, outside
 * the régime du réel, the mention printed instead of TVA. One missing, or still the bracketed
 * example the product ships with (shared/content/seller.ts: « [NIF : 15 ou 20 chiffres] »),
 * and the quote prints « Modèle » and cannot leave (`quoteSendingRefusal`).
 *
 * One rule, on the seller a quote would print: whether it comes from « Réglages »
 * (`sellerOf`) or from the content module, the same fields are checked the same way.
 */
export interface MissingMention {
  /** The field's path in « Réglages » (`legal.nif`), where the screen shows it. */
  field: string;
  /** Its French name, as the editor lists it. */
  label: string;
  /** Empty, or still an example. */
  reason: 'missing' | 'example';
}

/** Whether a text is one of the product's bracketed examples (« [N° RC] »). */
export function isExampleText(text: string): boolean {
  return /\[[^\]]*\]/u.test(text);
}

type Check = readonly [field: string, label: string, value: string];

function accountChecks(account: PaymentAccount): Check[] {
  return account.kind === 'rib'
    ? [
        ['legal.rib', 'le RIB', account.rib],
        ['legal.bank', 'la banque du RIB', account.bank],
      ]
    : [
        ['legal.ccp', 'le CCP', account.ccp],
        ['legal.ccpKey', 'la clé du CCP', account.key],
      ];
}

/**
 * Which required legal mentions of `seller` are missing or still an example, in the order
 * « Réglages » shows them; none: a quote may be sent with it.
 */
export function missingSellerMentions(seller: SellerLegalDetails): MissingMention[] {
  const checks: Check[] = [
    ['agency.legalName', 'la raison sociale', seller.legalName],
    ['agency.legalFormFr', 'la forme juridique', seller.legalForm.fr],
    ['agency.legalFormAr', 'la forme juridique en arabe', seller.legalForm.ar],
    ['agency.addressFr', 'l’adresse du siège', seller.address.fr],
    ['agency.addressAr', 'l’adresse du siège en arabe', seller.address.ar],
    ['legal.rc', 'le RC', seller.rc],
    ['legal.nif', 'le NIF', seller.nif],
    ['legal.nis', 'le NIS', seller.nis],
    ['legal.articleImposition', 'l’article d’imposition', seller.articleImposition],
  ];
  const account = seller.account;
  const noAccount = account.kind === 'rib' ? account.rib.trim() === '' : account.ccp.trim() === '';
  if (!noAccount) checks.push(...accountChecks(account));
  if (seller.secondAccount) checks.push(...accountChecks(seller.secondAccount));
  if (seller.taxRegime.kind !== 'reel') {
    checks.push(
      ['tax.mentionFr', 'la mention du régime fiscal', seller.taxRegime.mention.fr],
      ['tax.mentionAr', 'la mention du régime fiscal en arabe', seller.taxRegime.mention.ar],
    );
  }
  const missing: MissingMention[] = [];
  for (const [field, label, value] of checks) {
    const text = value.trim();
    if (text === '') missing.push({ field, label, reason: 'missing' });
    else if (isExampleText(text)) missing.push({ field, label, reason: 'example' });
  }
  if (noAccount) {
    const at = missing.findIndex(
      (m) => !m.field.startsWith('agency.') && !m.field.startsWith('legal.'),
    );
    const entry: MissingMention = {
      field: 'legal.rib',
      label: 'un RIB ou un CCP',
      reason: 'missing',
    };
    if (at === -1) missing.push(entry);
    else missing.splice(at, 0, entry);
  }
  return missing;
}

/**
 * « Ce devis ne peut pas être envoyé : il manque le NIF et un RIB ou un CCP … », or null when
 * nothing is missing. The sentence a refused sending shows, on every backend.
 */
export function missingMentionsSentence(
  missing: readonly MissingMention[],
  document: 'quote' | 'invoice' = 'quote',
): string | null {
  if (missing.length === 0) return null;
  const examples = missing.filter((m) => m.reason === 'example').map((m) => m.label);
  const empty = missing.filter((m) => m.reason === 'missing').map((m) => m.label);
  const parts: string[] = [];
  if (empty.length > 0) parts.push(`il manque ${frenchList(empty)}`);
  if (examples.length > 0) {
    parts.push(
      `${frenchList(examples)} ${examples.length > 1 ? 'sont encore des exemples' : 'est encore un exemple'}`,
    );
  }
  if (document === 'invoice') {
    return `Cette facture ne peut pas être émise : ${parts.join(' ; ')}. Complétez les mentions légales dans « Réglages ».`;
  }
  return `Ce devis ne peut pas être envoyé : ${parts.join(' ; ')}. Complétez les mentions légales dans « Réglages ». Un brouillon reste enregistré et s’imprime comme « Modèle ».`;
}

/**
 * The refusal of « Envoyer au client » while the seller a quote would freeze lacks a required
 * mention (issue 49), or null: the quote may leave. Called by the sending decision of each
 * backend, never rewritten there.
 */
export function quoteSendingRefusal(seller: SellerLegalDetails): string | null {
  return missingMentionsSentence(missingSellerMentions(seller));
}

/**
 * The refusal of issuing an invoice while the seller it would freeze lacks a required mention
 * (décret exécutif 05-468, art. 3), or null (issue 46).
 */
export function invoiceIssuingRefusal(seller: SellerLegalDetails): string | null {
  return missingMentionsSentence(missingSellerMentions(seller), 'invoice');
}

function frenchList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} et ${items.at(-1)}`;
}
