import { describe, expect, it } from 'vitest';
import { AGENCY_EMAIL_LOGO_PATH, AGENCY_NAMES } from '../../../shared/content/agency.ts';
import {
  composeNotificationEmail,
  composeTestEmail,
} from '../../../shared/notifications/new-message.ts';
import { aMessage } from '../../fixtures/messages.ts';

/** The owner sees at a glance which site an e-mail comes from: the agency heads it. */
const message = aMessage({
  id: 'm1',
  fullName: 'Boulangerie El Bahia',
  service: 'Design',
  email: 'contact@boulangerie-elbahia.dz',
  phone: '+213555123456',
  subject: 'Nouveau logo',
  message: 'Bonjour, il nous faut un logo.',
  receivedAt: Date.UTC(2026, 10, 25, 9, 30),
});

const options = { publicUrl: 'https://www.agence.test/' };

describe('the agency heading the e-mails', () => {
  for (const [name, email] of [
    ['a new message', composeNotificationEmail(message, options)],
    ['the test e-mail', composeTestEmail(options)],
  ] as const) {
    it(`${name}: its name first in the text part, its logo and name first in the HTML`, () => {
      expect(email.text.split('\n')[0]).toBe(AGENCY_NAMES.fr);
      const body = email.html.slice(email.html.indexOf('<body'));
      const firstParagraph = body.slice(body.indexOf('<p'), body.indexOf('</p>'));
      expect(firstParagraph).toContain(
        `<img src="https://www.agence.test${AGENCY_EMAIL_LOGO_PATH}" width="40" height="40" alt=""`,
      );
      expect(firstParagraph).toContain(AGENCY_NAMES.fr);
    });
  }
});
