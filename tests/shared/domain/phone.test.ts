import { describe, expect, it } from 'vitest';
import {
  displayPhone,
  parsePhoneInput,
  phoneE164,
  whatsappReach,
  whatsappReachRefusal,
} from '../../../shared/domain/phone.ts';

describe('phone numbers as visitors write them', () => {
  it.each([
    ['0550 12 34 56', '+213550123456'],
    ['0550123456', '+213550123456'],
    ['+213 550 12 34 56', '+213550123456'],
    ['00213 550 12 34 56', '+213550123456'],
    ['+213 (0)550 12 34 56', '+213550123456'],
    ['0661 23 45 67', '+213661234567'],
    ['0770-11-22-33', '+213770112233'],
    ['(0550) 12.34.56', '+213550123456'],
    ['021 12 34 56', '+21321123456'],
    ['+33 6 12 34 56 78', '+33612345678'],
    ['0033 6 12 34 56 78', '+33612345678'],
  ])('reads %j as %s', (typed, e164) => {
    expect(parsePhoneInput(typed)).toBe(e164);
  });

  it('reads a phone sent as a JSON number, as the original site stored it', () => {
    expect(parsePhoneInput(550123456)).toBe('+213550123456');
  });

  it.each([
    ['', 'empty'],
    ['12', 'too short'],
    ['0550 12 34 56 78 90', 'too long'],
    ['abc0550123456', 'letters'],
    ['0550 12 34 56 poste 2', 'words'],
    ['+213 550 12 34 56'.repeat(3), 'far too long'],
  ])('refuses %j (%s)', (typed) => {
    expect(parsePhoneInput(typed)).toBeNull();
  });
});

describe('stored phone numbers in the inbox', () => {
  it('shows an Algerian number in its national groups and a foreign one in international form', () => {
    expect(displayPhone('+213550123456')).toBe('0550 12 34 56');
    expect(displayPhone('+21321123456')).toBe('021 12 34 56');
    expect(displayPhone('+33612345678')).toBe('+33 6 12 34 56 78');
  });

  it('still reads what earlier versions stored: digits without the leading 0, or a number', () => {
    expect(displayPhone('550123456')).toBe('0550 12 34 56');
    expect(displayPhone(550123456)).toBe('0550 12 34 56');
    expect(displayPhone('33612345678')).toBe('+33 6 12 34 56 78');
    expect(phoneE164('550123456')).toBe('+213550123456');
    expect(phoneE164('33612345678')).toBe('+33612345678');
  });

  it('shows a value that is no phone number as it is, with no link', () => {
    expect(displayPhone('inconnu')).toBe('inconnu');
    expect(phoneE164('inconnu')).toBeNull();
  });
});

describe('whether a phone can receive WhatsApp (issue 44)', () => {
  it('takes an Algerian mobile (05, 06, 07) and a foreign number', () => {
    expect(whatsappReach('+213550123456')).toEqual({ ok: true, e164: '+213550123456' });
    expect(whatsappReach('0661 23 45 67')).toEqual({ ok: true, e164: '+213661234567' });
    expect(whatsappReach('+213770112233')).toEqual({ ok: true, e164: '+213770112233' });
    expect(whatsappReach('+33612345678')).toEqual({ ok: true, e164: '+33612345678' });
  });

  it('says an Algerian fixed line (041 …, any 0xx of eight digits) cannot, in one French sentence', () => {
    for (const landline of ['+21341234567', '041 23 45 67', '021 63 12 34', '+21338123456']) {
      const reach = whatsappReach(landline);
      expect(reach).toMatchObject({ ok: false, reason: 'landline' });
    }
    expect(whatsappReachRefusal(whatsappReach('+21341234567'))).toBe(
      'Le 041 23 45 67 est un numéro fixe : il ne reçoit pas WhatsApp. Copiez le lien et transmettez-le autrement (SMS depuis un mobile, e-mail).',
    );
    expect(whatsappReach(null)).toMatchObject({ ok: false, reason: 'none' });
    expect(whatsappReachRefusal(whatsappReach(''))).toBe(
      'Ce contact n’a pas de numéro de téléphone : WhatsApp n’est pas possible.',
    );
  });
});
