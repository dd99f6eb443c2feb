import { describe, expect, it } from 'vitest';
import type { ContactMessage } from '../../../../shared/domain/contact.ts';
import { mailtoHref, senderPhone } from '../../../../src-web/admin/features/inbox/reply-links.ts';
import { aMessage } from '../../../fixtures/messages.ts';

function withPhone(phone: string): ContactMessage {
  return aMessage({
    id: phone,
    fullName: 'Transport Oran Sud',
    service: 'Design',
    email: 'contact@transport-oran-sud.dz',
    phone,
    subject: 'Logo',
    message: 'Bonjour, un logo pour notre café.',
    receivedAt: null,
  });
}

describe('reply shortcuts', () => {
  it('show the phone as the inbox does, call and WhatsApp it in E.164, however it was stored', () => {
    for (const stored of ['+213550123456', '550123456', '213550123456']) {
      expect(senderPhone(withPhone(stored))).toEqual({
        display: '0550 12 34 56',
        call: 'tel:+213550123456',
        whatsapp: 'https://wa.me/213550123456',
      });
    }
    expect(senderPhone(withPhone('41234567')).call).toBe('tel:+21341234567');
    expect(senderPhone(withPhone('+33612345678'))).toEqual({
      display: '+33 6 12 34 56 78',
      call: 'tel:+33612345678',
      whatsapp: 'https://wa.me/33612345678',
    });
  });

  it('offer no link for a stored phone that is no number, shown as it was kept', () => {
    expect(senderPhone(withPhone('inconnu'))).toEqual({
      display: 'inconnu',
      call: null,
      whatsapp: null,
    });
    expect(senderPhone(withPhone('123')).whatsapp).toBeNull();
  });

  it('writes an e-mail with « Re: subject », encoded', () => {
    const message = {
      ...withPhone('0550123456'),
      email: 'a+b@exemple.dz',
      subject: 'Devis & délais?',
    };
    expect(mailtoHref(message)).toBe(
      'mailto:a%2Bb@exemple.dz?subject=Re%3A%20Devis%20%26%20d%C3%A9lais%3F',
    );
    expect(mailtoHref({ ...message, subject: 'RE: déjà' })).toBe(
      'mailto:a%2Bb@exemple.dz?subject=RE%3A%20d%C3%A9j%C3%A0',
    );
  });

  it('answers an Arabic message in Arabic, naming the agency as the Arabic pages do', () => {
    const message: ContactMessage = {
      ...withPhone('0550123456'),
      fullName: 'مخبزة البهية',
      subject: 'تصميم شعار',
      language: 'ar',
    };
    const mail = new URL(mailtoHref(message));
    expect(mail.searchParams.get('subject')).toBe('رد: تصميم شعار');
    expect(mail.searchParams.get('body')).toBe(
      'السلام عليكم مخبزة البهية،\r\n\r\nنشكركم على رسالتكم إلى أوريزون نوميريك بخصوص « تصميم شعار ».\r\n\r\n',
    );
    const chat = new URL(senderPhone(message).whatsapp ?? '');
    expect(chat.origin + chat.pathname).toBe('https://wa.me/213550123456');
    expect(chat.searchParams.get('text')).toBe(
      'السلام عليكم مخبزة البهية،\nنشكركم على رسالتكم إلى أوريزون نوميريك بخصوص « تصميم شعار ».',
    );
  });
});
