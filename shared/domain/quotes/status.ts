/**
 * A quote's life: Brouillon → Envoyé → Accepté | Refusé | Expiré, and Remplacé for a sent
 * version once its next version is sent. Only a draft can be changed; a sent quote is locked
 * (a change makes a new version, numbering.ts). Which transition is allowed is decided here,
 * once, for every backend and screen.
 */

export const QUOTE_STATUSES = [
  'brouillon',
  'envoye',
  'accepte',
  'refuse',
  'expire',
  'remplace',
] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** What each state is called on screen and on the quote. */
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  brouillon: 'Brouillon',
  envoye: 'Envoyé',
  accepte: 'Accepté',
  refuse: 'Refusé',
  expire: 'Expiré',
  remplace: 'Remplacé',
};

export type QuoteEvent = 'envoyer' | 'accepter' | 'refuser' | 'expirer' | 'remplacer';

const TRANSITIONS: Record<QuoteStatus, Partial<Record<QuoteEvent, QuoteStatus>>> = {
  brouillon: { envoyer: 'envoye' },
  envoye: { accepter: 'accepte', refuser: 'refuse', expirer: 'expire', remplacer: 'remplace' },
  accepte: {},
  refuse: {},
  expire: {},
  remplace: {},
};

const EVENT_WORDS: Record<QuoteEvent, string> = {
  envoyer: 'envoyé',
  accepter: 'accepté',
  refuser: 'refusé',
  expirer: 'marqué expiré',
  remplacer: 'remplacé',
};

export type QuoteTransition = { ok: true; status: QuoteStatus } | { ok: false; error: string };

/**
 * The state after `event`, or why it cannot happen (a French sentence). `today` and
 * `validUntil` are ISO dates (Algiers calendar day): a quote can be sent, accepted or refused
 * up to its last valid day included, and expires only after it.
 */
export function transitionQuote(
  status: QuoteStatus,
  event: QuoteEvent,
  dates: { today: string; validUntil: string },
): QuoteTransition {
  const next = TRANSITIONS[status][event];
  if (next === undefined) {
    return {
      ok: false,
      error: `Un devis ${QUOTE_STATUS_LABELS[status].toLowerCase()} ne peut pas être ${EVENT_WORDS[event]}.`,
    };
  }
  const expired = dates.today > dates.validUntil;
  if (event === 'envoyer' && expired) {
    return {
      ok: false,
      error: 'La date de validité de ce devis est passée : changez-la avant de l’envoyer.',
    };
  }
  if ((event === 'accepter' || event === 'refuser') && expired) {
    return { ok: false, error: 'Ce devis a expiré : il ne peut plus recevoir de réponse.' };
  }
  if (event === 'expirer' && !expired) {
    return {
      ok: false,
      error: 'Ce devis est encore valide : il n’expire qu’après sa date de validité.',
    };
  }
  return { ok: true, status: next };
}

/** Whether a quote in `status` may still be changed in place (only a draft). */
export function isQuoteEditable(status: QuoteStatus): boolean {
  return status === 'brouillon';
}
