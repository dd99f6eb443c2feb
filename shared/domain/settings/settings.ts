import { z } from 'zod';
import { REQUIRED_FIELD } from '../messages.ts';
import { parsePhoneInput } from '../phone.ts';
import { DIGEST_OFF, DIGEST_TIME_PATTERN } from '../leads/digest-time.ts';
import { normaliseNif } from '../quotes/seller.ts';
import { QUOTE_LIMITS } from '../quotes/quote.ts';
import { EXEMPTION_MESSAGES, WEBSITE_VAT_EXEMPTION } from '../quotes/vat-exemption.ts';

const MAX_VALIDITY_DAYS = QUOTE_LIMITS.validityDays.max;
import { hasRibLength, normaliseCcp, normaliseRib } from './bank-keys.ts';

/**
 * « Réglages » (issue 49; docs/inbox.md, « Réglages »): what is the owner's and not the code's,
 * in sections, each with its zod schema and a French sentence under each refused field. The
 * same schemas check the screen's form and what each backend stores. Every value is kept as
 * typed text where the form types it (a number of days is « 30 »), so that the form shows
 * exactly what was saved; `effectiveSettings` (effective.ts) reads them for the rules.
 */

export const SETTINGS_MESSAGES = {
  email: 'Saisissez une adresse e-mail valide, par exemple contact@agence.dz.',
  nif: 'Le NIF compte 15 ou 20 chiffres.',
  nis: 'Le NIS ne contient que des chiffres (15 en général).',
  articleImposition: 'L’article d’imposition ne contient que des chiffres.',
  ribLength: 'Le RIB compte 20 chiffres (banque, agence, compte et clé).',
  ribKey:
    'La clé de ce RIB (ses deux derniers chiffres) ne correspond pas : vérifiez-le chiffre par chiffre.',
  bank: 'Indiquez la banque de ce RIB.',
  ccp: 'Le numéro de CCP compte de 1 à 10 chiffres, sans la clé.',
  ccpKey: 'La clé du CCP compte 2 chiffres.',
  ccpKeyAlone: 'Indiquez aussi la clé du CCP.',
  account: 'Indiquez un RIB ou un CCP : le client doit savoir où payer.',
  ifuRate: 'Indiquez le taux de l’IFU, en pour cent (5 ou 12, par exemple).',
  mention: 'Écrivez la mention que le devis imprime à la place de la TVA.',
  validityDays: `La validité compte de 1 à ${MAX_VALIDITY_DAYS} jours.`,
  deposit: 'L’acompte est un pourcentage de 0 à 100.',
  days: 'Choisissez au moins un jour ouvré.',
  time: 'Saisissez une heure au format HH:MM, par exemple 08:00.',
  closes: 'La fermeture vient après l’ouverture.',
  digestTime: 'Saisissez une heure au format HH:MM, ou choisissez « Désactivé ».',
  date: 'Saisissez une date, par exemple 2026-12-31.',
  tooLong: (max: number) => `${max} caractères au plus.`,
} as const;

const required = (max = 200) =>
  z
    .string({ error: REQUIRED_FIELD })
    .trim()
    .min(1, { error: REQUIRED_FIELD })
    .max(max, { error: SETTINGS_MESSAGES.tooLong(max) });
const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, { error: SETTINGS_MESSAGES.tooLong(max) })
    .default('');
const digitsOnly = (text: string) => text === '' || /^[\d\s]+$/u.test(text);

/** The agency as its documents name it. */
export const agencySettingsSchema = z.object({
  legalName: required(),
  legalFormFr: required(),
  legalFormAr: required(),
  addressFr: required(400),
  addressAr: required(400),
  phone: z
    .string()
    .trim()
    .default('')
    .refine((phone) => phone === '' || parsePhoneInput(phone) !== null, {
      error: 'Saisissez un numéro de téléphone valide, par exemple 0550 12 34 56.',
    }),
  email: z
    .string()
    .trim()
    .default('')
    .refine((email) => email === '' || z.email().safeParse(email).success, {
      error: SETTINGS_MESSAGES.email,
    }),
  whatsapp: z
    .string()
    .trim()
    .default('')
    .refine((phone) => phone === '' || parsePhoneInput(phone) !== null, {
      error: 'Saisissez le numéro WhatsApp, par exemple 0550 12 34 56 ou +213 550 12 34 56.',
    }),
});

/**
 * The legal mentions a quote must carry: RC, NIF, NIS, article d’imposition, and where to pay
 * (a RIB, a CCP with its key, or both). Each may be left empty while the owner does not have
 * it yet (a draft still saves and prints as « Modèle »); `missingLegalMentions` says which a
 * quote cannot leave without.
 */
export const legalSettingsSchema = z
  .object({
    rc: optionalText(40),
    nif: optionalText(40).refine((nif) => nif === '' || normaliseNif(nif) !== null, {
      error: SETTINGS_MESSAGES.nif,
    }),
    nis: optionalText(40).refine(digitsOnly, { error: SETTINGS_MESSAGES.nis }),
    articleImposition: optionalText(40).refine(digitsOnly, {
      error: SETTINGS_MESSAGES.articleImposition,
    }),
    bank: optionalText(120),
    rib: optionalText(40)
      .refine((rib) => rib === '' || hasRibLength(rib), { error: SETTINGS_MESSAGES.ribLength })
      .refine((rib) => rib === '' || !hasRibLength(rib) || normaliseRib(rib) !== null, {
        error: SETTINGS_MESSAGES.ribKey,
      }),
    ccp: optionalText(20).refine((ccp) => ccp === '' || normaliseCcp(ccp) !== null, {
      error: SETTINGS_MESSAGES.ccp,
    }),
    ccpKey: optionalText(4).refine((key) => key === '' || /^\d{2}$/u.test(key), {
      error: SETTINGS_MESSAGES.ccpKey,
    }),
  })
  .superRefine((legal, context) => {
    if (legal.rib !== '' && legal.bank === '') {
      context.addIssue({ code: 'custom', path: ['bank'], message: SETTINGS_MESSAGES.bank });
    }
    if (legal.ccp !== '' && legal.ccpKey === '') {
      context.addIssue({
        code: 'custom',
        path: ['ccpKey'],
        message: SETTINGS_MESSAGES.ccpKeyAlone,
      });
    }
    if (legal.ccp === '' && legal.ccpKey !== '') {
      context.addIssue({ code: 'custom', path: ['ccp'], message: SETTINGS_MESSAGES.ccp });
    }
    // A key of two digits that the known rule disagrees with is not refused: the rule is not
    // confirmed (`ccpKeyDoubt` says so under the field instead; docs/quotes.md).
  });

export const TAX_REGIMES = {
  reel: 'Régime du réel (TVA sur chaque ligne)',
  ifu: 'Impôt forfaitaire unique (IFU)',
  'auto-entrepreneur': 'Auto-entrepreneur',
} as const;
export type TaxRegimeKind = keyof typeof TAX_REGIMES;

/**
 * How the agency is taxed: the régime du réel (TVA per line), the IFU (its rate, and the
 * mention a quote prints instead of TVA) or the auto-entrepreneur's (no TVA, its mention).
 */
export const taxSettingsSchema = z
  .object({
    regime: z.enum(['reel', 'ifu', 'auto-entrepreneur'], {
      error: 'Choisissez le régime fiscal de l’agence.',
    }),
    ifuRate: optionalText(6),
    mentionFr: optionalText(400),
    mentionAr: optionalText(400),
  })
  .superRefine((tax, context) => {
    if (tax.regime === 'reel') return;
    if (tax.regime === 'ifu') {
      const rate = Number(tax.ifuRate.replace(',', '.'));
      if (!/^\d{1,2}(?:[.,]\d{1,2})?$/u.test(tax.ifuRate) || !(rate > 0 && rate < 100)) {
        context.addIssue({ code: 'custom', path: ['ifuRate'], message: SETTINGS_MESSAGES.ifuRate });
      }
    }
    for (const path of ['mentionFr', 'mentionAr'] as const) {
      if (tax[path] === '') {
        context.addIssue({ code: 'custom', path: [path], message: SETTINGS_MESSAGES.mention });
      }
    }
  });

const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((text) => /^\d{1,4}$/u.test(text) && Number(text) >= min && Number(text) <= max, {
      error: message,
    });

/** What a new quote starts with. */
export const quoteDefaultsSettingsSchema = z.object({
  validityDays: wholeNumber(1, MAX_VALIDITY_DAYS, SETTINGS_MESSAGES.validityDays),
  paymentTerms: optionalText(400),
  depositPercent: wholeNumber(0, 100, SETTINGS_MESSAGES.deposit),
  deliveryTime: optionalText(200),
  mentions: optionalText(2000),
});

/** Days of the week as `Date.getDay()` counts them: 0 is Sunday. */
export const WEEK_DAYS = [
  'Dimanche',
  'Lundi',
  'Mardi',
  'Mercredi',
  'Jeudi',
  'Vendredi',
  'Samedi',
] as const;
/** Algeria's working week: Sunday to Thursday. */
export const ALGERIAN_WORKING_WEEK = [0, 1, 2, 3, 4] as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/u;

/**
 * The working days and hours (Algiers time). No transform anywhere in these schemas: the API
 * answers with them too, and a transform cannot be written back (zod's encode). The « 2 heures »
 * reminder counts only them, and every proposed « Relancer le » falls inside them.
 */
export const hoursSettingsSchema = z
  .object({
    days: z
      .array(z.number().int().min(0).max(6), { error: SETTINGS_MESSAGES.days })
      .min(1, { error: SETTINGS_MESSAGES.days })
      .max(7, { error: SETTINGS_MESSAGES.days }),
    opens: z.string().trim().regex(TIME, { error: SETTINGS_MESSAGES.time }),
    closes: z.string().trim().regex(TIME, { error: SETTINGS_MESSAGES.time }),
  })
  .superRefine((hours, context) => {
    if (TIME.test(hours.opens) && TIME.test(hours.closes) && hours.closes <= hours.opens) {
      context.addIssue({ code: 'custom', path: ['closes'], message: SETTINGS_MESSAGES.closes });
    }
  });

/** The daily digest's time (Algiers) or `off`, and the address that receives the notices. */
export const notificationSettingsSchema = z.object({
  digestTime: z
    .string()
    .trim()
    .refine((time) => time === DIGEST_OFF || DIGEST_TIME_PATTERN.test(time), {
      error: SETTINGS_MESSAGES.digestTime,
    }),
  email: z
    .string()
    .trim()
    .default('')
    .refine((email) => email === '' || z.email().safeParse(email).success, {
      error: SETTINGS_MESSAGES.email,
    }),
});

const DAY = /^\d{4}-\d{2}-\d{2}$/u;

/**
 * The TVA exemption of websites (docs/quotes.md, « L’exonération de TVA »): the day the
 * agency's accountant confirmed that a finance law extends it, and until when.
 */
export const exemptionSettingsSchema = z
  .object({
    extendedUntil: optionalText(10).refine((day) => day === '' || DAY.test(day), {
      error: SETTINGS_MESSAGES.date,
    }),
    confirmedOn: optionalText(10).refine((day) => day === '' || DAY.test(day), {
      error: SETTINGS_MESSAGES.date,
    }),
  })
  // The dates' order: both or neither; the extension beyond the known end; confirmed before
  // it ends (shared/domain/quotes/vat-exemption.ts).
  .superRefine(({ extendedUntil, confirmedOn }, context) => {
    if (!(extendedUntil === '' || DAY.test(extendedUntil))) return;
    if (!(confirmedOn === '' || DAY.test(confirmedOn))) return;
    if ((extendedUntil === '') !== (confirmedOn === '')) {
      context.addIssue({
        code: 'custom',
        path: [extendedUntil === '' ? 'extendedUntil' : 'confirmedOn'],
        message: EXEMPTION_MESSAGES.both,
      });
      return;
    }
    if (extendedUntil === '') return;
    if (extendedUntil <= WEBSITE_VAT_EXEMPTION.end) {
      context.addIssue({
        code: 'custom',
        path: ['extendedUntil'],
        message: EXEMPTION_MESSAGES.afterEnd,
      });
    } else if (confirmedOn > extendedUntil) {
      context.addIssue({
        code: 'custom',
        path: ['confirmedOn'],
        message: EXEMPTION_MESSAGES.confirmedBefore,
      });
    }
  });

export const settingsSchema = z.object({
  agency: agencySettingsSchema,
  legal: legalSettingsSchema,
  tax: taxSettingsSchema,
  quotes: quoteDefaultsSettingsSchema,
  hours: hoursSettingsSchema,
  notifications: notificationSettingsSchema,
  exemption: exemptionSettingsSchema,
});

/** The settings as stored and shown (checked). */
export type Settings = z.output<typeof settingsSchema>;
/** The settings as a form or a request gives them (before the check). */
export type SettingsInput = z.input<typeof settingsSchema>;
export type SettingsSection = keyof Settings;

/** One saved version, with its date (milliseconds) and who saved it. */
export interface SettingsVersion {
  settings: Settings;
  savedAt: number;
  savedBy: string;
}

/** What the backend holds: the settings in force, and whether they were ever saved. */
export interface StoredSettings {
  settings: Settings;
  /** null: never saved, the defaults from the configuration apply. */
  savedAt: number | null;
}

/**
 * French messages keyed by the field's whole path (`legal.nif`), as the forms show them and
 * the backends answer them in `fields`; the first per field.
 */
export function settingsFieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
