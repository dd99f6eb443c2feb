import { describe, expect, it } from 'vitest';
import {
  contactInputSchema,
  displayPhone,
  type ContactFormValues,
} from '../../../shared/domain/contact.ts';
import { fieldErrors } from '../../../shared/domain/field-errors.ts';

const valid: ContactFormValues = {
  fullName: 'Entreprise Exemple',
  service: 'Design',
  email: 'contact@exemple.dz',
  phone: '0550123456',
  subject: 'Nouveau logo',
  message: 'Bonjour, nous souhaitons refaire notre logo.',
};

function errorsOf(input: unknown) {
  const result = contactInputSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error.issues);
}

describe('contact schema', () => {
  it('accepts a complete message, trims it and keeps the phone without its leading zero', () => {
    const result = contactInputSchema.parse({ ...valid, fullName: '  Entreprise Exemple  ' });
    expect(result.fullName).toBe('Entreprise Exemple');
    expect(result.phone).toBe('550123456');
    expect(displayPhone(result.phone)).toBe('0550123456');
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

  it('checks the e-mail format, digits-only phone and the four services', () => {
    expect(errorsOf({ ...valid, email: 'nom@' }).email).toMatch(/adresse e-mail valide/);
    expect(errorsOf({ ...valid, phone: '05 50 12' }).phone).toMatch(/que des chiffres/);
    expect(errorsOf({ ...valid, phone: '00000000' }).phone).toMatch(/valide/);
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

  it('rejects unknown keys', () => {
    expect(errorsOf({ ...valid, admin: true })).toEqual({ admin: 'Champ inconnu.' });
  });
});
