import type { ContactMessage } from '../../../shared/domain/contact.ts';
import { displayPhone, phoneE164, whatsappHref } from '../../../shared/domain/phone.ts';
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

/** How the inbox shows the sender's phone and reaches it (null: the stored phone is no number). */
export interface SenderPhone {
  /** « 0550123456 » for an Algerian number, international form otherwise (shared/domain/phone.ts). */
  display: string;
  /** `tel:` with the number in E.164. */
  call: string | null;
  /** A WhatsApp chat. */
  whatsapp: string | null;
}

// Parsed once per message: libphonenumber takes about a tenth of a millisecond a number, and a
// new message re-renders every row of the page, which must stay within one frame.
const senderPhones = new WeakMap<ContactMessage, SenderPhone>();

export function senderPhone(message: ContactMessage): SenderPhone {
  let phone = senderPhones.get(message);
  if (phone === undefined) {
    const e164 = phoneE164(message.phone);
    phone = {
      display: displayPhone(message.phone),
      call: e164 === null ? null : telHref(e164),
      whatsapp: e164 === null ? null : whatsappHref(e164),
    };
    senderPhones.set(message, phone);
  }
  return phone;
}
