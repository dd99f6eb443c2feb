import type { ContactMessage } from '../../../shared/domain/contact.ts';
import { phoneE164 } from '../../../shared/domain/phone.ts';
import { telHref } from '../../format.ts';

/** « Re: subject », unless the subject already starts with it. */
export function replySubject(subject: string): string {
  return /^re\s*:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
}

export function mailtoHref(message: Pick<ContactMessage, 'email' | 'subject'>): string {
  return `mailto:${encodeURIComponent(message.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(
    replySubject(message.subject),
  )}`;
}

/** Calls the sender: `tel:` with the number in E.164; null when the phone is no number. */
export function callHref(phone: string): string | null {
  const e164 = phoneE164(phone);
  return e164 === null ? null : telHref(e164);
}

/** Writes to the sender on WhatsApp (wa.me takes the E.164 digits without the +). */
export function whatsappHref(phone: string): string | null {
  const e164 = phoneE164(phone);
  return e164 === null ? null : `https://wa.me/${e164.slice(1)}`;
}
