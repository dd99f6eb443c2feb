import { z } from 'zod';
import { contactInputSchema } from '../contact.ts';
import { LEAD_SOURCES, type LeadSource } from './pipeline.ts';

/**
 * « Nouveau contact » (issue 33): a lead the owner received by phone, WhatsApp or at the office
 * and types in, with the form's fields checked by the form's rules, but only a name and a phone
 * or an e-mail required. This is the domain's half, shared by the screen and both backends; the
 * port, its storage and the screen are still to come (docs/inbox.md, « Ce qui reste »).
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
} as const;

/** An optional field of the form: left empty, it is absent; filled, the form's rule applies. */
function optional<Schema extends z.ZodType>(schema: Schema) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );
}

const form = contactInputSchema.shape;

/**
 * A lead typed in by the owner: its name (the form's rule), where it came from, and the form's
 * other fields, each optional but checked as the form checks it when given; a phone or an
 * e-mail at least, said under both fields when neither is.
 */
export const newContactInputSchema = z
  .strictObject({
    fullName: form.fullName,
    source: z.enum(MANUAL_LEAD_SOURCES, { error: NEW_CONTACT_MESSAGES.source }),
    phone: optional(form.phone),
    email: optional(form.email),
    service: optional(form.service),
    subject: optional(form.subject),
    message: optional(form.message),
  })
  .superRefine((contact, context) => {
    if (contact.phone !== undefined || contact.email !== undefined) return;
    for (const path of ['phone', 'email']) {
      context.addIssue({ code: 'custom', path: [path], message: NEW_CONTACT_MESSAGES.reachable });
    }
  });

export type NewContactValues = z.input<typeof newContactInputSchema>;
export type NewContactInput = z.output<typeof newContactInputSchema>;
