import { displayPhone, type ContactMessage } from '../../../shared/domain/contact.ts';

/**
 * The phone in international form for Algeria: the number is stored without its leading 0
 * (« 550123456 »), so +213 goes in front; a number already given with 213 keeps it.
 */
export function algerianInternational(phone: string): string {
  const digits = phone.replace(/\D/g, '').replace(/^0+/, '');
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

export function telHref(phone: string): string {
  return `tel:${algerianInternational(phone)}`;
}

export function whatsappHref(phone: string): string {
  return `https://wa.me/${algerianInternational(phone).slice(1)}`;
}

/** The number as the dashboard shows it (spec: a leading 0). */
export { displayPhone };
