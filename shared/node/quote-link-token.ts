import { createHash, createHmac } from 'node:crypto';

/**
 * The client's link token, derived rather than drawn (issue 44, docs/quotes.md, « Le lien du
 * client »): HMAC-SHA256 of the quote's id and its link's generation under the server's secret,
 * 32 bytes in base64url (43 characters, QUOTE_TOKEN_PATTERN). The same quote and generation
 * always give the same token, so the owner can show, copy or send the link again as often as
 * needed; a new link is the next generation, whose token differs, the old one's hash being
 * replaced. Stores keep the generation and the token's SHA-256, never the token or the secret:
 * a leaked database or backup opens no quote. Written once for the embedded server and the
 * Cloud Functions (Node both); the browser never sees the secret.
 */

/** The shortest secret accepted (characters): 32 bytes in base64url make 43. */
export const QUOTE_LINK_SECRET_MIN_LENGTH = 32;

/**
 * What a link opens: a quote's page (`devis-lien`) or an invoice's (`facture-lien`, issue 46).
 * The purpose is part of what is signed: a quote and an invoice with the same id never share
 * a token.
 */
export type LinkPurpose = 'devis-lien' | 'facture-lien';

export function quoteLinkToken(secret: string, quoteId: string, generation: number): string {
  return documentLinkToken(secret, 'devis-lien', quoteId, generation);
}

/** A document's link token: HMAC-SHA256 of its purpose, id and generation under the secret. */
export function documentLinkToken(
  secret: string,
  purpose: LinkPurpose,
  id: string,
  generation: number,
): string {
  if (secret.length < QUOTE_LINK_SECRET_MIN_LENGTH) {
    throw new Error('Le secret des liens des devis est trop court (32 caractères au moins).');
  }
  if (!Number.isInteger(generation) || generation < 1) {
    throw new Error(`Génération de lien invalide : ${generation}.`);
  }
  return createHmac('sha256', secret)
    .update(`${purpose}\u0000${id}\u0000${generation}`)
    .digest('base64url');
}

/** SHA-256 of a link's token, in hex: what stores keep to find the quote, never the token. */
export function hashQuoteToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** An invoice's link (one generation: an issued invoice never changes) and its hash. */
export function invoiceLinkOf(secret: string, invoiceId: string): { token: string; hash: string } {
  const token = documentLinkToken(secret, 'facture-lien', invoiceId, 1);
  return { token, hash: hashQuoteToken(token) };
}

/** The token of `generation` and its hash. */
export function quoteLinkOf(
  secret: string,
  quoteId: string,
  generation: number,
): { token: string; hash: string; generation: number } {
  const token = quoteLinkToken(secret, quoteId, generation);
  return { token, hash: hashQuoteToken(token), generation };
}
