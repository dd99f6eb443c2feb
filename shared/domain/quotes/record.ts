import { z } from 'zod';
import type { FieldIssue } from '../field-errors.ts';
import { QUOTE_LANGUAGES, type QuoteClient, type QuoteLine } from './quote.ts';
import { VAT_RATES, type SellerLegalDetails, type VatRate } from './seller.ts';
import type { StampDutyScale } from './stamp-duty.ts';
import { QUOTE_STATUSES, type QuoteStatus } from './status.ts';
import { computeQuoteTotals, type QuoteTotals } from './totals.ts';
import { typedText } from '../contact.ts';
import type { QuoteLanguage, quoteDraftSchemaFor } from './quote.ts';

/**
 * A quote as both backends keep it and hand it to the screens (the port `backend.quotes`,
 * shared/backend/ports.ts), and its JSON form, the same over HTTP and in Firestore: amounts and
 * quantities as decimal strings of their integers (a bigint has no JSON form, and a Firestore
 * number is a double). docs/quotes.md, « Le stockage ».
 */

/** The client's answer on the quote's page. */
export const QUOTE_DECISIONS = ['accepte', 'refuse'] as const;
export type QuoteDecision = (typeof QUOTE_DECISIONS)[number];

/** A comment left with the answer holds at most this many characters. */
export const ANSWER_COMMENT_MAX_LENGTH = 2000;

export interface QuoteAnswer {
  decision: QuoteDecision;
  /** The client's optional comment (trimmed; null when none). */
  comment: string | null;
  /** When it was given, in milliseconds since 1970 (the backend's clock). */
  at: number;
}

/** A quote, one version of it. */
export interface Quote {
  id: string;
  /** The lead (the inbox message) it was made for. */
  leadId: string;
  /**
   * `DEV-2026-0001`, given when the first version is sent (a first draft has none: null);
   * a new version has its number from the start, with its suffix (`DEV-2026-0001-V2`).
   */
  number: string | null;
  /** 1 for the first version. */
  version: number;
  /** The version this one follows (null for the first). */
  replacesId: string | null;
  status: QuoteStatus;
  language: QuoteLanguage;
  client: QuoteClient;
  lines: QuoteLine[];
  paidInCash: boolean;
  validityDays: number;
  /**
   * The date of issue (ISO day, Algiers): the day it was sent; for a draft, today (the day it
   * would go out).
   */
  issueDate: string;
  /** The last day it can be accepted: `issueDate` + `validityDays`. */
  validUntil: string;
  /**
   * The agency's legal details and tax regime: frozen when the quote is sent; for a draft,
   * the current ones (shared/content/seller.ts).
   */
  seller: SellerLegalDetails;
  /** The droit de timbre scale: that of the date of issue, frozen when sent. */
  stampDutyScale: StampDutyScale;
  createdAt: number;
  updatedAt: number;
  /** When it was sent (null for a draft). */
  sentAt: number | null;
  /** The address the link was e-mailed to (null: not e-mailed). */
  sentTo: string | null;
  /** The client's answer, once given. */
  answer: QuoteAnswer | null;
  /**
   * When the client first opened the link (« Vu le … », issue 44), in ms; null or absent: not
   * yet (the owner sees it, the client's page does not).
   */
  viewedAt?: number | null;
}

/** The totals of a quote (HT, TVA per rate, TTC, droit de timbre, net), by its own regime and scale. */
export function quoteTotals(
  quote: Pick<Quote, 'lines' | 'paidInCash' | 'seller' | 'stampDutyScale'>,
): QuoteTotals {
  return computeQuoteTotals(quote.lines, {
    regime: quote.seller.taxRegime,
    paidInCash: quote.paidInCash,
    scale: quote.stampDutyScale,
  });
}

/**
 * What the client sees through the link: the quote itself, with nothing of the lead or of
 * any other quote (no ids, no address it was sent to).
 */
export type PublicQuote = Omit<
  Quote,
  'id' | 'leadId' | 'replacesId' | 'sentTo' | 'createdAt' | 'updatedAt' | 'viewedAt'
>;

export function publicQuoteOf(quote: Quote): PublicQuote {
  return {
    number: quote.number,
    version: quote.version,
    status: quote.status,
    language: quote.language,
    client: quote.client,
    lines: quote.lines,
    paidInCash: quote.paidInCash,
    validityDays: quote.validityDays,
    issueDate: quote.issueDate,
    validUntil: quote.validUntil,
    seller: quote.seller,
    stampDutyScale: quote.stampDutyScale,
    sentAt: quote.sentAt,
    answer: quote.answer,
  };
}

// ---- what the owner sends -----------------------------------------------------------------

/**
 * A draft as the editor sends it: the fields of `quoteDraftSchemaFor` (language, client,
 * lines as typed text, validityDays, paidInCash) without the date of issue, which the backend
 * sets (the day it is sent).
 */
export type QuoteDraftFields = Omit<z.input<ReturnType<typeof quoteDraftSchemaFor>>, 'issueDate'>;

/**
 * French messages keyed by the field's whole path, joined by dots, the first for each:
 * `client.lastName`, `lines.0.quantity`, `lines` (no line at all), `language`. The editor
 * shows each under its field.
 */
export function quoteFieldErrors(issues: readonly FieldIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** The French sentences of the quotes' refusals, for the screens and the server's answers. */
export const QUOTE_MESSAGES = {
  notFound: 'Ce devis n’existe pas (ou plus).',
  leadNotFound: 'Ce contact n’est pas (ou plus) dans la boîte de réception.',
  locked:
    'Ce devis est envoyé : il ne peut plus être modifié. Créez-en une nouvelle version pour le changer.',
  notADraft: 'Seul un brouillon peut être supprimé : un devis envoyé reste dans la série.',
  versionOfDraft: 'Ce devis est un brouillon : modifiez-le directement.',
  versionOfAccepted: 'Ce devis est accepté : il ne change plus.',
  previousAccepted:
    'Le client a accepté la version précédente de ce devis : celle-ci ne peut plus être envoyée. Supprimez ce brouillon ou faites un nouveau devis.',
  versionOfReplaced: 'Ce devis a déjà une version plus récente : partez de celle-là.',
  versionPending: 'Une nouvelle version de ce devis est déjà en brouillon : modifiez-la.',
  linkDead:
    'Ce lien ne mène plus à un devis : il a expiré, une version plus récente l’a remplacé, ou il n’a jamais existé. Demandez à l’agence de vous renvoyer le devis.',
  alreadyAnswered: 'Ce devis a déjà reçu une réponse : elle ne peut plus être changée.',
  decision: 'Choisissez d’accepter ou de refuser le devis.',
  commentTooLong: `Le commentaire ne doit pas dépasser ${ANSWER_COMMENT_MAX_LENGTH.toLocaleString('fr-FR')} caractères.`,
  noRecipient: 'Ce contact n’a pas d’adresse e-mail : saisissez celle à laquelle envoyer le devis.',
  recipient: 'Saisissez une adresse e-mail valide, par exemple client@exemple.dz.',
  sendFirst: 'Ce devis est un brouillon : envoyez-le d’abord.',
  noLinkNow: 'Ce devis n’a plus de lien : il a expiré ou une version plus récente l’a remplacé.',
  shareWhenOpen:
    'Ce devis a déjà reçu une réponse (ou n’est plus en cours) : il n’y a plus rien à transmettre au client.',
  linkBeforeStable:
    'Le lien de ce devis a été fait avant que les liens puissent être remontrés : faites un nouveau lien (l’ancien cessera de fonctionner).',
  vatNotAllowed: 'Au régime de l’IFU, le devis ne porte pas de TVA : choisissez 0 %.',
  checkLines: 'Vérifiez les lignes du devis.',
  checkAnswer: 'Vérifiez votre réponse.',
  versionAstray: 'Ce brouillon ne suit pas le devis qu’il remplace : refaites la nouvelle version.',
  dateBeforeLast: (day: string, last: string) =>
    `Un devis daté du ${day} ne peut pas suivre un devis daté du ${last} : la numérotation suit l’ordre des dates.`,
} as const;

/** The comment's name, as its refusals start with it (« Le commentaire contient… »). */
export const ANSWER_COMMENT_LABEL = 'Le commentaire';

/** The client's answer as the page sends it. */
export const quoteAnswerBodySchema = z.strictObject({
  decision: z.enum(QUOTE_DECISIONS, { error: QUOTE_MESSAGES.decision }),
  /**
   * The contact form's refusals too (typedText): a PDI then an RLO reversed the owner's
   * e-mail line, and the push showed it raw.
   */
  comment: typedText(
    z.string().trim().max(ANSWER_COMMENT_MAX_LENGTH, { error: QUOTE_MESSAGES.commentTooLong }),
    ANSWER_COMMENT_LABEL,
    'several',
  ).optional(),
});
export type QuoteAnswerInput = z.input<typeof quoteAnswerBodySchema>;

/** « Envoyer au client »: the address to e-mail the link to, when not the lead's own. */
export const quoteSendBodySchema = z.strictObject({
  email: z
    .email({ error: QUOTE_MESSAGES.recipient })
    .max(254, { error: QUOTE_MESSAGES.recipient })
    .optional(),
});
export type QuoteSendOptions = z.input<typeof quoteSendBodySchema>;

// ---- the client's link ----------------------------------------------------------------------

/**
 * The client's page: `/pageDevis#<token>`. The token is in the fragment, which no browser
 * sends to a server: it is in no access log and no Referer; the page reads it and asks
 * `quotes.readByToken`.
 */
export const QUOTE_PAGE_PATH = '/pageDevis';

export function quoteLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/u, '')}${QUOTE_PAGE_PATH}#${token}`;
}

/** A token as the link carries it: 43 base64url characters (32 random bytes). */
export const QUOTE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/u;

// ---- the JSON form ----------------------------------------------------------------------------

const digits = z.string().regex(/^\d+$/u);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/u);
const bilingual = z.object({ fr: z.string(), ar: z.string() });

const accountJsonSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('rib'), bank: z.string(), rib: z.string() }),
  z.object({ kind: z.literal('ccp'), ccp: z.string(), key: z.string() }),
]);

const sellerJsonSchema = z.object({
  placeholder: z.boolean(),
  legalName: z.string(),
  legalForm: bilingual,
  address: bilingual,
  rc: z.string(),
  nif: z.string(),
  nis: z.string(),
  articleImposition: z.string(),
  account: accountJsonSchema,
  /** Absent from quotes sent before « Réglages ». */
  secondAccount: accountJsonSchema.optional(),
  taxRegime: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('reel') }),
    z.object({ kind: z.literal('ifu'), mention: bilingual, rate: z.string().optional() }),
    z.object({ kind: z.literal('auto-entrepreneur'), mention: bilingual }),
  ]),
  /** Absent from quotes sent before « Réglages ». */
  terms: z
    .object({
      paymentTerms: z.string(),
      depositPercent: z.string(),
      deliveryTime: z.string(),
      mentions: z.string(),
    })
    .optional(),
});

const scaleJsonSchema = z.object({
  source: z.string(),
  inForceFrom: day,
  tranche: digits,
  brackets: z.array(z.object({ upTo: digits.nullable(), perTranche: digits, label: z.string() })),
  minimum: digits,
  maximum: digits.nullable(),
});

const clientJsonSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('particulier'),
    lastName: z.string(),
    firstName: z.string(),
    address: z.string(),
    /** E.164 or '' (none); absent from a quote stored before the client had a phone. */
    phone: z.string().default(''),
  }),
  z.object({
    kind: z.literal('entreprise'),
    legalName: z.string(),
    address: z.string(),
    rc: z.string(),
    nif: z.string(),
    nis: z.string(),
    articleImposition: z.string(),
    phone: z.string().default(''),
  }),
]);

const lineJsonSchema = z.object({
  designation: z.string(),
  unit: z.string(),
  quantityMilli: digits,
  unitPrice: digits,
  discountBasisPoints: digits,
  vatRate: z.union(
    VAT_RATES.map((rate) => z.literal(rate)) as [z.ZodLiteral<VatRate>, ...z.ZodLiteral<VatRate>[]],
  ),
});

const answerJsonSchema = z.object({
  decision: z.enum(QUOTE_DECISIONS),
  comment: z.string().nullable(),
  at: z.number(),
});

const publicQuoteShape = {
  number: z.string().nullable(),
  version: z.number().int().min(1),
  status: z.enum(QUOTE_STATUSES),
  language: z.enum(QUOTE_LANGUAGES),
  client: clientJsonSchema,
  lines: z.array(lineJsonSchema),
  paidInCash: z.boolean(),
  validityDays: z.number().int(),
  issueDate: day,
  validUntil: day,
  seller: sellerJsonSchema,
  stampDutyScale: scaleJsonSchema,
  sentAt: z.number().nullable(),
  answer: answerJsonSchema.nullable(),
};

/** What the client's page receives (GET /api/quote-links/:token, the Cloud Function). */
export const publicQuoteJsonSchema = z.object(publicQuoteShape);
export type PublicQuoteJson = z.infer<typeof publicQuoteJsonSchema>;

/** A quote in JSON (the API's answers, Firestore's documents). */
export const quoteJsonSchema = z.object({
  ...publicQuoteShape,
  id: z.string().min(1),
  leadId: z.string().min(1),
  replacesId: z.string().nullable(),
  sentTo: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  viewedAt: z.number().nullable().default(null),
});
export type QuoteJson = z.infer<typeof quoteJsonSchema>;

const big = (text: string) => BigInt(text);
const bigOrNull = (text: string | null) => (text === null ? null : BigInt(text));
const text = (value: bigint) => value.toString();

export function scaleToJson(scale: StampDutyScale): QuoteJson['stampDutyScale'] {
  return {
    source: scale.source,
    inForceFrom: scale.inForceFrom,
    tranche: text(scale.tranche),
    brackets: scale.brackets.map((b) => ({
      upTo: b.upTo === null ? null : text(b.upTo),
      perTranche: text(b.perTranche),
      label: b.label,
    })),
    minimum: text(scale.minimum),
    maximum: scale.maximum === null ? null : text(scale.maximum),
  };
}

export function scaleFromJson(json: QuoteJson['stampDutyScale']): StampDutyScale {
  return {
    source: json.source,
    inForceFrom: json.inForceFrom,
    tranche: big(json.tranche),
    brackets: json.brackets.map((b) => ({
      upTo: bigOrNull(b.upTo),
      perTranche: big(b.perTranche),
      label: b.label,
    })),
    minimum: big(json.minimum),
    maximum: bigOrNull(json.maximum),
  };
}

export function linesToJson(lines: readonly QuoteLine[]): QuoteJson['lines'] {
  return lines.map((line) => ({
    designation: line.designation,
    unit: line.unit,
    quantityMilli: text(line.quantityMilli),
    unitPrice: text(line.unitPrice),
    discountBasisPoints: text(line.discountBasisPoints),
    vatRate: line.vatRate,
  }));
}

export function linesFromJson(lines: QuoteJson['lines']): QuoteLine[] {
  return lines.map((line) => ({
    designation: line.designation,
    unit: line.unit,
    quantityMilli: big(line.quantityMilli),
    unitPrice: big(line.unitPrice),
    discountBasisPoints: big(line.discountBasisPoints),
    vatRate: line.vatRate,
  }));
}

function publicToJson(quote: PublicQuote): PublicQuoteJson {
  return {
    number: quote.number,
    version: quote.version,
    status: quote.status,
    language: quote.language,
    client: quote.client,
    lines: linesToJson(quote.lines),
    paidInCash: quote.paidInCash,
    validityDays: quote.validityDays,
    issueDate: quote.issueDate,
    validUntil: quote.validUntil,
    seller: quote.seller,
    stampDutyScale: scaleToJson(quote.stampDutyScale),
    sentAt: quote.sentAt,
    answer: quote.answer,
  };
}

function publicFromJson(json: PublicQuoteJson): PublicQuote {
  return {
    ...json,
    lines: linesFromJson(json.lines),
    stampDutyScale: scaleFromJson(json.stampDutyScale),
  };
}

export function quoteToJson(quote: Quote): QuoteJson {
  return {
    ...publicToJson(quote),
    id: quote.id,
    leadId: quote.leadId,
    replacesId: quote.replacesId,
    sentTo: quote.sentTo,
    createdAt: quote.createdAt,
    updatedAt: quote.updatedAt,
    viewedAt: quote.viewedAt ?? null,
  };
}

export function quoteFromJson(json: QuoteJson): Quote {
  return {
    ...publicFromJson(json),
    id: json.id,
    leadId: json.leadId,
    replacesId: json.replacesId,
    sentTo: json.sentTo,
    createdAt: json.createdAt,
    updatedAt: json.updatedAt,
    viewedAt: json.viewedAt,
  };
}

export function publicQuoteToJson(quote: PublicQuote): PublicQuoteJson {
  return publicToJson(quote);
}

export function publicQuoteFromJson(json: PublicQuoteJson): PublicQuote {
  return publicFromJson(json);
}
