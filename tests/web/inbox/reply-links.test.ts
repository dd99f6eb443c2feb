import { describe, expect, it } from 'vitest';
import type { ContactMessage } from '../../../shared/domain/contact.ts';
import {
  mailtoHref,
  replySubject,
  senderPhone,
} from '../../../src-web/features/inbox/reply-links.ts';

function withPhone(phone: string): ContactMessage {
  return {
    id: phone,
    fullName: 'Transport Oran Sud',
    service: 'Design',
    email: 'contact@transport-oran-sud.dz',
    phone,
    subject: 'Logo',
    message: 'Bonjour, un logo pour notre café.',
    language: 'fr',
    receivedAt: null,
    read: false,
  };
}

describe('reply shortcuts', () => {
  it('show the phone as the inbox does, call and WhatsApp it in E.164, however it was stored', () => {
    for (const stored of ['+213550123456', '550123456', '213550123456']) {
      expect(senderPhone(withPhone(stored))).toEqual({
        display: '0550123456',
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
    expect(replySubject('Devis & délais')).toBe('Re: Devis & délais');
    expect(replySubject('RE: déjà')).toBe('RE: déjà');
    expect(mailtoHref({ email: 'a+b@exemple.dz', subject: 'Devis & délais?' })).toBe(
      'mailto:a%2Bb@exemple.dz?subject=Re%3A%20Devis%20%26%20d%C3%A9lais%3F',
    );
  });
});
