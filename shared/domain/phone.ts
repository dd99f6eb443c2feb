import { parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/min';

/**
 * Phone numbers as visitors write them, parsed by libphonenumber (Google's rules for every
 * country), Algeria by default: « 0550 12 34 56 », « +213 550 12 34 56 »,
 * « 00213 550 12 34 56 », « 0770-11-22-33 », « (0550) 12.34.56 », and a foreign client's
 * « +33 6 12 34 56 78 » all name a number. A number is stored in E.164 (« +213550123456 »).
 */
export const DEFAULT_PHONE_COUNTRY = 'DZ';

/**
 * A stored phone: E.164, « + » then up to 15 digits, the first not 0. Written so that the same
 * text works in JavaScript and in firestore.rules (RE2).
 */
export const E164_PATTERN = '^[+][1-9][0-9]{6,14}$';

/** What a visitor may type: digits, spaces, + ( ) . - and /. Letters are refused. */
const TYPED_PHONE = /^[\d\s+().\-/]+$/u;

/** Longest phone input accepted, spaces and separators included. */
export const PHONE_INPUT_MAX_LENGTH = 30;

function validNumber(text: string): PhoneNumber | undefined {
  const parsed = parsePhoneNumberFromString(text, DEFAULT_PHONE_COUNTRY);
  return parsed?.isValid() ? parsed : undefined;
}

/**
 * The E.164 form of what a visitor typed (a JSON number is read as its digits), or null when
 * it is not a valid phone number.
 */
export function parsePhoneInput(input: string | number): string | null {
  const text = typeof input === 'number' ? String(input) : input.trim();
  if (text === '' || text.length > PHONE_INPUT_MAX_LENGTH || !TYPED_PHONE.test(text)) {
    return null;
  }
  return validNumber(text)?.number ?? null;
}

/**
 * A stored phone as a parsed number. Besides E.164, this reads what earlier versions stored:
 * the digits without their leading 0 (« 550123456 », as the original site stored a number),
 * or without their leading 00 for a foreign number (« 33612345678 »).
 */
function storedNumber(stored: string | number | null): PhoneNumber | undefined {
  if (stored === null) return undefined;
  const text = String(stored).trim();
  if (text.startsWith('+')) return validNumber(text);
  const digits = text.replace(/\D/g, '');
  if (digits === '') return undefined;
  return validNumber(digits) ?? validNumber(`+${digits}`);
}

/** The E.164 form of a stored phone (for tel: and WhatsApp links), or null (none given). */
export function phoneE164(stored: string | number | null): string | null {
  return storedNumber(stored)?.number ?? null;
}

/**
 * The phone as every screen, e-mail and document shows it, in groups that read aloud: an
 * Algerian number in its national form (« 0555 12 34 56 », « 041 23 45 67 »); any other in
 * international form (« +33 6 12 34 56 78 »); a value that is no number at all, as it was
 * stored; none (a lead the owner typed in with an e-mail only), empty. The one formatting of a
 * phone: what is stored stays E.164 (« +213555123456 »), and tel: and WhatsApp links take
 * `phoneE164`.
 */
export function displayPhone(stored: string | number | null): string {
  if (stored === null) return '';
  const number = storedNumber(stored);
  if (!number) return String(stored);
  if (number.country === DEFAULT_PHONE_COUNTRY) return number.formatNational();
  return number.formatInternational();
}

/** A WhatsApp chat with a number in E.164 (wa.me takes its digits, without the +). */
export function whatsappHref(e164: string): string {
  return `https://wa.me/${e164.slice(1)}`;
}

/**
 * Whether a stored phone can receive WhatsApp (issue 44): an Algerian number must be a mobile
 * one, 05, 06 or 07 and eight more digits (« 0550 12 34 56 »); a fixed line (« 041 23 45 67 »,
 * any 0xx of eight digits after the 0) has no WhatsApp, and the screens say so rather than open
 * a chat that goes nowhere. A foreign number cannot be told apart here (the phone metadata the
 * site ships has no line types): it is taken as reachable. `none`: no valid number at all.
 */
export type WhatsappReach =
  { ok: true; e164: string } | { ok: false; reason: 'none' | 'landline'; display: string };

export const WHATSAPP_REACH_MESSAGES = {
  none: 'Ce contact n’a pas de numéro de téléphone : WhatsApp n’est pas possible.',
  landline: (display: string) =>
    `Le ${display} est un numéro fixe : il ne reçoit pas WhatsApp. Copiez le lien et transmettez-le autrement (SMS depuis un mobile, e-mail).`,
} as const;

export function whatsappReach(stored: string | number | null): WhatsappReach {
  const number = storedNumber(stored);
  if (!number) return { ok: false, reason: 'none', display: '' };
  if (number.country === DEFAULT_PHONE_COUNTRY && !/^[567]\d{8}$/u.test(number.nationalNumber)) {
    return { ok: false, reason: 'landline', display: displayPhone(stored) };
  }
  return { ok: true, e164: number.number };
}

/** The French sentence of an unreachable number (null: reachable). */
export function whatsappReachRefusal(reach: WhatsappReach): string | null {
  if (reach.ok) return null;
  return reach.reason === 'none'
    ? WHATSAPP_REACH_MESSAGES.none
    : WHATSAPP_REACH_MESSAGES.landline(reach.display);
}
