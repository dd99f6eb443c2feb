import { describe, expect, it } from 'vitest';
import type { ContactMessage } from '../../../shared/domain/contact.ts';
import { REPLY_TEXT, replyMailtoHref, replyWhatsappHref } from '../../../shared/domain/replies.ts';

const arabic: Pick<ContactMessage, 'fullName' | 'email' | 'subject' | 'language'> = {
  fullName: 'شركة النقل وهران',
  email: 'contact+ar@transport-oran.dz',
  subject: 'موقع إلكتروني & متجر؟',
  language: 'ar',
};
const french = {
  ...arabic,
  fullName: 'Transport Oran',
  subject: 'Site & boutique ?',
  language: 'fr' as const,
};

/** What a mail program reads from a mailto: link (RFC 6068: the query is percent-encoded). */
function readMailto(href: string) {
  const url = new URL(href);
  expect(url.protocol).toBe('mailto:');
  return {
    to: decodeURIComponent(url.pathname),
    subject: url.searchParams.get('subject'),
    body: url.searchParams.get('body'),
  };
}

describe('the reply shortcuts', () => {
  it('write to a French sender as the dashboard always did: « Re: » and the subject, no text', () => {
    expect(readMailto(replyMailtoHref(french))).toEqual({
      to: 'contact+ar@transport-oran.dz',
      subject: 'Re: Site & boutique ?',
      body: null,
    });
    expect(replyWhatsappHref('+213550123456', french)).toBe('https://wa.me/213550123456');
  });

  it('write to an Arabic sender in Arabic: « رد: », a greeting, the agency and the subject', () => {
    const mail = readMailto(replyMailtoHref(arabic));
    expect(mail).toEqual({
      to: 'contact+ar@transport-oran.dz',
      subject: 'رد: موقع إلكتروني & متجر؟',
      body: 'السلام عليكم شركة النقل وهران،\r\n\r\nنشكركم على رسالتكم إلى أوريزون نوميريك بخصوص « موقع إلكتروني & متجر؟ ».\r\n\r\n',
    });
    const chat = new URL(replyWhatsappHref('+213550123456', arabic));
    expect(`${chat.origin}${chat.pathname}`).toBe('https://wa.me/213550123456');
    expect(chat.searchParams.get('text')).toBe(
      'السلام عليكم شركة النقل وهران،\nنشكركم على رسالتكم إلى أوريزون نوميريك بخصوص « موقع إلكتروني & متجر؟ ».',
    );
  });

  it('do not add « Re: » twice, in either language', () => {
    expect(REPLY_TEXT.fr.subject('  RE: devis ')).toBe('RE: devis');
    expect(REPLY_TEXT.fr.subject('Refonte')).toBe('Re: Refonte');
    expect(REPLY_TEXT.ar.subject('رد: عرض سعر')).toBe('رد: عرض سعر');
    expect(REPLY_TEXT.ar.subject('Re: عرض سعر')).toBe('Re: عرض سعر');
    expect(REPLY_TEXT.ar.subject('ردود الزبائن')).toBe('رد: ردود الزبائن');
  });

  it('keep a hostile address or subject inside its own parameter', () => {
    const mail = readMailto(
      replyMailtoHref({
        ...arabic,
        email: 'x@exemple.dz?bcc=pirate@exemple.dz',
        subject: 'a&body=b',
      }),
    );
    expect(mail.to).toBe('x@exemple.dz?bcc=pirate@exemple.dz');
    expect(mail.subject).toBe('رد: a&body=b');
  });
});
