import { sellerLegalDetails as exampleSeller } from '../../content/seller.ts';
import type { WorkingHours } from '../leads/business-hours.ts';
import { DEFAULT_DIGEST_TIME, digestTimeSetting, type DigestTime } from '../leads/digest-time.ts';
import type { PaymentAccount, SellerLegalDetails, TaxRegime } from '../quotes/seller.ts';
import { DEFAULT_VALIDITY_DAYS } from '../quotes/validity.ts';
import { normaliseNif } from '../quotes/seller.ts';
import { normaliseCcp, normaliseRib } from './bank-keys.ts';
import { missingSellerMentions, type MissingMention } from './mentions.ts';
import { settingsSchema, type Settings, type SettingsInput } from './settings.ts';

/**
 * From the settings to what the rules use: the seller a quote prints and freezes, the working
 * hours, the digest's time, the notices' address; and the defaults a new install starts with,
 * taken from today's configuration (DIGEST_TIME, NOTIFY_EMAIL) and the content module
 * (shared/content/seller.ts). docs/inbox.md, « Réglages ».
 */

/** What the configuration gives before « Réglages » is first saved. */
export interface SettingsDefaultsSource {
  /** DIGEST_TIME as configured (`08:00`, `off`); 08:00 when absent. */
  digestTime?: string | undefined;
  /** NOTIFY_EMAIL as configured. */
  notifyEmail?: string | undefined;
  /** The agency's details in the content module (bracketed examples until written). */
  seller?: SellerLegalDetails;
}

/**
 * The working hours a new install starts with: every day, 08:00 to 20:00 — what the « 2
 * heures » rule counted before « Réglages » (issue 33: nights out, not weekends). The screen
 * offers Algeria's working week (Sunday to Thursday) in one tick of the days.
 */
export const DEFAULT_HOURS = { days: [0, 1, 2, 3, 4, 5, 6], opens: '08:00', closes: '20:00' };

/** The settings before anything is saved. */
export function defaultSettings(source: SettingsDefaultsSource = {}): Settings {
  const seller = source.seller ?? exampleSeller;
  const real = !seller.placeholder;
  const account = (kind: PaymentAccount['kind']) =>
    [seller.account, seller.secondAccount].find((a) => a?.kind === kind);
  const rib = real ? account('rib') : undefined;
  const ccp = real ? account('ccp') : undefined;
  const regime = seller.taxRegime;
  const input: SettingsInput = {
    agency: {
      legalName: seller.legalName,
      legalFormFr: seller.legalForm.fr,
      legalFormAr: seller.legalForm.ar,
      addressFr: seller.address.fr,
      addressAr: seller.address.ar,
      phone: '',
      email: '',
      whatsapp: '',
    },
    // The content module's examples (« [NIF : 15 ou 20 chiffres] ») are not valid mentions:
    // they start empty, and `missingLegalMentions` lists them.
    legal: {
      rc: real ? seller.rc : '',
      nif: real && normaliseNif(seller.nif) !== null ? seller.nif : '',
      nis: real ? seller.nis : '',
      articleImposition: real ? seller.articleImposition : '',
      bank: rib?.kind === 'rib' && normaliseRib(rib.rib) !== null ? rib.bank : '',
      rib: rib?.kind === 'rib' && normaliseRib(rib.rib) !== null ? rib.rib : '',
      ccp: ccp?.kind === 'ccp' && normaliseCcp(ccp.ccp) !== null ? ccp.ccp : '',
      ccpKey: ccp?.kind === 'ccp' && normaliseCcp(ccp.ccp) !== null ? ccp.key : '',
    },
    tax: {
      regime: regime.kind,
      ifuRate: regime.kind === 'ifu' ? (regime.rate ?? '') : '',
      mentionFr: regime.kind === 'reel' ? '' : regime.mention.fr,
      mentionAr: regime.kind === 'reel' ? '' : regime.mention.ar,
    },
    quotes: {
      validityDays: String(DEFAULT_VALIDITY_DAYS),
      paymentTerms: '',
      depositPercent: '0',
      deliveryTime: '',
      mentions: '',
    },
    hours: DEFAULT_HOURS,
    notifications: {
      digestTime: digestTimeText(source.digestTime),
      email: source.notifyEmail ?? '',
    },
    exemption: { extendedUntil: '', confirmedOn: '' },
  };
  const parsed = settingsSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  // A content module whose details do not pass (never shipped so): start from the examples.
  return settingsSchema.parse({
    ...input,
    agency: { ...input.agency, phone: '', email: '', whatsapp: '' },
    legal: {
      rc: '',
      nif: '',
      nis: '',
      articleImposition: '',
      bank: '',
      rib: '',
      ccp: '',
      ccpKey: '',
    },
  });
}

function digestTimeText(value: string | undefined): string {
  const time = digestTimeSetting(value);
  if (time === null) return 'off';
  return `${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}`;
}

/**
 * The address that receives the owner's e-mails (new messages, reminders, the digest; the
 * reply address of a quote's e-mail): the one saved in « Réglages », else the configuration's
 * (NOTIFY_EMAIL) — before the first save, and when the screen's field is left empty. Both
 * backends ask it at each e-mail (src-server/settings, functions/src/channels.ts).
 */
export function ownerEmailOf(settings: Settings, configured: string): string {
  return settings.notifications.email.trim() || configured;
}

/** The digest's time the scheduler uses, null when off. */
export function digestTimeOf(settings: Settings): DigestTime | null {
  return digestTimeSetting(settings.notifications.digestTime || DEFAULT_DIGEST_TIME);
}

const minutes = (time: string) => {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return hour * 60 + minute;
};

export function workingHoursOf(settings: Settings): WorkingHours {
  return {
    days: settings.hours.days,
    opensMinute: minutes(settings.hours.opens),
    closesMinute: minutes(settings.hours.closes),
  };
}

/**
 * The seller a quote prints, and freezes when sent: the settings' agency, mentions, regime and
 * terms, as typed (a mention not given yet is empty). `placeholder` (« Modèle » across the
 * page) while a required mention is missing or still an example (`missingSellerMentions`).
 */
export function sellerOf(settings: Settings): SellerLegalDetails {
  const { agency, legal, tax, quotes } = settings;
  const rib: PaymentAccount | null =
    legal.rib.trim() === ''
      ? null
      : { kind: 'rib', bank: legal.bank, rib: normaliseRib(legal.rib) ?? legal.rib };
  const ccp: PaymentAccount | null =
    legal.ccp.trim() === ''
      ? null
      : { kind: 'ccp', ccp: normaliseCcp(legal.ccp) ?? legal.ccp, key: legal.ccpKey };
  const mention = { fr: tax.mentionFr, ar: tax.mentionAr };
  const taxRegime: TaxRegime =
    tax.regime === 'reel'
      ? { kind: 'reel' }
      : tax.regime === 'ifu'
        ? { kind: 'ifu', mention, rate: tax.ifuRate }
        : { kind: 'auto-entrepreneur', mention };
  const seller: SellerLegalDetails = {
    placeholder: false,
    legalName: agency.legalName,
    legalForm: { fr: agency.legalFormFr, ar: agency.legalFormAr },
    address: { fr: agency.addressFr, ar: agency.addressAr },
    rc: legal.rc,
    nif: normaliseNif(legal.nif) ?? legal.nif,
    nis: legal.nis,
    articleImposition: legal.articleImposition,
    account: rib ?? ccp ?? { kind: 'rib', bank: '', rib: '' },
    taxRegime,
    terms: {
      paymentTerms: quotes.paymentTerms,
      depositPercent: quotes.depositPercent,
      deliveryTime: quotes.deliveryTime,
      mentions: quotes.mentions,
    },
  };
  if (rib && ccp) seller.secondAccount = ccp;
  seller.placeholder = missingSellerMentions(seller).length > 0;
  return seller;
}

/** The required legal mentions « Réglages » still lacks (empty, or still an example). */
export function missingLegalMentions(settings: Settings): MissingMention[] {
  return missingSellerMentions(sellerOf(settings));
}
