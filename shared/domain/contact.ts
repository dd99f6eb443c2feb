import { z } from 'zod';
import { REQUIRED_FIELD } from './messages.ts';

/** The four services a visitor can pick in the contact form (docs/architecture.md). */
export const CONTACT_SERVICES = [
  'Développement',
  'Design',
  'Audiovisuel',
  'Gestion des comptes',
] as const;
export type ContactService = (typeof CONTACT_SERVICES)[number];

/** Bounds on every field, shared by the form, the server and the Firestore rules. */
export const CONTACT_LIMITS = {
  fullName: { min: 2, max: 100 },
  email: { max: 254 },
  phone: { min: 8, max: 15 },
  subject: { min: 2, max: 150 },
  message: { min: 10, max: 5000 },
} as const;

/** Name of the hidden field that only robots fill in. */
export const HONEYPOT_FIELD = 'website';

// Single-line fields refuse every control character; the message keeps tabs and line breaks.
const SINGLE_LINE = /^[^\p{Cc}]*$/u;
const MULTI_LINE = /^[^\p{Cc}]*(?:[\t\n\r][^\p{Cc}]*)*$/u;

function singleLine(label: string, min: number, max: number) {
  return z
    .string({ error: REQUIRED_FIELD })
    .trim()
    .min(1, REQUIRED_FIELD)
    .min(min, `${label} doit contenir au moins ${min} caractères.`)
    .max(max, `${label} ne doit pas dépasser ${max} caractères.`)
    .regex(SINGLE_LINE, `${label} contient des caractères non autorisés.`);
}

/**
 * What a visitor sends. The server and the form validate with this one schema, so a message
 * the form accepts is a message the server stores.
 */
export const contactInputSchema = z.strictObject({
  fullName: singleLine('Le nom complet', CONTACT_LIMITS.fullName.min, CONTACT_LIMITS.fullName.max),
  service: z.enum(CONTACT_SERVICES, { error: 'Choisissez un des services proposés.' }),
  email: z
    .string({ error: REQUIRED_FIELD })
    .trim()
    .min(1, REQUIRED_FIELD)
    .max(
      CONTACT_LIMITS.email.max,
      `L’adresse e-mail ne doit pas dépasser ${CONTACT_LIMITS.email.max} caractères.`,
    )
    .pipe(z.email('Saisissez une adresse e-mail valide, par exemple nom@exemple.com.')),
  phone: z
    .string({ error: REQUIRED_FIELD })
    .trim()
    .min(1, REQUIRED_FIELD)
    .regex(/^\d+$/, 'Le numéro de téléphone ne doit contenir que des chiffres.')
    .min(
      CONTACT_LIMITS.phone.min,
      `Le numéro de téléphone doit contenir au moins ${CONTACT_LIMITS.phone.min} chiffres.`,
    )
    .max(
      CONTACT_LIMITS.phone.max,
      `Le numéro de téléphone ne doit pas dépasser ${CONTACT_LIMITS.phone.max} chiffres.`,
    )
    .refine((phone) => /[1-9]/.test(phone), 'Saisissez un numéro de téléphone valide.')
    .transform(normalisePhone),
  subject: singleLine('Le sujet', CONTACT_LIMITS.subject.min, CONTACT_LIMITS.subject.max),
  message: z
    .string({ error: REQUIRED_FIELD })
    .trim()
    .min(1, REQUIRED_FIELD)
    .min(
      CONTACT_LIMITS.message.min,
      `Le message doit contenir au moins ${CONTACT_LIMITS.message.min} caractères.`,
    )
    .max(
      CONTACT_LIMITS.message.max,
      `Le message ne doit pas dépasser ${CONTACT_LIMITS.message.max} caractères.`,
    )
    .regex(MULTI_LINE, 'Le message contient des caractères non autorisés.'),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
});

export type ContactFormValues = z.input<typeof contactInputSchema>;
export type ContactInput = z.output<typeof contactInputSchema>;

/** The six fields that are stored, without the honeypot. */
export type ContactFields = Omit<ContactInput, typeof HONEYPOT_FIELD>;

/**
 * A stored contact message, as both backends hand it to the screens, and as the local
 * server sends it over HTTP. Each adapter parses what it receives with this schema, so a
 * malformed record never reaches the dashboard. The lengths are not checked again: the
 * message passed `contactInputSchema` when it was sent (or was written by the original site).
 */
export const contactMessageSchema = z.object({
  id: z.string().min(1),
  fullName: z.string(),
  service: z.enum(CONTACT_SERVICES),
  email: z.string(),
  phone: z.string(),
  subject: z.string(),
  message: z.string(),
  /**
   * When the backend stored it, in milliseconds since 1970 (UTC); null while Firestore has
   * not yet given it the server's time. The dashboard shows « N/A » for null.
   */
  receivedAt: z.number().nullable(),
  /** False until the owner opens it. */
  read: z.boolean(),
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;

/**
 * The phone is kept without its leading zeros, as the original stored a number; the
 * dashboard shows it with one leading 0 (docs/architecture.md).
 */
export function normalisePhone(phone: string): string {
  return phone.replace(/^0+/, '');
}

export function displayPhone(phone: string): string {
  return `0${phone}`;
}
