import { describe, expect, it } from 'vitest';
import {
  algerianInternational,
  mailtoHref,
  replySubject,
  callHref,
  whatsappHref,
} from '../../../src-web/features/inbox/reply-links.ts';

describe('reply shortcuts', () => {
  it('normalises Algerian numbers to +213 (stored without their leading 0)', () => {
    expect(algerianInternational('550123456')).toBe('+213550123456');
    expect(algerianInternational('0550123456')).toBe('+213550123456');
    expect(algerianInternational('213550123456')).toBe('+213550123456');
    expect(algerianInternational('41234567')).toBe('+21341234567');
  });

  it('links to the phone and to WhatsApp', () => {
    expect(callHref('550123456')).toBe('tel:+213550123456');
    expect(whatsappHref('550123456')).toBe('https://wa.me/213550123456');
  });

  it('writes an e-mail with « Re: subject », encoded', () => {
    expect(replySubject('Devis & délais')).toBe('Re: Devis & délais');
    expect(replySubject('RE: déjà')).toBe('RE: déjà');
    expect(mailtoHref({ email: 'a+b@exemple.dz', subject: 'Devis & délais?' })).toBe(
      'mailto:a%2Bb@exemple.dz?subject=Re%3A%20Devis%20%26%20d%C3%A9lais%3F',
    );
  });
});
