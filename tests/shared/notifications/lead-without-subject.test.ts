import { EVERY_DAY_HOURS } from '../../../shared/domain/leads/business-hours.ts';
import { describe, expect, it } from 'vitest';
import { dailyDigest } from '../../../shared/domain/leads/follow-up.ts';
import { composeDigestEmail } from '../../../shared/notifications/digest-email.ts';
import { composeReminderEmail, reminderTitle } from '../../../shared/notifications/reminder.ts';
import { notificationContent } from '../../../src-electron/main/notifications.ts';
import { aMessage } from '../../fixtures/messages.ts';

/**
 * A lead the owner typed in (« Nouveau contact ») may have no subject: its reminders, digest
 * line and console notice name it alone, never « Relance : Boulangerie El Bahia — ».
 */
const OPTIONS = { publicUrl: 'https://agence.test' };
const DUE = Date.UTC(2026, 10, 26, 8, 0);
const typedIn = aMessage({ fullName: 'Boulangerie El Bahia', subject: '' });
const fromTheSite = aMessage({ fullName: 'Transport Oran Sud', subject: 'Refonte du site' });

describe('a lead without a subject, in the owner’s notices', () => {
  it('is named alone in the reminder’s title and e-mail', () => {
    expect(reminderTitle('follow-up', typedIn)).toBe('Relance : Boulangerie El Bahia');
    expect(reminderTitle('follow-up', fromTheSite)).toBe(
      'Relance : Transport Oran Sud — Refonte du site',
    );
    const email = composeReminderEmail('follow-up', typedIn, DUE, OPTIONS);
    expect(email.subject).toBe('Relance : Boulangerie El Bahia');
    expect(email.text).toContain('Sujet : \u2068Non renseigné\u2069');
  });

  it('is named alone in the daily digest, text and HTML', () => {
    const messages = [
      { id: 'a', fullName: typedIn.fullName, subject: '', receivedAt: DUE - 86_400_000 },
      { id: 'b', fullName: fromTheSite.fullName, subject: 'Refonte du site', receivedAt: DUE },
    ];
    const leads = new Map([
      ['a', { status: 'contacte' as const, nextActionAt: DUE + 3_600_000 }],
      ['b', { status: 'contacte' as const, nextActionAt: DUE + 7_200_000 }],
    ]);
    const digest = dailyDigest(messages, leads, DUE, { hours: EVERY_DAY_HOURS });
    if (!digest) throw new Error('expected a digest');
    const email = composeDigestEmail(digest, OPTIONS);
    expect(email.text).toMatch(/^- Boulangerie El Bahia \(/mu);
    expect(email.text).toContain('- Transport Oran Sud — Refonte du site (');
    expect(email.html).not.toMatch(/—\s*<bdi><\/bdi>/u);
    expect(email.html).not.toMatch(/Bahia<\/bdi> —/u);
  });

  it('is named alone in the console’s notification', () => {
    expect(notificationContent(typedIn, 'linux').title).toBe('Boulangerie El Bahia');
  });
});
