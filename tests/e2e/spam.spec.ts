/**
 * Spam kept, not dropped, as the owner and a visitor live it: a message sent from the real
 * form whose hidden field a password manager filled is answered « Envoyé ! », lands in
 * « Indésirables » with its reason and date (not in the inbox, its unread count or its
 * e-mails), and « Pas un indésirable » moves it to the inbox and e-mails the owner. The
 * screens are checked with axe and photographed at 390 and 1366 px; everything is done with
 * the keyboard. And the hidden field itself: nothing a browser or password manager fills.
 */
import AxeBuilder from './axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { FILL_TIME_FIELD, HONEYPOT_FIELD, MIN_FILL_TIME_MS } from '../../shared/domain/contact.ts';
import { smtpStandIn, type SmtpStandIn } from '../fixtures/smtp-stand-in.ts';
import {
  fillContactForm,
  installClock,
  popup,
  sendMessage,
  signIn,
  uniqueMessage,
} from './fixtures.ts';
import { startOwnServer, type Cleanup, type OwnServer } from './own-server.ts';
import { screenshotIfAsked } from './screenshots.ts';

test.setTimeout(120_000);

const WIDTHS = [390, 1366] as const;
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const cleanups: Cleanup[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(): Promise<{ server: OwnServer; smtp: SmtpStandIn }> {
  const smtp = await smtpStandIn((cleanup) => cleanups.push(cleanup));
  await smtp.start();
  const server = await startOwnServer(
    (cleanup) => cleanups.push(cleanup),
    () => ({ SMTP_URL: smtp.url(), NOTIFY_EMAIL: 'notifications@agence.test' }),
  );
  return { server, smtp };
}

/** At each width: a screenshot to look at, and axe's WCAG A and AA rules. */
async function lookAt(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await screenshotIfAsked(page, {
      path: test.info().outputPath(`${name}-${width}.png`),
      fullPage: true,
    });
    const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
    expect(
      results.violations.map((violation) => violation.id),
      `${name} à ${width} px`,
    ).toEqual([]);
  }
}

const subjectMails = (smtp: SmtpStandIn, subject: string) =>
  smtp.mails.filter((mail) => mail.subject?.endsWith(`: ${subject}`));

test('a message whose hidden field was filled waits in « Indésirables »; « Pas un indésirable » moves it and e-mails the owner @desktop', async ({
  page,
  browser,
}) => {
  const { server, smtp } = await start();

  // The owner, before anything arrives: the folder is empty, and says so.
  await signIn(page, server.url);
  await page.getByRole('link', { name: 'Indésirables' }).click();
  await expect(page.getByRole('heading', { name: 'Indésirables' })).toBeVisible();
  await expect(page.getByText('Aucun indésirable.')).toBeVisible();
  await lookAt(page, 'indesirables-vide');

  // A visitor whose password manager filled the hidden field: the same « Envoyé ! ».
  const visitor = await browser.newPage();
  cleanups.push(() => visitor.close());
  const trapped = uniqueMessage('indesirable');
  await installClock(visitor);
  await visitor.goto(`${server.url}/pageContact`);
  await fillContactForm(visitor, trapped);
  await visitor.locator(`[name="${HONEYPOT_FIELD}"]`).fill('https://www.exemple.dz', {
    force: true,
  });
  await visitor.getByRole('button', { name: 'Envoyer le message' }).click();
  await expect(popup(visitor).locator('.swal2-title')).toHaveText('Envoyé !');
  // And a message after it, whose e-mail shows that the spam's would have come by then.
  const witness = uniqueMessage('temoin');
  await sendMessage(page.request, witness, server.url);
  await expect.poll(() => subjectMails(smtp, witness.subject).length).toBe(1);
  expect(subjectMails(smtp, trapped.subject)).toEqual([]);

  // The inbox has the witness alone, one unread.
  await page.getByRole('link', { name: 'Boîte de réception' }).click();
  await expect(page.getByText(witness.fullName).first()).toBeVisible();
  await expect(page.getByText(trapped.fullName)).toHaveCount(0);
  await expect(page.getByTestId('unread-count')).toHaveText('1 non lu');

  // « Indésirables », reached with the keyboard: the message, its reason and its date.
  const folder = page.getByRole('link', { name: /^Indésirables/ });
  await folder.focus();
  await page.keyboard.press('Enter');
  const item = page.getByRole('listitem', { name: trapped.fullName });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Raison : champ caché rempli');
  await expect(item).toContainText(trapped.subject);
  await expect(item.locator('time')).toHaveText(/\d{2}\/\d{2}\/\d{4}/);
  await lookAt(page, 'indesirables-un-message');

  const restore = item.getByRole('button', { name: 'Pas un indésirable' });
  await restore.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: trapped.fullName })).toHaveText(
    `Le message de ${trapped.fullName} est maintenant dans la boîte de réception.`,
  );
  await expect(item).toHaveCount(0);
  await expect(page.getByText('Aucun indésirable.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Indésirables' })).toBeFocused();

  // The owner is told as of a new message; the inbox has it, unread.
  await expect.poll(() => subjectMails(smtp, trapped.subject).length).toBe(1);
  await page.getByRole('link', { name: 'Boîte de réception' }).click();
  await expect(page.getByText(trapped.fullName).first()).toBeVisible();
  await expect(page.getByTestId('unread-count')).toHaveText('2 non lus');
});

test('the hidden field: off screen, out of the tab order and of screen readers, named like nothing a browser fills @desktop', async ({
  page,
}) => {
  await page.goto('/pageContact');
  const field = page.locator(`input[name="${HONEYPOT_FIELD}"]`);
  await expect(field).toHaveCount(1);
  await expect(field).toHaveAttribute('autocomplete', 'off');
  await expect(field).toHaveAttribute('tabindex', '-1');
  await expect(
    page.locator(`[aria-hidden="true"]:has(> input[name="${HONEYPOT_FIELD}"])`),
  ).toHaveCount(1);
  // Nothing of what browsers and password managers fill by name, id or label.
  const names = await field.evaluate((input: HTMLInputElement) => [
    input.name,
    input.id,
    input.labels?.[0]?.textContent ?? '',
  ]);
  for (const name of names) {
    expect(name).not.toMatch(
      /web|site|url|homepage|company|organi|business|name|nom|mail|phone|tel|address|adresse|city|ville|zip|postal|country|pays|user|login|first|last/i,
    );
  }
  const box = await field.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(0);
  // Tabbing through the form never lands on it.
  await page.getByPlaceholder('Message').focus();
  await page.keyboard.press('Tab');
  await expect(field).not.toBeFocused();
  await expect(page.getByRole('button', { name: 'Envoyer le message' })).toBeFocused();
});

test('a message sent within seconds of its page is kept as « envoi trop rapide », never e-mailed, and « Pas un indésirable » brings it back; the form says how long its visitor took @desktop', async ({
  page,
  browser,
}) => {
  const { server, smtp } = await start();

  // A person: the form tells the server how long after the page's start it was sent.
  const visitor = await browser.newPage();
  cleanups.push(() => visitor.close());
  const typed = uniqueMessage('au-rythme');
  await installClock(visitor);
  await visitor.goto(`${server.url}/pageContact`);
  await fillContactForm(visitor, typed);
  const posted = visitor.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/api/contacts'),
  );
  await visitor.getByRole('button', { name: 'Envoyer le message' }).click();
  const body = (await posted).postDataJSON() as Record<string, unknown>;
  expect(body[FILL_TIME_FIELD]).toBeGreaterThanOrEqual(MIN_FILL_TIME_MS);
  await expect(popup(visitor).locator('.swal2-title')).toHaveText('Envoyé !');

  // A robot posts the same form the moment the page is there: the same answer.
  const hasty = uniqueMessage('trop-vite');
  const answer = await page.request.post(`${server.url}/api/contacts`, {
    data: { ...hasty, [FILL_TIME_FIELD]: 350 },
  });
  expect(answer.status()).toBe(201);
  const witness = uniqueMessage('temoin-rapide');
  await sendMessage(page.request, witness, server.url);
  await expect.poll(() => subjectMails(smtp, witness.subject).length).toBe(1);
  expect(subjectMails(smtp, typed.subject)).toHaveLength(1);
  expect(subjectMails(smtp, hasty.subject)).toEqual([]);

  await signIn(page, server.url);
  await page.getByRole('link', { name: /^Indésirables/ }).click();
  const item = page.getByRole('listitem', { name: hasty.fullName });
  await expect(item).toContainText('Raison : envoi trop rapide');
  await expect(page.getByRole('listitem', { name: typed.fullName })).toHaveCount(0);
  await lookAt(page, 'indesirables-trop-rapide');
  await item.getByRole('button', { name: 'Pas un indésirable' }).click();
  await expect(item).toHaveCount(0);
  await expect.poll(() => subjectMails(smtp, hasty.subject).length).toBe(1);
  await page.getByRole('link', { name: 'Boîte de réception' }).click();
  await expect(page.getByText(hasty.fullName).first()).toBeVisible();
});
