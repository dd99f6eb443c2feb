import { z } from 'zod';
import { contactInputSchema } from '../contact.ts';
import {
  LEAD_SOURCES,
  defaultNextAction,
  nextActionSchemaAt,
  type LeadSource,
  type LeadStatus,
} from './pipeline.ts';

/**
 * « Nouveau contact » (issue 33): a lead the owner received by phone, WhatsApp or at the office
 * and types in, with the form's fields checked by the form's rules, but only a name and a phone
 * or an e-mail required, shared by the screen and both backends (the port's
 * `LeadPipeline.addContact`; docs/inbox.md, « Nouveau contact »).
 */

/** Where a lead the owner types in came from: every source but the site's form. */
export const MANUAL_LEAD_SOURCES = (Object.keys(LEAD_SOURCES) as LeadSource[]).filter(
  (source) => source !== 'formulaire',
) as [Exclude<LeadSource, 'formulaire'>, ...Exclude<LeadSource, 'formulaire'>[]];
export type ManualLeadSource = (typeof MANUAL_LEAD_SOURCES)[number];

/** What « Nouveau contact » says when it refuses, beside the form's own sentences. */
export const NEW_CONTACT_MESSAGES = {
  source: 'Choisissez d’où vient ce contact : téléphone, WhatsApp, visite ou autre.',
  reachable: 'Indiquez un téléphone ou une adresse e-mail pour pouvoir le recontacter.',
  status: 'Choisissez le statut de départ : Contacté ou Nouveau.',
} as const;

/**
 * The statuses a lead typed in may start at, the default first: the owner has usually talked
 * to the person already (« Contacté », with its « Relancer le » two days later), or notes a
 * lead still to answer (« Nouveau »: a missed call, a visit while busy). docs/inbox.md,
 * « Nouveau contact ».
 */
export const NEW_CONTACT_STATUSES = [
  'contacte',
  'nouveau',
] as const satisfies readonly LeadStatus[];
export type NewContactStatus = (typeof NEW_CONTACT_STATUSES)[number];

/** An optional field of the form: left empty, it is absent; filled, the form's rule applies. */
function optional<Schema extends z.ZodType>(schema: Schema) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );
}

const form = contactInputSchema.shape;

const fields = {
  fullName: form.fullName,
  source: z.enum(MANUAL_LEAD_SOURCES, { error: NEW_CONTACT_MESSAGES.source }),
  phone: optional(form.phone),
  email: optional(form.email),
  service: optional(form.service),
  subject: optional(form.subject),
  message: optional(form.message),
  /** The language to answer in (the reply shortcuts'); French when not said. */
  language: form.language,
  status: z.enum(NEW_CONTACT_STATUSES, { error: NEW_CONTACT_MESSAGES.status }).default('contacte'),
};

/** A phone or an e-mail at least, said under both fields when neither is. */
function reachable(
  contact: { phone?: string | undefined; email?: string | undefined },
  context: z.RefinementCtx,
) {
  if (contact.phone !== undefined || contact.email !== undefined) return;
  for (const path of ['phone', 'email']) {
    context.addIssue({ code: 'custom', path: [path], message: NEW_CONTACT_MESSAGES.reachable });
  }
}

/**
 * A lead typed in by the owner: its name (the form's rule), where it came from, and the form's
 * other fields, each optional but checked as the form checks it when given; a phone or an
 * e-mail at least, said under both fields when neither is; the status it starts at.
 */
export const newContactInputSchema = z.strictObject(fields).superRefine(reachable);

/**
 * The same with its « Relancer le », checked against `nowMs` as everywhere (a date to come):
 * absent, « Contacté » gets the default (+2 days), « Nouveau » none. What both backends and
 * the screen check.
 */
export function newContactSchemaAt(nowMs: number) {
  return z
    .strictObject({ ...fields, nextActionAt: nextActionSchemaAt(nowMs).optional() })
    .superRefine(reachable);
}

export type NewContactValues = z.input<ReturnType<typeof newContactSchemaAt>>;
export type NewContactInput = z.output<ReturnType<typeof newContactSchemaAt>>;

/**
 * What a lead typed in is stored as: the message's fields (absent ones null, or empty for the
 * subject and the text), its source, and read (the owner typed it: nothing unread, nothing to
 * notify).
 */
export function newContactMessageFields(input: NewContactInput) {
  return {
    fullName: input.fullName,
    service: input.service ?? null,
    email: input.email ?? null,
    phone: input.phone ?? null,
    subject: input.subject ?? '',
    message: input.message ?? '',
    language: input.language,
    source: input.source,
  };
}

/** The next action a lead typed in starts with: the one chosen, else the status's default. */
export function newContactNextAction(input: NewContactInput, nowMs: number): number | null {
  if (input.nextActionAt !== undefined) return input.nextActionAt;
  return defaultNextAction(input.status, nowMs) ?? null;
}

/**
 * Whether a message came from the site's form, the only ones the owner is told of as new
 * messages: a lead they typed in (« Nouveau contact ») is not news to them.
 */
export function isFromTheSite(message: { source: LeadSource }): boolean {
  return message.source === 'formulaire';
}
