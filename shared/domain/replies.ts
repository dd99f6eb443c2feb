import { AGENCY_NAMES } from '../content/agency.ts';
import type { ContactLanguage, ContactMessage } from './contact.ts';
import { whatsappHref } from './phone.ts';

/**
 * What the owner's reply shortcuts write first, in the language the visitor wrote in: the
 * dashboard's « Répondre par e-mail » and WhatsApp links, and the same links in the
 * notification e-mail. One entry per language, every sentence of it here.
 */

/** What a reply starts from. */
export interface ReplyDraft {
  fullName: string;
  subject: string;
  /** The agency's name in the message's language (shared/content/agency.ts). */
  agencyName: string;
}

export interface ReplyText {
  /** The reply's subject: the visitor's, after this language's « Re: », not added twice. */
  subject: (subject: string) => string;
  /** The start of the e-mail, or null for an empty body. */
  emailBody: ((draft: ReplyDraft) => string) | null;
  /** The first WhatsApp message, or null to open the chat empty. */
  whatsapp: ((draft: ReplyDraft) => string) | null;
}

/** « Re: subject », unless the subject already starts with one of `prefixes`. */
function prefixed(prefix: string, prefixes: RegExp) {
  return (subject: string) => {
    const trimmed = subject.trim();
    return prefixes.test(trimmed) ? trimmed : `${prefix}${trimmed}`;
  };
}

/** « السلام عليكم …، نشكركم على رسالتكم إلى … بخصوص « … ». » */
function arabicOpening({ fullName, subject, agencyName }: ReplyDraft, lineBreak: string) {
  return `السلام عليكم ${fullName.trim()}،${lineBreak}نشكركم على رسالتكم إلى ${agencyName} بخصوص « ${subject.trim()} ».`;
}

export const REPLY_TEXT: Record<ContactLanguage, ReplyText> = {
  // As the dashboard always wrote it: « Re: » before the subject, nothing else.
  fr: { subject: prefixed('Re: ', /^re\s*:/i), emailBody: null, whatsapp: null },
  ar: {
    subject: prefixed('رد: ', /^(?:re|رد)\s*:/i),
    // Mail programs take CRLF between lines (RFC 6068); a blank line left to write in.
    emailBody: (draft) => `${arabicOpening(draft, '\r\n\r\n')}\r\n\r\n`,
    whatsapp: (draft) => arabicOpening(draft, '\n'),
  },
};

type Replied = Pick<ContactMessage, 'fullName' | 'email' | 'subject' | 'language'>;

function draftOf(message: Replied): ReplyDraft {
  const agencyName = AGENCY_NAMES[message.language];
  return { fullName: message.fullName, subject: message.subject, agencyName };
}

/**
 * A `mailto:` to the visitor with the reply's subject (and the start of its text); without an
 * address (a lead typed in with a phone only), one the mail program asks for.
 */
export function replyMailtoHref(message: Replied): string {
  const text = REPLY_TEXT[message.language];
  const draft = draftOf(message);
  const query = [`subject=${encodeURIComponent(text.subject(message.subject))}`];
  if (text.emailBody) query.push(`body=${encodeURIComponent(text.emailBody(draft))}`);
  return `mailto:${encodeURIComponent(message.email ?? '').replace(/%40/g, '@')}?${query.join('&')}`;
}

/** The WhatsApp chat with the visitor (phone in E.164), its first message written if any. */
export function replyWhatsappHref(e164: string, message: Replied): string {
  const write = REPLY_TEXT[message.language].whatsapp;
  const chat = whatsappHref(e164);
  if (!write) return chat;
  return `${chat}?text=${encodeURIComponent(write(draftOf(message)))}`;
}
