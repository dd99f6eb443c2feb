import { describe, expect, it } from 'vitest';
import { FRENCH_CONTACT_MESSAGES } from '../../../../shared/domain/contact.ts';
import {
  MANUAL_LEAD_SOURCES,
  NEW_CONTACT_MESSAGES,
  newContactInputSchema,
} from '../../../../shared/domain/leads/new-contact.ts';

/** The French sentence the schema gives per refused field, or null when it accepts. */
function refusals(values: Record<string, unknown>): Record<string, string> | null {
  const parsed = newContactInputSchema.safeParse(values);
  if (parsed.success) return null;
  // The first sentence of each field, as the screen shows it.
  const said: Record<string, string> = {};
  for (const issue of parsed.error.issues) said[issue.path.join('.')] ??= issue.message;
  return said;
}

describe('« Nouveau contact »', () => {
  it('offers every source but the site’s form', () => {
    expect(MANUAL_LEAD_SOURCES).toEqual(['telephone', 'whatsapp', 'visite', 'autre']);
  });

  it.each([
    ['a name and a phone', { fullName: 'Karim B.', source: 'telephone', phone: '0550 12 34 56' }],
    ['a name and an e-mail', { fullName: 'Karim B.', source: 'visite', email: 'k@exemple.dz' }],
    [
      'every field, empty ones left out',
      {
        fullName: 'Salon Yasmine',
        source: 'whatsapp',
        phone: '+213 770 11 22 33',
        email: '',
        service: 'Design',
        subject: 'Logo',
        message: '',
      },
    ],
  ])('takes %s', (_, values) => {
    expect(refusals(values)).toBeNull();
  });

  it('stores the phone in E.164 and leaves empty fields out', () => {
    const parsed = newContactInputSchema.parse({
      fullName: 'Karim B.',
      source: 'telephone',
      phone: '0550 12 34 56',
      email: ' ',
      subject: '',
    });
    expect(parsed).toEqual({ fullName: 'Karim B.', source: 'telephone', phone: '+213550123456' });
  });

  it.each([
    [
      'neither phone nor e-mail, said under both',
      { fullName: 'Karim B.', source: 'telephone', phone: '', email: '' },
      { phone: NEW_CONTACT_MESSAGES.reachable, email: NEW_CONTACT_MESSAGES.reachable },
    ],
    [
      'no name',
      { fullName: '', source: 'telephone', phone: '0550123456' },
      { fullName: FRENCH_CONTACT_MESSAGES.required },
    ],
    [
      'the site’s form as a source',
      { fullName: 'Karim B.', source: 'formulaire', phone: '0550123456' },
      { source: NEW_CONTACT_MESSAGES.source },
    ],
    [
      'a phone that is not one',
      { fullName: 'Karim B.', source: 'autre', phone: '12' },
      { phone: FRENCH_CONTACT_MESSAGES.phone },
    ],
    [
      'a subject given too short, as the form says it',
      { fullName: 'Karim B.', source: 'autre', email: 'k@exemple.dz', subject: 'x' },
      { subject: FRENCH_CONTACT_MESSAGES.tooShort('Le sujet', 2) },
    ],
    [
      'a field the form does not have',
      { fullName: 'Karim B.', source: 'autre', email: 'k@exemple.dz', read: true },
      { '': expect.stringContaining('read') as unknown as string },
    ],
  ])('refuses %s, in French under the field', (_, values, expected) => {
    expect(refusals(values)).toEqual(expected);
  });
});
