import type { ContactMessage } from '../../../../shared/domain/contact.ts';
import { displayPhone, phoneE164 } from '../../../../shared/domain/phone.ts';
import { replyMailtoHref, replyWhatsappHref } from '../../../../shared/domain/replies.ts';
import { telHref } from '../../../content/format.ts';

/**
 * An e-mail to the sender, in the language they wrote in (shared/domain/replies.ts): « Re: »
 * and the subject for a French message; « رد: », and a greeting naming the agency in
 * Arabic, for an Arabic one.
 */
export function mailtoHref(
  message: Pick<ContactMessage, 'fullName' | 'email' | 'subject' | 'language'>,
): string {
  return replyMailtoHref(message);
}

/** How the inbox shows the sender's phone and reaches it (null: the stored phone is no number). */
export interface SenderPhone {
  /** « 0550123456 » for an Algerian number, international form otherwise (shared/domain/phone.ts). */
  display: string;
  /** `tel:` with the number in E.164. */
  call: string | null;
  /** A WhatsApp chat, its first message in the sender's language (as `mailtoHref`). */
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
      whatsapp: e164 === null ? null : replyWhatsappHref(e164, message),
    };
    senderPhones.set(message, phone);
  }
  return phone;
}
