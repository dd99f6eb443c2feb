import { normalisePhone, type ContactMessage } from '../../../shared/domain/contact.ts';
import { telHref } from '../../format.ts';

/**
 * The phone in international form for Algeria: the number is stored without its leading 0
 * (« 550123456 »), so +213 goes in front; a number already given with 213 keeps it.
 */
export function algerianInternational(phone: string): string {
  const digits = normalisePhone(phone.replace(/\D/g, ''));
  if (digits.startsWith('213') && digits.length > 11) return `+${digits}`;
  return `+213${digits}`;
}

/** « Re: subject », unless the subject already starts with it. */
export function replySubject(subject: string): string {
  return /^re\s*:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
}

export function mailtoHref(message: Pick<ContactMessage, 'email' | 'subject'>): string {
  return `mailto:${encodeURIComponent(message.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(
    replySubject(message.subject),
  )}`;
}

/** Calls the sender: `tel:` with the international number. */
export function callHref(phone: string): string {
  return telHref(algerianInternational(phone));
}

export function whatsappHref(phone: string): string {
  return `https://wa.me/${algerianInternational(phone).slice(1)}`;
}
