/**
 * The owner's e-mail about a new message, as a phone's mail app shows it: rendered in
 * Chromium at 320 px, it never scrolls sideways, whatever the length of the visitor's address,
 * the agency's logo (served by the real site) and name head it, and the phone is a tap-to-call
 * link as well as WhatsApp.
 */
import { expect, test } from '@playwright/test';
import type { ContactMessage } from '../../shared/domain/contact.ts';
import { AGENCY_NAMES } from '../../shared/content/agency.ts';
import { composeNotificationEmail } from '../../shared/notifications/new-message.ts';

const MESSAGE: ContactMessage = {
  id: 'message-320',
  fullName: 'Établissements Benali et fils, import-export de matériaux de construction',
  service: 'Développement',
  email: `${'direction.commerciale.et.relations.internationales'.repeat(3)}@entreprise-tres-longue.dz`,
  phone: '+213555123456',
  subject: 'Refonte complète du site vitrine et du catalogue en ligne',
  message: `Bonjour,\nVoici notre cahier des charges : https://www.exemple.dz/${'documents/'.repeat(20)}cahier.pdf\nMerci.`,
  language: 'fr',
  receivedAt: Date.UTC(2026, 10, 22, 9, 30),
  read: false,
};

test('fits a 320 px screen without sideways scrolling, headed by the agency, the phone a call link and WhatsApp @phone', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  // The site's address is the e2e server's: the logo is the one the real site serves.
  const { html } = composeNotificationEmail(MESSAGE, { publicUrl: baseURL ?? '' });
  await page.setContent(html, { waitUntil: 'load' });
  const heading = page.locator('body > p').first();
  await expect(heading).toHaveText(AGENCY_NAMES.fr);
  expect(
    await heading.locator('img').evaluate((logo: HTMLImageElement) => logo.naturalWidth),
  ).toBeGreaterThan(0);
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  await expect(page.getByRole('link', { name: '0555123456' })).toHaveAttribute(
    'href',
    'tel:+213555123456',
  );
  await expect(page.getByRole('link', { name: 'écrire sur WhatsApp' })).toHaveAttribute(
    'href',
    'https://wa.me/213555123456',
  );
  await page.screenshot({ path: test.info().outputPath('email-320.png'), fullPage: true });
});
