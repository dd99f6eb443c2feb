import { describe, expect, it } from 'vitest';
import { FRENCH_CONTACT_MESSAGES } from '../../../../shared/domain/contact.ts';
import {
  MANUAL_LEAD_SOURCES,
  NEW_CONTACT_MESSAGES,
  isFromTheSite,
  newContactInputSchema,
  newContactNextAction,
  newContactSchemaAt,
} from '../../../../shared/domain/leads/new-contact.ts';
import { PIPELINE_MESSAGES } from '../../../../shared/domain/leads/pipeline.ts';

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
    // French unless said; « Contacté » unless said (the owner has talked to them).
    expect(parsed).toEqual({
      fullName: 'Karim B.',
      source: 'telephone',
      phone: '+213550123456',
      language: 'fr',
      status: 'contacte',
    });
  });

  it('starts « Contacté » with its « Relancer le » 2 days on, « Nouveau » with none, unless one is chosen', () => {
    const now = Date.UTC(2026, 0, 15, 10);
    const at = (values: Record<string, unknown>) =>
      newContactNextAction(newContactSchemaAt(now).parse(values), now);
    const lead = { fullName: 'Client Exemple', source: 'telephone', phone: '0550123456' };
    expect(at(lead)).toBe(now + 2 * 24 * 60 * 60 * 1000);
    expect(at({ ...lead, status: 'nouveau' })).toBeNull();
    expect(at({ ...lead, status: 'nouveau', nextActionAt: now + 1000 })).toBe(now + 1000);
  });

  it('refuses a « Relancer le » already past, and a status other than « Contacté » or « Nouveau », in French', () => {
    const now = Date.UTC(2026, 0, 15, 10);
    const parsed = newContactSchemaAt(now).safeParse({
      fullName: 'Client Exemple',
      source: 'telephone',
      phone: '0550123456',
      status: 'gagne',
      nextActionAt: now - 1,
    });
    expect(parsed.success).toBe(false);
    const said = Object.fromEntries(
      (parsed.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(said).toEqual({
      status: NEW_CONTACT_MESSAGES.status,
      nextActionAt: PIPELINE_MESSAGES.nextActionPast,
    });
  });

  it('tells the site’s messages from the leads typed in, which are never notified', () => {
    expect(isFromTheSite({ source: 'formulaire' })).toBe(true);
    for (const source of MANUAL_LEAD_SOURCES) expect(isFromTheSite({ source })).toBe(false);
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
