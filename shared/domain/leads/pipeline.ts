import { z } from 'zod';
import { AGENCY_TIME_ZONE, nextBusinessInstant, type WorkingHours } from './business-hours.ts';

/**
 * The lead pipeline (issue 33, docs/inbox.md « Le suivi des contacts »): every message of the
 * inbox is a lead with a status, a timeline (status changes, notes, replies sent), a next
 * action « Relancer le » and an estimated value. A message with no pipeline record yet is a
 * lead « Nouveau » since it was received: a visitor never writes any of this.
 */

/** The statuses, in the order a lead goes through them, with the words the owner sees. */
export const LEAD_STATUSES = {
  nouveau: 'Nouveau',
  contacte: 'Contacté',
  'devis-envoye': 'Devis envoyé',
  gagne: 'Gagné',
  perdu: 'Perdu',
} as const;
export type LeadStatus = keyof typeof LEAD_STATUSES;
export const LEAD_STATUS_CODES = Object.keys(LEAD_STATUSES) as [LeadStatus, ...LeadStatus[]];

/** Why a lead was lost (asked when it becomes « Perdu »). */
export const LOST_REASONS = {
  prix: 'Prix',
  delai: 'Délai',
  'pas-de-reponse': 'Pas de réponse',
  'projet-abandonne': 'Projet abandonné',
  autre: 'Autre',
} as const;
export type LostReason = keyof typeof LOST_REASONS;
export const LOST_REASON_CODES = Object.keys(LOST_REASONS) as [LostReason, ...LostReason[]];

/** Where a lead came from: the site's form, or entered by the owner (« Nouveau contact »). */
export const LEAD_SOURCES = {
  formulaire: 'Formulaire',
  telephone: 'Téléphone',
  whatsapp: 'WhatsApp',
  visite: 'Visite',
  autre: 'Autre',
} as const;
export type LeadSource = keyof typeof LEAD_SOURCES;
export const LEAD_SOURCE_CODES = Object.keys(LEAD_SOURCES) as [LeadSource, ...LeadSource[]];

/** The reply shortcuts of the message panel whose use goes on the timeline. */
export const REPLY_CHANNELS = {
  email: 'E-mail',
  whatsapp: 'WhatsApp',
  appel: 'Appel',
} as const;
export type ReplyChannel = keyof typeof REPLY_CHANNELS;
export const REPLY_CHANNEL_CODES = Object.keys(REPLY_CHANNELS) as [ReplyChannel, ...ReplyChannel[]];

/**
 * What became of a quote's link, on the lead's timeline (issue 44): sent on WhatsApp from the
 * quote, copied by the owner, first opened by the client.
 */
export const QUOTE_LINK_ACTIONS = ['whatsapp', 'lien', 'vu'] as const;
export type QuoteLinkAction = (typeof QUOTE_LINK_ACTIONS)[number];

/** A note holds at most this many characters. */
export const NOTE_MAX_LENGTH = 5000;
/** A note can be corrected this long after it was added; never deleted on its own. */
export const NOTE_CORRECTION_MS = 10 * 60 * 1000;
/** The largest estimated value accepted, in dinars (ten billion: no agency quote is more). */
export const ESTIMATED_VALUE_MAX_DZD = 10_000_000_000;

const DAY_MS = 24 * 60 * 60 * 1000;
/** « Relancer le » proposed when a lead becomes « Contacté » (+2 days) or « Devis envoyé » (+5). */
export const NEXT_ACTION_DEFAULT_DAYS: Partial<Record<LeadStatus, number>> = {
  contacte: 2,
  'devis-envoye': 5,
};
/** Statuses after which there is nothing to follow up: their next action is cleared. */
export const CLOSED_STATUSES: readonly LeadStatus[] = ['gagne', 'perdu'];

// ---- what the owner sees --------------------------------------------------------------------

/** One entry of a lead's timeline; `at` in milliseconds since 1970 (the backend's time). */
export const leadEventSchema = z.discriminatedUnion('type', [
  z.object({
    id: z.string().min(1),
    type: z.literal('status'),
    at: z.number(),
    status: z.enum(LEAD_STATUS_CODES),
    lostReason: z.enum(LOST_REASON_CODES).nullable(),
  }),
  z.object({
    id: z.string().min(1),
    type: z.literal('note'),
    at: z.number(),
    text: z.string(),
    /** When it was last corrected (within NOTE_CORRECTION_MS of `at`), or null. */
    correctedAt: z.number().nullable(),
  }),
  z.object({
    id: z.string().min(1),
    type: z.literal('reply'),
    at: z.number(),
    channel: z.enum(REPLY_CHANNEL_CODES),
  }),
  z.object({
    id: z.string().min(1),
    type: z.literal('quote'),
    at: z.number(),
    /** The quote's number (`DEV-2026-0001`). */
    number: z.string().min(1),
    action: z.enum(QUOTE_LINK_ACTIONS),
  }),
]);
export type LeadEvent = z.infer<typeof leadEventSchema>;
export type LeadNote = Extract<LeadEvent, { type: 'note' }>;

/**
 * A message's pipeline, as both backends hand it to the screens: keyed by the message's id.
 * `statusChangedAt` is null while the lead is « Nouveau » since it was received.
 */
export const leadSchema = z.object({
  id: z.string().min(1),
  status: z.enum(LEAD_STATUS_CODES),
  lostReason: z.enum(LOST_REASON_CODES).nullable(),
  statusChangedAt: z.number().nullable(),
  nextActionAt: z.number().nullable(),
  estimatedValue: z.number().int().nullable(),
  /** Newest first. */
  timeline: z.array(leadEventSchema),
});
export type Lead = z.infer<typeof leadSchema>;

/** The pipeline of a message nothing was recorded for yet: « Nouveau » since it arrived. */
export function newLead(id: string): Lead {
  return {
    id,
    status: 'nouveau',
    lostReason: null,
    statusChangedAt: null,
    nextActionAt: null,
    estimatedValue: null,
    timeline: [],
  };
}

/** A timeline newest first (ties: the later id first, so that the order is stable). */
export function newestFirst(events: readonly LeadEvent[]): LeadEvent[] {
  return [...events].sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

/**
 * A lead's last note: the one added last (its text as last corrected), or null when it has
 * none. What a reminder carries (shared/notifications/reminder.ts), on both backends.
 */
export function lastNoteOf(timeline: readonly LeadEvent[]): LeadNote | null {
  return newestFirst(timeline).find((event): event is LeadNote => event.type === 'note') ?? null;
}

// ---- what the owner sends, checked the same by every backend ---------------------------------

/** « a, b ou c »: the choices of a list, in a French sentence. */
function choices(words: readonly string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} ou ${words.at(-1)}`;
}

const LOST_REASON_WORDS = choices(
  Object.values(LOST_REASONS).map((label) => label.toLocaleLowerCase('fr')),
);

/** The French sentences of the pipeline's checks, for the screens and the server's answers. */
export const PIPELINE_MESSAGES = {
  status: `Statut inconnu : choisissez ${choices(Object.values(LEAD_STATUSES))}.`,
  lostReasonMissing: `Indiquez pourquoi ce contact est perdu : ${LOST_REASON_WORDS}.`,
  lostReason: `Raison inconnue : choisissez ${LOST_REASON_WORDS}.`,
  lostReasonNotLost: 'Une raison ne se donne qu’à un contact « Perdu ».',
  noteEmpty: 'Écrivez la note avant de l’ajouter.',
  noteTooLong: `La note ne doit pas dépasser ${NOTE_MAX_LENGTH.toLocaleString('fr-FR')} caractères.`,
  noteNotText: 'La note doit être un texte.',
  noteCorrectionOver:
    'Cette note ne peut plus être corrigée : 10 minutes sont passées depuis qu’elle a été ajoutée. Ajoutez plutôt une nouvelle note.',
  noteNotFound: 'Cette note n’existe pas (ou n’est pas une note de ce contact).',
  nextActionDate: 'Choisissez une date et une heure de relance valides.',
  nextActionPast: 'La date de relance est déjà passée : choisissez une date à venir.',
  estimatedValue: 'La valeur estimée doit être un nombre entier de dinars (DZD), sans centimes.',
  estimatedValueNegative: 'La valeur estimée ne peut pas être négative.',
  estimatedValueTooLarge: `La valeur estimée ne peut pas dépasser ${ESTIMATED_VALUE_MAX_DZD.toLocaleString('fr-FR')} DZD.`,
  replyChannel: 'Canal de réponse inconnu : e-mail, WhatsApp ou appel.',
} as const;

/** A date and time as milliseconds since 1970, whole. */
const instantSchema = z
  .number({ error: PIPELINE_MESSAGES.nextActionDate })
  .int(PIPELINE_MESSAGES.nextActionDate)
  .min(0, PIPELINE_MESSAGES.nextActionDate)
  .max(8.64e15, PIPELINE_MESSAGES.nextActionDate);

/**
 * A next action, checked against `nowMs`: a date to come, or null (none). A new next action in
 * the past is refused; one left as it was is not checked again (see `resolveNextAction`).
 */
export function nextActionSchemaAt(nowMs: number) {
  return instantSchema.refine((at) => at > nowMs, PIPELINE_MESSAGES.nextActionPast).nullable();
}

/** An estimated value: whole dinars, or null (none). */
export const estimatedValueSchema = z
  .number({ error: PIPELINE_MESSAGES.estimatedValue })
  .int(PIPELINE_MESSAGES.estimatedValue)
  .min(0, PIPELINE_MESSAGES.estimatedValueNegative)
  .max(ESTIMATED_VALUE_MAX_DZD, PIPELINE_MESSAGES.estimatedValueTooLarge)
  .nullable();

/** A note's text: trimmed, 1 to NOTE_MAX_LENGTH characters. */
export const noteTextSchema = z
  .string({ error: PIPELINE_MESSAGES.noteNotText })
  .trim()
  .min(1, PIPELINE_MESSAGES.noteEmpty)
  .max(NOTE_MAX_LENGTH, PIPELINE_MESSAGES.noteTooLong);

export const replyChannelSchema = z.enum(REPLY_CHANNEL_CODES, {
  error: PIPELINE_MESSAGES.replyChannel,
});

/**
 * A status change as the owner asks it: the status, its reason when « Perdu », and the next
 * action when one is chosen (absent: the default, see `resolveStatusChange`).
 */
export function statusChangeSchemaAt(nowMs: number) {
  return z
    .strictObject({
      status: z.enum(LEAD_STATUS_CODES, { error: PIPELINE_MESSAGES.status }),
      lostReason: z.enum(LOST_REASON_CODES, { error: PIPELINE_MESSAGES.lostReason }).optional(),
      nextActionAt: nextActionSchemaAt(nowMs).optional(),
    })
    .superRefine((change, context) => {
      if (change.status === 'perdu' && change.lostReason === undefined) {
        context.addIssue({
          code: 'custom',
          path: ['lostReason'],
          message: PIPELINE_MESSAGES.lostReasonMissing,
        });
      }
      if (change.status !== 'perdu' && change.lostReason !== undefined) {
        context.addIssue({
          code: 'custom',
          path: ['lostReason'],
          message: PIPELINE_MESSAGES.lostReasonNotLost,
        });
      }
    });
}
export type StatusChange = z.input<ReturnType<typeof statusChangeSchemaAt>>;

/** The schemas of the other operations' bodies, as the API receives them. */
export const noteBodySchema = z.strictObject({ text: noteTextSchema });
export const nextActionBodySchemaAt = (nowMs: number) =>
  z.strictObject({ nextActionAt: nextActionSchemaAt(nowMs) });
export const estimatedValueBodySchema = z.strictObject({ estimatedValue: estimatedValueSchema });
export const replyBodySchema = z.strictObject({ channel: replyChannelSchema });

// ---- the rules, as pure functions ----------------------------------------------------------

/**
 * The next action proposed when a lead becomes `status` at `nowMs`, or undefined (none). With
 * the working hours of « Réglages », a proposal outside them moves to the next opening.
 */
export function defaultNextAction(
  status: LeadStatus,
  nowMs: number,
  hours?: WorkingHours,
): number | undefined {
  const days = NEXT_ACTION_DEFAULT_DAYS[status];
  if (days === undefined) return undefined;
  const proposed = nowMs + days * DAY_MS;
  return hours === undefined ? proposed : nextBusinessInstant(proposed, AGENCY_TIME_ZONE, hours);
}

/**
 * What a lead's next action becomes with a status change: the one chosen; else, on
 * « Contacté » and « Devis envoyé », the default (+2, +5 days); on « Gagné » and « Perdu »,
 * none; otherwise the one it had.
 */
export function resolveNextAction(
  current: number | null,
  change: { status: LeadStatus; nextActionAt?: number | null | undefined },
  nowMs: number,
  hours?: WorkingHours,
): number | null {
  if (change.nextActionAt !== undefined) return change.nextActionAt;
  if (CLOSED_STATUSES.includes(change.status)) return null;
  return defaultNextAction(change.status, nowMs, hours) ?? current;
}

/** Whether a note added at `addedAt` may still be corrected at `nowMs`. */
export function canCorrectNote(addedAt: number, nowMs: number): boolean {
  return nowMs - addedAt <= NOTE_CORRECTION_MS;
}

/** What the timeline says of a quote's link (« Devis DEV-2026-0001 envoyé sur WhatsApp »). */
export const QUOTE_LINK_ACTION_WORDS: Record<QuoteLinkAction, (number: string) => string> = {
  whatsapp: (number) => `Devis ${number} envoyé sur WhatsApp`,
  lien: (number) => `Lien du devis ${number} copié`,
  vu: (number) => `Devis ${number} vu par le client`,
};

/**
 * What the timeline says of an event, in French (the screens' and the digest's words), with
 * the date left to the caller.
 */
export function describeLeadEvent(event: LeadEvent): string {
  switch (event.type) {
    case 'status':
      return event.status === 'perdu' && event.lostReason
        ? `Statut : ${LEAD_STATUSES.perdu} (${LOST_REASONS[event.lostReason].toLocaleLowerCase('fr')})`
        : `Statut : ${LEAD_STATUSES[event.status]}`;
    case 'note':
      return event.correctedAt === null ? 'Note' : 'Note (corrigée)';
    case 'reply':
      return `Réponse envoyée : ${REPLY_CHANNELS[event.channel]}`;
    case 'quote':
      return QUOTE_LINK_ACTION_WORDS[event.action](event.number);
  }
}
