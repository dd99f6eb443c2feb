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
import { aMessage } from '../fixtures/messages.ts';
import { screenshotIfAsked } from './screenshots.ts';

const MESSAGE = aMessage({
  id: 'message-320',
  fullName: 'Établissements El Bahia et fils, import-export de matériaux de construction',
  service: 'Développement',
  email: `${'direction.commerciale.et.relations.internationales'.repeat(3)}@entreprise-tres-longue.dz`,
  phone: '+213555123456',
  subject: 'Refonte complète du site vitrine et du catalogue en ligne',
  message: `Bonjour,\nVoici notre cahier des charges : https://www.exemple.dz/${'documents/'.repeat(20)}cahier.pdf\nMerci.`,
  receivedAt: Date.UTC(2026, 10, 22, 9, 30),
});

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
  await expect(page.getByRole('link', { name: '0555 12 34 56' })).toHaveAttribute(
    'href',
    'tel:+213555123456',
  );
  await expect(page.getByRole('link', { name: 'écrire sur WhatsApp' })).toHaveAttribute(
    'href',
    'https://wa.me/213555123456',
  );
  await screenshotIfAsked(page, { path: test.info().outputPath('email-320.png'), fullPage: true });
});

test('shows an Arabic name and a subject that starts with a digit in their own direction, beside the French labels @phone', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const arabic: ContactMessage = {
    ...MESSAGE,
    fullName: 'مخبزة البهية',
    email: 'contact@el-bahia.dz',
    // « 3 pages for the site »: read from the right, the 3 comes first.
    subject: '3 صفحات للموقع',
    message: 'نريد 3 صفحات.',
    language: 'ar',
  };
  const { html } = composeNotificationEmail(arabic, { publicUrl: baseURL ?? '' });
  await page.setContent(html, { waitUntil: 'load' });

  /** Where each character of `text` is drawn (its left edge, in px). */
  const lefts = (text: string) =>
    page.evaluate((wanted) => {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent?.indexOf(wanted) ?? -1;
        if (at < 0) continue;
        return [...wanted].map((_, index) => {
          const range = document.createRange();
          range.setStart(node, at + index);
          range.setEnd(node, at + index + 1);
          return range.getBoundingClientRect().left;
        });
      }
      throw new Error(`${wanted} is not in the e-mail`);
    }, text);

  // The digit that starts the subject is on the right, where an Arabic reader starts.
  const subject = await lefts(arabic.subject);
  expect(subject[0]).toBeGreaterThan(subject[2] ?? Infinity);
  // The message's paragraph reads from the right: its full stop ends on the left.
  const body = await lefts(arabic.message);
  expect(body.at(-1)).toBeLessThan(body[0] ?? -Infinity);
  await expect(page.getByText(arabic.fullName).first()).toBeVisible();
  await screenshotIfAsked(page, {
    path: test.info().outputPath('email-arabic-320.png'),
    fullPage: true,
  });
});
