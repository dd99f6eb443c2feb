import { z } from 'zod';
import { LEAD_SOURCE_CODES } from './leads/pipeline.ts';
import { REQUIRED_FIELD } from './messages.ts';
import { parsePhoneInput, PHONE_INPUT_MAX_LENGTH } from './phone.ts';
import { HOST_PATTERN, PAGE_PATH_PATTERN, PROVENANCE_LIMITS } from './provenance.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './routes.ts';

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
  /** What the visitor types, spaces and separators included (stored in E.164). */
  phone: { max: PHONE_INPUT_MAX_LENGTH },
  subject: { min: 2, max: 150 },
  message: { min: 10, max: 5000 },
} as const;

/**
 * The languages a message can be sent in: the page's language, one of the locale table's
 * (shared/domain/locales.ts). A message without one (sent before it was recorded) is in the
 * first language, French.
 */
export const CONTACT_LANGUAGES = LANGUAGES;
export type ContactLanguage = Language;
export const DEFAULT_CONTACT_LANGUAGE: ContactLanguage = DEFAULT_LANGUAGE;

/** A message's language: one of CONTACT_LANGUAGES; absent reads as the first language. */
const languageSchema = z
  .enum(CONTACT_LANGUAGES, {
    error: `Langue inconnue : ${CONTACT_LANGUAGES.map((code) => `« ${code} »`).join(' ou ')} attendu.`,
  })
  .default(DEFAULT_CONTACT_LANGUAGE);

/**
 * Name of the hidden field that only robots fill in. Browsers and password managers fill
 * fields by their name, id, label and `autocomplete` (a `website`, `url`, `company`, `name`,
 * `email` or `phone` field gets the visitor's details): this name, its label and
 * `autocomplete="off"` give them nothing to match, so only a robot that fills every field
 * fills it. A message that has it filled is kept as spam, never dropped (docs/inbox.md).
 */
/**
 * « Boulangerie El Bahia — Refonte du site »: who and about what, as notices title a lead; the
 * name alone when there is no subject (a lead the owner typed in may have none).
 */
export function nameAndSubject(fullName: string, subject: string): string {
  return subject.trim() === '' ? fullName.trim() : `${fullName.trim()} — ${subject.trim()}`;
}

export const HONEYPOT_FIELD = 'pot_de_miel';

/**
 * Why a message was kept aside as spam (« Indésirables »), with the words the dashboard
 * shows: the form's filters (`hidden-field`, `too-fast`), or the owner's « Marquer comme
 * indésirable » (`owner`, shared/domain/spam-marking.ts). The owner can move one back to the
 * inbox; the others are deleted after SPAM_RETENTION_DAYS.
 */
export const SPAM_REASONS = {
  'hidden-field': 'champ caché rempli',
  'too-fast': 'envoi trop rapide',
  owner: 'marqué par vous',
} as const;
export type SpamReason = keyof typeof SPAM_REASONS;
export const SPAM_REASON_CODES = Object.keys(SPAM_REASONS) as [SpamReason, ...SpamReason[]];
/** The reasons the form's filters give (spamReasonOf), the only ones a visitor's post may carry. */
export type FilterSpamReason = Exclude<SpamReason, 'owner'>;
export const FILTER_SPAM_REASON_CODES = SPAM_REASON_CODES.filter(
  (reason): reason is FilterSpamReason => reason !== 'owner',
);

/** How long a message kept as spam stays before it is deleted for good. */
export const SPAM_RETENTION_DAYS = 30;
export const SPAM_RETENTION_MS = SPAM_RETENTION_DAYS * 24 * 60 * 60 * 1000;

/**
 * What the form adds when it sends: how many milliseconds had passed since the page began to
 * load (`performance.now()`), the form's whole time on screen and then some. Absent when the
 * message does not come from the form (an older page, an integration): such a message is not
 * judged on it.
 */
export const FILL_TIME_FIELD = 'fillTimeMs';

/**
 * A message sent sooner than this after its page began to load is kept as spam (« envoi trop
 * rapide »): a robot posts the form at once, while a person, even with the browser filling
 * name, e-mail and phone, still chooses a service and types a subject and a message
 * (docs/inbox.md, « Les indésirables »).
 */
export const MIN_FILL_TIME_MS = 3000;

/** The honeypot and the form's timing: what decides, beside the six fields, if it is spam. */
type SpamSignals = {
  [HONEYPOT_FIELD]?: string | undefined;
  [FILL_TIME_FIELD]?: number | undefined;
};

/** Why a visitor's message is spam (its hidden field, its timing), or null when it is not. */
export function spamReasonOf(signals: SpamSignals): FilterSpamReason | null {
  const hiddenField = signals[HONEYPOT_FIELD];
  if (hiddenField !== undefined && hiddenField.trim() !== '') return 'hidden-field';
  const fillTimeMs = signals[FILL_TIME_FIELD];
  if (fillTimeMs !== undefined && fillTimeMs < MIN_FILL_TIME_MS) return 'too-fast';
  return null;
}

/** A visitor's message split into what is stored and why it is spam (null: it is not). */
export function sortContactInput(input: ContactInput): {
  fields: ContactFields;
  reason: FilterSpamReason | null;
} {
  const { [HONEYPOT_FIELD]: hiddenField, [FILL_TIME_FIELD]: fillTimeMs, ...fields } = input;
  return {
    fields,
    reason: spamReasonOf({ [HONEYPOT_FIELD]: hiddenField, [FILL_TIME_FIELD]: fillTimeMs }),
  };
}

/**
 * The e-mail addresses accepted, written so that the same text works as a JavaScript regular
 * expression and in firestore.rules (RE2: no lookaround, `[.]` for a dot): dot-separated
 * words before the @, a domain of dot-separated labels ending in letters.
 */
export const EMAIL_PATTERN =
  "^[A-Za-z0-9_%+'-]+([.][A-Za-z0-9_%+'-]+)*@[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?([.][A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*[.][A-Za-z]{2,}$";

// Single-line fields refuse every control character; the message keeps tabs and line breaks.
const SINGLE_LINE = /^[^\p{Cc}]*$/u;
const MULTI_LINE = /^[^\p{Cc}]*(?:[\t\n\r][^\p{Cc}]*)*$/u;
/**
 * Bidirectional controls make a text display in another order than it is stored: a name or
 * a subject could read differently in the inbox than what was sent (« Trojan Source »).
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u;
/**
 * Invisible marks: the direction marks (U+200E, U+200F, the Arabic letter mark U+061C), the
 * zero-width space and joiners of nothing (U+200B, U+2060–U+2064, U+FEFF, U+180E) and the
 * letters that show as blanks (Hangul fillers U+115F, U+1160, U+3164, U+FFA0, the empty
 * Braille pattern U+2800). Nothing a visitor needs in a name, a subject or a message, and
 * enough to make a text read otherwise than stored: « Facture n° 1234\u200F-5678 » showed as
 * « 12345678- ». The zero-width joiner and non-joiner (U+200C, U+200D) stay: emoji and some
 * scripts need them between letters.
 */
const INVISIBLE_MARKS =
  /[\u061C\u115F\u1160\u180E\u200B\u200E\u200F\u2060-\u2064\u2800\u3164\uFEFF\uFFA0]/u;
/** A text must show something: a letter, a digit, a punctuation mark or a symbol. */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

/**
 * Where the message comes from (shared/domain/provenance.ts): the page's path, the referring
 * site's host, the campaign's `utm_*`. Each is optional, and a value out of its bounds is
 * dropped rather than refused: never lose a lead on what the browser added.
 */
const provenance = <Value extends z.ZodType<string>>(schema: Value) =>
  schema.optional().catch(undefined);
const pagePathSchema = provenance(
  z.string().max(PROVENANCE_LIMITS.pagePath).regex(new RegExp(PAGE_PATH_PATTERN)),
);
const referrerSchema = provenance(
  z.string().max(PROVENANCE_LIMITS.referrer).regex(new RegExp(HOST_PATTERN)),
);
/** A campaign's word, checked as a one-line text of the form (the rules' isLine). */
const utmSchema = provenance(
  z
    .string()
    .trim()
    .min(1)
    .max(PROVENANCE_LIMITS.utm)
    .regex(SINGLE_LINE)
    .refine((value) => !BIDI_CONTROLS.test(value))
    .refine((value) => VISIBLE.test(value))
    .refine((value) => !INVISIBLE_MARKS.test(value)),
);

/**
 * What the contact schema says when a field is refused, in one language: the French below
 * (the server's answers), the Arabic in src-web/site/features/contact/contact-form-text.ts (the
 * Arabic form's).
 */
export interface ContactSchemaMessages {
  required: string;
  /** The names of the checked text fields, as the sentences below start with them. */
  labels: { fullName: string; subject: string; message: string };
  tooShort: (label: string, min: number) => string;
  tooLong: (label: string, max: number) => string;
  forbiddenCharacters: (label: string) => string;
  bidiControls: (label: string) => string;
  invisibleMarks: (label: string) => string;
  invisibleOnly: (label: string) => string;
  service: string;
  emailTooLong: (max: number) => string;
  email: string;
  phone: string;
}

export const FRENCH_CONTACT_MESSAGES: ContactSchemaMessages = {
  required: REQUIRED_FIELD,
  labels: { fullName: 'Le nom complet', subject: 'Le sujet', message: 'Le message' },
  tooShort: (label, min) => `${label} doit contenir au moins ${min} caractères.`,
  tooLong: (label, max) => `${label} ne doit pas dépasser ${max} caractères.`,
  forbiddenCharacters: (label) => `${label} contient des caractères non autorisés.`,
  bidiControls: (label) =>
    `${label} contient des caractères qui inversent le sens d’écriture : retirez-les.`,
  invisibleMarks: (label) =>
    `${label} contient des caractères invisibles (marques de direction, espaces sans largeur ou lettres vides) : retirez-les.`,
  invisibleOnly: (label) =>
    `${label} ne contient que des caractères invisibles : écrivez-le en lettres ou en chiffres.`,
  service: 'Choisissez un des services proposés.',
  emailTooLong: (max) => `L’adresse e-mail ne doit pas dépasser ${max} caractères.`,
  email: 'Saisissez une adresse e-mail valide, par exemple nom@exemple.com.',
  phone:
    'Saisissez un numéro de téléphone valide, par exemple 0550 12 34 56, ou +33 6 12 34 56 78 depuis l’étranger.',
};

/** The fields the schema checks with its own sentences. */
type CheckedField = 'fullName' | 'service' | 'email' | 'phone' | 'subject' | 'message';

/** Why a field can be refused: one sentence of ContactSchemaMessages each. */
type FieldRule =
  | 'required'
  | 'tooShort'
  | 'tooLong'
  | 'forbiddenCharacters'
  | 'bidiControls'
  | 'invisibleMarks'
  | 'invisibleOnly'
  | 'service'
  | 'emailTooLong'
  | 'email'
  | 'phone';

/** Every sentence of a text field, with its label and bounds, as the schema below words them. */
function textFieldSentences(field: 'fullName' | 'subject' | 'message') {
  return (messages: ContactSchemaMessages): Partial<Record<FieldRule, string>> => {
    const label = messages.labels[field];
    const { min, max } = CONTACT_LIMITS[field];
    return {
      required: messages.required,
      tooShort: messages.tooShort(label, min),
      tooLong: messages.tooLong(label, max),
      forbiddenCharacters: messages.forbiddenCharacters(label),
      bidiControls: messages.bidiControls(label),
      invisibleMarks: messages.invisibleMarks(label),
      invisibleOnly: messages.invisibleOnly(label),
    };
  };
}

/** What the schema can say about each field, rule by rule. */
const FIELD_SENTENCES: Record<
  CheckedField,
  (messages: ContactSchemaMessages) => Partial<Record<FieldRule, string>>
> = {
  fullName: textFieldSentences('fullName'),
  subject: textFieldSentences('subject'),
  message: textFieldSentences('message'),
  service: (messages) => ({ service: messages.service }),
  email: (messages) => ({
    required: messages.required,
    emailTooLong: messages.emailTooLong(CONTACT_LIMITS.email.max),
    email: messages.email,
  }),
  phone: (messages) => ({ required: messages.required, phone: messages.phone }),
};

function isCheckedField(field: string): field is CheckedField {
  return Object.hasOwn(FIELD_SENTENCES, field);
}

/**
 * A field's refusal as the backends word it (the French schema's sentence, in the server's
 * `fields` answer or the Firestore adapter's error), said the same in `messages`: the
 * Arabic form shows the rule the server applied in Arabic. Null when the sentence is none
 * of the schema's for that field (a server of another version): the form then says its own.
 */
export function contactFieldErrorIn(
  messages: ContactSchemaMessages,
  field: string,
  frenchSentence: string,
): string | null {
  if (!isCheckedField(field)) return null;
  const french = FIELD_SENTENCES[field](FRENCH_CONTACT_MESSAGES);
  const rule = (Object.keys(french) as (keyof typeof french)[]).find(
    (key) => french[key] === frenchSentence,
  );
  return rule === undefined ? null : (FIELD_SENTENCES[field](messages)[rule] ?? null);
}

/**
 * The checks every text typed into the product shares, written once: the contact form's
 * fields, the client's comment on a quote, the text the owner types into a quote. No control
 * character (NUL, BEL…; a text of several lines keeps tabs and line breaks, a one-line text
 * none), no bidirectional control, no invisible mark, and something to see. An empty text
 * passes: the field's own bounds say whether it may be empty.
 */
export function typedText(
  schema: z.ZodString,
  label: string,
  lines: 'one' | 'several',
  messages: ContactSchemaMessages = FRENCH_CONTACT_MESSAGES,
) {
  return schema
    .regex(lines === 'one' ? SINGLE_LINE : MULTI_LINE, messages.forbiddenCharacters(label))
    .refine((value) => !BIDI_CONTROLS.test(value), messages.bidiControls(label))
    .refine((value) => value === '' || VISIBLE.test(value), messages.invisibleOnly(label))
    .refine((value) => !INVISIBLE_MARKS.test(value), messages.invisibleMarks(label));
}

/**
 * The contact schema with its messages in one language: the same rules whatever the
 * language, so a message the Arabic form accepts is one the server (French) stores.
 */
export function contactInputSchemaWith(messages: ContactSchemaMessages) {
  const required = messages.required;
  /** Required text, trimmed, with its bounds and the checks every text field shares. */
  const text = (label: string, min: number, max: number, lines: 'one' | 'several') =>
    typedText(
      z
        .string({ error: required })
        .trim()
        .min(1, required)
        .min(min, messages.tooShort(label, min))
        .max(max, messages.tooLong(label, max)),
      label,
      lines,
      messages,
    );

  /** The phone as the visitor typed it (or as a JSON number), stored in E.164. */
  const phoneSchema = z
    .union([z.string(), z.number()], { error: required })
    .transform((value, context) => {
      if (typeof value === 'string' && value.trim() === '') {
        context.addIssue({ code: 'custom', message: required });
        return z.NEVER;
      }
      const e164 = parsePhoneInput(value);
      if (e164 === null) {
        context.addIssue({ code: 'custom', message: messages.phone });
        return z.NEVER;
      }
      return e164;
    });

  const { labels } = messages;
  return z.strictObject({
    fullName: text(
      labels.fullName,
      CONTACT_LIMITS.fullName.min,
      CONTACT_LIMITS.fullName.max,
      'one',
    ),
    service: z.enum(CONTACT_SERVICES, { error: messages.service }),
    email: z
      .string({ error: required })
      .trim()
      .min(1, required)
      .max(CONTACT_LIMITS.email.max, messages.emailTooLong(CONTACT_LIMITS.email.max))
      .pipe(z.email({ pattern: new RegExp(EMAIL_PATTERN), error: messages.email })),
    phone: phoneSchema,
    subject: text(labels.subject, CONTACT_LIMITS.subject.min, CONTACT_LIMITS.subject.max, 'one'),
    message: text(
      labels.message,
      CONTACT_LIMITS.message.min,
      CONTACT_LIMITS.message.max,
      'several',
    ),
    /** The language of the page the message was sent from (absent: French). */
    language: languageSchema,
    pagePath: pagePathSchema,
    referrer: referrerSchema,
    utmSource: utmSchema,
    utmMedium: utmSchema,
    utmCampaign: utmSchema,
    [HONEYPOT_FIELD]: z.string().max(500).optional(),
    // A value that is not a duration is ignored rather than refused: never lose a lead on it.
    [FILL_TIME_FIELD]: z.number().finite().nonnegative().optional().catch(undefined),
  });
}

/**
 * What a visitor sends. The server and the form validate with this one schema, so a message
 * the form accepts is a message the server stores.
 */
export const contactInputSchema = contactInputSchemaWith(FRENCH_CONTACT_MESSAGES);

export type ContactFormValues = z.input<typeof contactInputSchema>;
export type ContactInput = z.output<typeof contactInputSchema>;

/** The six fields and the language that are stored, without the honeypot and the timing. */
export type ContactFields = Omit<ContactInput, typeof HONEYPOT_FIELD | typeof FILL_TIME_FIELD>;

/**
 * A stored contact message, as both backends hand it to the screens, and as the local
 * server sends it over HTTP. Each adapter parses what it receives with this schema, so a
 * malformed record never reaches the dashboard. The lengths are not checked again: the
 * message passed `contactInputSchema` when it was sent (or was written by the original site).
 */
export const contactMessageSchema = z.object({
  id: z.string().min(1),
  fullName: z.string(),
  /**
   * Null only for a lead the owner typed in (« Nouveau contact », `source` other than
   * 'formulaire'), which needs a name and a phone or an e-mail, nothing else; its subject and
   * message are then empty when not given. A message from the site has them all.
   */
  service: z.enum(CONTACT_SERVICES).nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  /** The language it was sent in; a message stored before languages were recorded is French. */
  language: languageSchema,
  /**
   * Where it comes from (shared/domain/provenance.ts): the path of the page it was sent from
   * (`/pageContact`, `/ar/pageAccueil`), the referring site's host, and the `utm_*` the
   * visitor arrived with. Null when not known: a message sent before they were recorded, or
   * a visit straight to the site without a campaign.
   */
  pagePath: z.string().nullable().default(null),
  referrer: z.string().nullable().default(null),
  utmSource: z.string().nullable().default(null),
  utmMedium: z.string().nullable().default(null),
  utmCampaign: z.string().nullable().default(null),
  /**
   * Where the lead came from: 'formulaire' for a message from the site (every message stored
   * before « Nouveau contact »), or how the owner received the one typed in (LEAD_SOURCES:
   * telephone, whatsapp, visite, autre). Set by the backend, never by a visitor.
   */
  source: z.enum(LEAD_SOURCE_CODES).default('formulaire'),
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
 * Whether a stored message has what its source requires: a message from the site, its service,
 * e-mail and phone; a lead typed in (« Nouveau contact »), a phone or an e-mail. What the
 * embedded server's table checks (migration 019), the Firebase adapter checks on reading.
 */
export function hasWhatItsSourceRequires(
  message: Pick<ContactMessage, 'source' | 'service' | 'email' | 'phone'>,
): boolean {
  if (message.source === 'formulaire') {
    return message.service !== null && message.email !== null && message.phone !== null;
  }
  return message.email !== null || message.phone !== null;
}

/**
 * Said of a field a lead typed in by the owner does not have (« Nouveau contact »: no e-mail,
 * no phone or no service), where the inbox, the CSV and the reminders name it.
 */
export const NOT_GIVEN = 'Non renseigné';

/** The fields of a stored message that the backend sets, beside those the visitor sent. */
const STORED_BY_BACKEND = ['id', 'source', 'receivedAt', 'read'] as const;

/**
 * Every field of a message, in the schema's order: what the backends store and read back
 * (the SQL columns, the Firestore document) is derived from this list (docs/architecture.md,
 * « Ajouter un champ au message »).
 */
export const CONTACT_MESSAGE_KEYS: readonly (keyof ContactMessage)[] =
  contactMessageSchema.keyof().options;

/**
 * The fields the visitor sends that are stored (ContactFields), in the schema's order.
 * tests/shared/domain/contact-fields.test.ts holds them to contactInputSchema's.
 */
export const CONTACT_FIELD_KEYS = CONTACT_MESSAGE_KEYS.filter(
  (key): key is keyof ContactFields => !(STORED_BY_BACKEND as readonly string[]).includes(key),
);

/**
 * A message kept aside as spam (« Indésirables »): never in the inbox, its counts or its
 * export, never notified; deleted SPAM_RETENTION_DAYS after it was received unless the owner
 * moves it to the inbox.
 */
export const spamMessageSchema = contactMessageSchema.extend({
  spamReason: z.enum(SPAM_REASON_CODES),
  /**
   * When the owner marked it (« Marquer comme indésirable », milliseconds), null for a message
   * the filters kept: its SPAM_RETENTION_DAYS count from then, not from its reception.
   */
  markedAt: z.number().int().nullable(),
});

export type SpamMessage = z.infer<typeof spamMessageSchema>;
