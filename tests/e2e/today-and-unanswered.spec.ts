/**
 * What the e-mail and the push say, the dashboard shows: a lead still « Nouveau » past its two
 * working hours is marked « Sans réponse » on its card and can be filtered (in the URL, like
 * « En retard »); « Aujourd’hui » holds what the morning digest lists (due today, overdue,
 * unanswered, the quotes sent and never opened 3 days on) and the messages kept as spam today,
 * with the way to « Indésirables ». The
 * browser's clock is moved three days on (the server keeps its own) so that a lead sent now is
 * unanswered there. On a phone (390 px); axe at 390 and 1366 px (screenshots when asked,
 * E2E_SCREENSHOTS=1).
 */
import AxeBuilder from './axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { HONEYPOT_FIELD } from '../../shared/domain/contact.ts';
import { fillSettings, sendMessage, signIn, uniqueMessage } from './fixtures.ts';
import { startOwnServer, type Cleanup } from './own-server.ts';
import { screenshotIfAsked } from './screenshots.ts';

test.setTimeout(240_000);

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const DAY = 24 * 60 * 60 * 1000;

const cleanups: Cleanup[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function lookAt(page: Page, name: string) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await screenshotIfAsked(page, {
      path: test.info().outputPath(`${name}-${width}.png`),
      fullPage: true,
    });
    const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
    expect(
      results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`),
      `${name} à ${width} px`,
    ).toEqual([]);
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test('« Sans réponse » on the cards and as a filter; « Aujourd’hui » lists what the digest does @phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const server = await startOwnServer((cleanup) => cleanups.push(cleanup));
  const unanswered = uniqueMessage('sans-reponse');
  const dueToday = uniqueMessage('relance-du-jour');
  const overdue = uniqueMessage('en-retard');
  const quoted = uniqueMessage('devis-non-ouvert');
  const ids = {
    unanswered: await sendMessage(page.request, unanswered, server.url),
    dueToday: await sendMessage(page.request, dueToday, server.url),
    overdue: await sendMessage(page.request, overdue, server.url),
    quoted: await sendMessage(page.request, quoted, server.url),
  };
  const spam = uniqueMessage('indesirable');
  const kept = await page.request.post(`${server.url}/api/contacts`, {
    data: { ...spam, [HONEYPOT_FIELD]: 'https://www.exemple.dz' },
  });
  expect(kept.status()).toBe(201);

  // In the browser it is three days later.
  const later = Date.now() + 3 * DAY;
  await page.clock.setFixedTime(later);
  await signIn(page, server.url);
  for (const [id, nextActionAt] of [
    [ids.dueToday, later],
    [ids.overdue, Date.now() + DAY],
  ] as const) {
    const response = await page.request.post(`${server.url}/api/leads/${id}/status`, {
      data: { status: 'contacte', nextActionAt },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
  // A quote sent now (the server's day) and never opened: three days on for the browser.
  // Sending it makes its lead « Devis envoyé », with a follow-up two days after the browser's today.
  await fillSettings(page.request, server.url);
  const created = await page.request.post(`${server.url}/api/quotes`, {
    data: {
      leadId: ids.quoted,
      draft: {
        language: 'fr',
        validityDays: 30,
        client: { kind: 'particulier', lastName: quoted.fullName, address: 'Oran' },
        lines: [
          {
            designation: 'Site vitrine',
            quantity: '1',
            unit: 'forfait',
            unitPrice: '28 000',
            vatRate: 19,
          },
        ],
        paidInCash: false,
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const sent = await page.request.post(
    `${server.url}/api/quotes/${((await created.json()) as { id: string }).id}/send`,
    { data: {} },
  );
  expect(sent.status(), await sent.text()).toBe(200);
  const { number } = ((await sent.json()) as { quote: { number: string } }).quote;

  // The card says it in words; « Sans réponse » is a filter kept in the URL.
  const card = (id: string) => page.locator(`li[data-message-id="${id}"]`);
  await expect(card(ids.unanswered)).toContainText('Sans réponse');
  await expect(card(ids.dueToday)).not.toContainText('Sans réponse');
  const filter = page.getByRole('button', { name: /^Sans réponse/u });
  await expect(filter).toHaveAccessibleName(/^Sans réponse\s*1$/u);
  await filter.click();
  await expect(filter).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/relance=sans-reponse/u);
  await expect(page.locator('li[data-message-id]')).toHaveCount(1);
  await expect(card(ids.unanswered)).toBeVisible();
  await lookAt(page, 'sans-reponse');
  await page.reload();
  // The dashboard loads again from scratch: on a loaded machine, more than the default 5 s.
  await expect(page.locator('li[data-message-id]')).toHaveCount(1, { timeout: 20_000 });

  // « Aujourd’hui », from the bottom bar: the digest's three lists.
  const nav = page.getByRole('navigation', { name: 'Dossiers' });
  await nav.getByRole('link', { name: 'Aujourd’hui' }).tap();
  await expect(page).toHaveURL(/dossier=aujourdhui/u);
  const group = (name: RegExp) => page.getByRole('region', { name });
  await expect(group(/^À relancer aujourd’hui/u).getByRole('button')).toHaveText(
    new RegExp(dueToday.fullName, 'u'),
  );
  await expect(group(/^En retard/u).getByRole('button')).toHaveText(
    new RegExp(overdue.fullName, 'u'),
  );
  const waiting = group(/^Sans réponse/u).getByRole('button');
  await expect(waiting).toHaveText(new RegExp(unanswered.fullName, 'u'));
  const unopened = group(/^Devis pas encore ouverts, envoyés il y a 3 jours ou plus/u).getByRole(
    'button',
  );
  await expect(unopened).toHaveText(new RegExp(`${number} · ${quoted.fullName}.*Envoyé le`, 'u'));
  await lookAt(page, 'aujourdhui');
  await unopened.click();
  const quotedPanel = page.getByRole('dialog', { name: quoted.subject });
  await expect(quotedPanel).toBeVisible();
  await quotedPanel.getByRole('button', { name: 'Fermer le message' }).click();
  await waiting.click();
  const panel = page.getByRole('dialog', { name: unanswered.subject });
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Fermer le message' }).click();

  // Back to today's date: nothing due or unanswered yet, but a message kept as spam today,
  // and the way to « Indésirables ».
  await page.clock.setFixedTime(Date.now());
  await page.reload();
  await expect(page.getByText('1 message gardé comme indésirable aujourd’hui')).toBeVisible();
  await expect(group(/^Sans réponse/u)).toHaveCount(0);
  await lookAt(page, 'aujourdhui-indesirable');
  await page.getByRole('link', { name: 'vérifiez qu’aucun client n’y est tombé' }).click();
  await expect(page).toHaveURL(/dossier=indesirables/u);
  await expect(page.getByRole('list', { name: 'Indésirables' })).toContainText(spam.fullName);
});
