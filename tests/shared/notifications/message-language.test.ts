import { describe, expect, it } from 'vitest';
import { composeNotificationEmail } from '../../../shared/notifications/new-message.ts';
import { composePushPayload } from '../../../shared/notifications/push-payload.ts';
import { aMessage } from '../../fixtures/messages.ts';

/** The owner learns from the e-mail and the push which language to answer in. */
const message = aMessage({
  id: 'm1',
  fullName: 'مخبزة البهية',
  service: 'Design',
  email: 'contact@boulangerie-elbahia.dz',
  phone: '+213555123456',
  subject: 'تصميم شعار جديد',
  message: 'نريد شعارا جديدا لمخبزتنا في وهران.',
  receivedAt: Date.UTC(2026, 10, 25, 9, 30),
  language: 'ar',
});

describe('the language a message was sent in', () => {
  it('is named in the e-mail, text and HTML', () => {
    const email = composeNotificationEmail(message, { publicUrl: 'https://agence.test' });
    expect(email.text).toContain('Langue : arabe (page en arabe)');
    expect(email.html).toContain('arabe (page en arabe)');
    const french = composeNotificationEmail(
      { ...message, language: 'fr' },
      { publicUrl: 'https://agence.test' },
    );
    expect(french.text).toContain('Langue : français (page en français)');
  });

  it('gives reply links that start in the visitor’s language (HTML part)', () => {
    const hrefs = (html: string) =>
      [...html.matchAll(/href="([^"]+)"/g)].map((match) =>
        (match[1] ?? '').replace(/&amp;/g, '&').replace(/&#39;/g, "'"),
      );
    const arabic = hrefs(
      composeNotificationEmail(message, { publicUrl: 'https://agence.test' }).html,
    );
    const mail = new URL(arabic.find((href) => href.startsWith('mailto:')) ?? '');
    expect(decodeURIComponent(mail.pathname)).toBe('contact@boulangerie-elbahia.dz');
    expect(mail.searchParams.get('subject')).toBe('رد: تصميم شعار جديد');
    expect(mail.searchParams.get('body')).toBe(
      'السلام عليكم مخبزة البهية،\r\n\r\nنشكركم على رسالتكم إلى أوريزون نوميريك بخصوص « تصميم شعار جديد ».\r\n\r\n',
    );
    const chat = new URL(arabic.find((href) => href.startsWith('https://wa.me/')) ?? '');
    expect(chat.pathname).toBe('/213555123456');
    expect(chat.searchParams.get('text')).toBe(
      'السلام عليكم مخبزة البهية،\nنشكركم على رسالتكم إلى أوريزون نوميريك بخصوص « تصميم شعار جديد ».',
    );

    const french = hrefs(
      composeNotificationEmail(
        { ...message, language: 'fr', subject: 'Logo' },
        { publicUrl: 'https://agence.test' },
      ).html,
    );
    expect(french).toContain('mailto:contact@boulangerie-elbahia.dz?subject=Re%3A%20Logo');
    expect(french).toContain('https://wa.me/213555123456');
  });

  it('leads the push, as the dashboard marks it, even when the body is cut short', () => {
    expect(composePushPayload(message).body).toBe('AR · Design · تصميم شعار جديد');
    const long = composePushPayload({ ...message, subject: 'ش'.repeat(1000) });
    expect(long.body.startsWith('AR · Design · ')).toBe(true);
    expect(composePushPayload({ ...message, language: 'fr' }).body.startsWith('FR · ')).toBe(true);
  });
});
