import { describe, expect, it } from 'vitest';
import {
  mailtoHref,
  replySubject,
  callHref,
  whatsappHref,
} from '../../../src-web/features/inbox/reply-links.ts';

describe('reply shortcuts', () => {
  it('calls and writes on WhatsApp with the number in E.164, Algerian or foreign', () => {
    expect(callHref('+213550123456')).toBe('tel:+213550123456');
    expect(whatsappHref('+213550123456')).toBe('https://wa.me/213550123456');
    expect(callHref('+33612345678')).toBe('tel:+33612345678');
    expect(whatsappHref('+33612345678')).toBe('https://wa.me/33612345678');
  });

  it('still links a phone stored by an earlier version (without its leading 0)', () => {
    expect(callHref('550123456')).toBe('tel:+213550123456');
    expect(whatsappHref('41234567')).toBe('https://wa.me/21341234567');
  });

  it('offers no link for a stored value that is no phone number', () => {
    expect(callHref('inconnu')).toBeNull();
    expect(whatsappHref('inconnu')).toBeNull();
  });

  it('writes an e-mail with « Re: subject », encoded', () => {
    expect(replySubject('Devis & délais')).toBe('Re: Devis & délais');
    expect(replySubject('RE: déjà')).toBe('RE: déjà');
    expect(mailtoHref({ email: 'a+b@exemple.dz', subject: 'Devis & délais?' })).toBe(
      'mailto:a%2Bb@exemple.dz?subject=Re%3A%20Devis%20%26%20d%C3%A9lais%3F',
    );
  });
});
