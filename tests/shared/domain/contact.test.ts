import { describe, expect, it } from 'vitest';
import { contactInputSchema, type ContactFormValues } from '../../../shared/domain/contact.ts';
import { fieldErrors } from '../../../shared/domain/field-errors.ts';
import { languageOfPage } from '../../../shared/domain/routes.ts';
import { aContactInput } from '../../fixtures/messages.ts';

const valid: ContactFormValues = aContactInput();

function errorsOf(input: unknown) {
  const result = contactInputSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error.issues);
}

describe('contact schema', () => {
  it('accepts a complete message, trims it and stores the phone in E.164', () => {
    const result = contactInputSchema.parse({
      ...valid,
      fullName: '  Entreprise Exemple  ',
      phone: '0550123456',
    });
    expect(result.fullName).toBe('Entreprise Exemple');
    expect(result.phone).toBe('+213550123456');
  });

  it.each([
    '+213 550 12 34 56',
    '00213 550 12 34 56',
    '0550 12 34 56',
    '0661 23 45 67',
    '0770-11-22-33',
    '+33 6 12 34 56 78',
  ])('accepts the phone written %j', (phone) => {
    expect(errorsOf({ ...valid, phone })).toEqual({});
  });

  it('accepts a phone sent as a JSON number, as the original site stored it', () => {
    expect(contactInputSchema.parse({ ...valid, phone: 550123456 }).phone).toBe('+213550123456');
  });

  it('requires all six fields, with a French message for each', () => {
    expect(errorsOf({})).toEqual({
      fullName: 'Ce champ est obligatoire.',
      service: 'Choisissez un des services proposés.',
      email: 'Ce champ est obligatoire.',
      phone: 'Ce champ est obligatoire.',
      subject: 'Ce champ est obligatoire.',
      message: 'Ce champ est obligatoire.',
    });
  });

  it('checks the e-mail format, the phone and the four services', () => {
    expect(errorsOf({ ...valid, email: 'nom@' }).email).toMatch(/adresse e-mail valide/);
    expect(errorsOf({ ...valid, email: 'nom..double@exemple.dz' }).email).toMatch(/valide/);
    expect(errorsOf({ ...valid, email: 'nom@exemple' }).email).toMatch(/valide/);
    // The phone's error says what to type.
    expect(errorsOf({ ...valid, phone: '05 50 12' }).phone).toBe(
      'Saisissez un numéro de téléphone valide, par exemple 0550 12 34 56, ou +33 6 12 34 56 78 depuis l’étranger.',
    );
    expect(errorsOf({ ...valid, phone: '00000000' }).phone).toMatch(/valide/);
    expect(errorsOf({ ...valid, phone: 'zéro cinq cinq' }).phone).toMatch(/valide/);
    expect(errorsOf({ ...valid, phone: '   ' }).phone).toBe('Ce champ est obligatoire.');
    expect(errorsOf({ ...valid, service: 'Plomberie' }).service).toMatch(/services proposés/);
  });

  it('bounds lengths and refuses control characters in single-line fields', () => {
    expect(errorsOf({ ...valid, subject: 'x'.repeat(151) }).subject).toMatch(/150 caractères/);
    expect(errorsOf({ ...valid, message: 'x'.repeat(5001) }).message).toMatch(/5000 caractères/);
    expect(errorsOf({ ...valid, fullName: 'Nom\u0000caché' }).fullName).toMatch(/non autorisés/);
    expect(errorsOf({ ...valid, subject: 'Ligne\nsuivante' }).subject).toMatch(/non autorisés/);
    expect(
      errorsOf({ ...valid, message: 'Première ligne\nSeconde ligne\tavec tabulation' }),
    ).toEqual({});
    expect(errorsOf({ ...valid, message: 'Cloche\u0007 dans le texte' }).message).toMatch(
      /non autorisés/,
    );
  });

  it('refuses the controls that reverse the direction of text, in every text field', () => {
    for (const control of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2069']) {
      const errors = errorsOf({
        ...valid,
        fullName: `Entreprise ${control}Exemple`,
        subject: `Devis ${control}urgent`,
        message: `Bonjour,\nvoici ${control}notre demande.`,
      });
      expect(Object.keys(errors).sort()).toEqual(['fullName', 'message', 'subject']);
      expect(errors.fullName).toMatch(/sens d’écriture/);
    }
  });

  it('refuses a value made only of invisible characters', () => {
    const invisible = '\u200B\u200C\u200D\u2060\u200B\u200C\u200D\u2060\u200B\u200C\u200D';
    const errors = errorsOf({
      ...valid,
      fullName: invisible,
      subject: invisible,
      message: invisible,
    });
    expect(errors).toEqual({
      fullName: expect.stringMatching(/caractères invisibles/),
      subject: expect.stringMatching(/caractères invisibles/),
      message: expect.stringMatching(/caractères invisibles/),
    });
    // Letters around a joiner (as in some scripts and emoji) are fine.
    expect(errorsOf({ ...valid, fullName: 'Café\u200DLumière' })).toEqual({});
  });

  it('refuses the invisible marks, in every text field, with a French sentence', () => {
    // « Facture n° 1234‏-5678 » with a right-to-left mark showed as « 12345678- ».
    expect(errorsOf({ ...valid, subject: 'Facture n° 1234\u200F-5678' })).toEqual({
      subject:
        'Le sujet contient des caractères invisibles (marques de direction, espaces sans largeur ou lettres vides) : retirez-les.',
    });
    for (const mark of [
      '\u200E',
      '\u200F',
      '\u061C',
      '\u200B',
      '\u2060',
      '\uFEFF',
      '\u3164',
      '\u115F',
      '\u1160',
      '\uFFA0',
      '\u2800',
    ]) {
      const errors = errorsOf({
        ...valid,
        fullName: `Entreprise${mark} Exemple`,
        subject: `Devis ${mark}urgent`,
        message: `Bonjour,\nvoici${mark} notre demande.`,
      });
      expect(Object.keys(errors).sort(), `U+${mark.codePointAt(0)?.toString(16)}`).toEqual([
        'fullName',
        'message',
        'subject',
      ]);
    }
  });

  it('rejects unknown keys', () => {
    expect(errorsOf({ ...valid, admin: true })).toEqual({ admin: 'Champ inconnu.' });
  });
});

describe('the language of a message', () => {
  it('is the page’s: Arabic on an Arabic page, French on any other', () => {
    for (const lang of ['ar', 'AR', 'ar-DZ', ' ar ']) expect(languageOfPage(lang)).toBe('ar');
    for (const lang of ['fr', 'fr-DZ', '', 'en', 'arc', 'kab']) {
      expect(languageOfPage(lang)).toBe('fr');
    }
  });

  it('is French when the form sends none, as messages did before it was recorded', () => {
    expect(contactInputSchema.parse(valid).language).toBe('fr');
    expect(contactInputSchema.parse({ ...valid, language: 'ar' }).language).toBe('ar');
  });
});
