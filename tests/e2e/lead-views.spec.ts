/**
 * The pipeline in the list, as the owner lives it with the embedded server (Firebase mode:
 * firebase-mode.spec.ts): each phone card's status changed in one choice (« Perdu » asking
 * its reason), the totals per status with their values in dinars, the views « À relancer
 * aujourd’hui » and « En retard » and the status filter kept in the URL, overdue leads said in
 * words as well as colour, a reply shortcut put on the timeline with its offer to move a
 * « Nouveau » lead to « Contacté », and refusals said in French. Each test has its own server,
 * so that its totals count its own messages only. Screenshots and axe at 390 and 1366 px.
 */
import AxeBuilder from './axe.ts';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { localDay } from '../../shared/domain/leads/business-hours.ts';
import type { Lead } from '../../shared/domain/leads/pipeline.ts';
import { sendMessage, signIn, uniqueMessage, type TestMessage } from './fixtures.ts';
import { startOwnServer, type Cleanup } from './own-server.ts';
import { screenshotIfAsked } from './screenshots.ts';

test.setTimeout(120_000);

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const DAY_MS = 24 * 60 * 60 * 1000;

const cleanups: Cleanup[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A screenshot to look at, and axe's WCAG A and AA rules, at the width the page has. */
async function lookAt(page: Page, name: string, { fullPage = true } = {}) {
  const width = page.viewportSize()?.width ?? 0;
  await screenshotIfAsked(page, { path: test.info().outputPath(`${name}-${width}.png`), fullPage });
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`),
    `${name} à ${width} px`,
  ).toEqual([]);
}

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };

/** The « Suivi des contacts » total of one status. */
function total(page: Page, status: string): Locator {
  return page
    .getByRole('region', { name: 'Suivi des contacts' })
    .getByRole('button', { name: new RegExp(`^${status} `) });
}

async function setUp(page: Page, messages: TestMessage[]) {
  const server = await startOwnServer((cleanup) => cleanups.push(cleanup));
  const ids: string[] = [];
  for (const message of messages) ids.push(await sendMessage(page.request, message, server.url));
  return { url: server.url, ids };
}

test('a phone card shows its lead’s status and changes it in one choice; « Perdu » asks its reason @phone', async ({
  page,
}) => {
  const first = uniqueMessage('carte-contacte');
  const second = uniqueMessage('carte-perdu');
  const { url, ids } = await setUp(page, [first, second]);
  await page.setViewportSize(PHONE);
  await signIn(page, url);

  const card = (message: TestMessage) =>
    page.locator('.message-list li[data-message-id]').filter({ hasText: message.fullName });
  const statusOf = (message: TestMessage) =>
    card(message).getByLabel(`Statut de ${message.fullName}`);
  await expect(statusOf(first)).toHaveValue('nouveau');
  await expect(statusOf(second)).toHaveValue('nouveau');
  await expect(total(page, 'Nouveau')).toContainText('2 contacts');
  await expect(total(page, 'Contacté')).toContainText('0 contact');

  // One choice, with the keyboard: saved at once, announced, « Relancer le » proposed.
  await statusOf(first).focus();
  await statusOf(first).selectOption('contacte');
  const announced = page.getByRole('status').filter({ hasText: 'statut enregistré' });
  await expect(announced).toHaveText(
    `${first.fullName} : statut enregistré, Contacté. Relance proposée dans 2 jours.`,
  );
  await expect(card(first)).toContainText('Relancer le');
  await expect(total(page, 'Contacté')).toContainText('1 contact');
  await expect(total(page, 'Nouveau')).toContainText('1 contact');

  // A value set elsewhere (another dashboard) is summed in its status's total, in dinars.
  const value = await page.request.put(`${url}/api/leads/${ids[0]}/estimated-value`, {
    data: { estimatedValue: 150_000 },
  });
  expect(value.status()).toBe(200);
  await expect(total(page, 'Contacté')).toContainText(/150\s000 DZD/);
  await expect(card(first)).toContainText(/150\s000 DZD/);

  // « Perdu » asks its reason first; nothing is saved until then.
  await statusOf(second).selectOption('perdu');
  const reason = card(second).getByLabel('Raison de la perte');
  await expect(reason).toBeVisible();
  await expect(total(page, 'Perdu')).toContainText('0 contact');
  await lookAt(page, 'carte-perdu-raison');
  await reason.selectOption('delai');
  await card(second).getByRole('button', { name: 'Marquer comme perdu' }).click();
  await expect(announced).toHaveText(`${second.fullName} : statut enregistré, Perdu (délai).`);
  await expect(reason).toHaveCount(0);
  await expect(total(page, 'Perdu')).toContainText('1 contact');
  await lookAt(page, 'cartes-suivi');

  // The server's: a reload shows the same.
  await page.reload();
  await expect(statusOf(first)).toHaveValue('contacte');
  await expect(statusOf(second)).toHaveValue('perdu');
  const timeline = (await (await page.request.get(`${url}/api/leads`)).json()) as Lead[];
  expect(timeline.find((lead) => lead.id === ids[1])?.lostReason).toBe('delai');

  // The laptop's table says each status too, and the same totals.
  await page.setViewportSize(LAPTOP);
  const row = page.locator('tbody tr[data-message-id]').filter({ hasText: first.fullName });
  await expect(row).toContainText('Contacté');
  await expect(total(page, 'Contacté')).toContainText(/1 contact.*150\s000 DZD/);
  await lookAt(page, 'tableau-suivi');
});

test('« À relancer aujourd’hui », « En retard » and the status filter are kept in the URL; overdue leads say so @desktop', async ({
  page,
}) => {
  const late = uniqueMessage('en-retard');
  const today = uniqueMessage('aujourdhui');
  const fresh = uniqueMessage('nouveau');
  const { url, ids } = await setUp(page, [late, today, fresh]);
  await signIn(page, url);
  for (const [index, status] of [
    [0, 'contacte'],
    [1, 'devis-envoye'],
  ] as const) {
    const answer = await page.request.post(`${url}/api/leads/${ids[index]}/status`, {
      data: { status },
    });
    expect(answer.status()).toBe(200);
  }
  const leads = (await (await page.request.get(`${url}/api/leads`)).json()) as Lead[];
  const dueToday = leads.find((lead) => lead.id === ids[1])?.nextActionAt;
  if (typeof dueToday !== 'number') throw new Error('« Devis envoyé » sans relance');
  // The browser lives on the day the quote's follow-up falls due (5 days on): the
  // « Contacté » one (2 days on) is then overdue.
  await page.clock.setFixedTime(dueToday);
  await page.reload();

  const rows = page.locator('tbody tr[data-message-id]');
  const rowOf = (message: TestMessage) => rows.filter({ hasText: message.fullName });
  await expect(rows).toHaveCount(3);
  const overdueBadge = rowOf(late).locator('.lead-follow-up');
  await expect(overdueBadge).toHaveText('En retard');
  await expect(rowOf(today).locator('.lead-follow-up')).toHaveText('À relancer aujourd’hui');
  // Five days on, the lead never answered is « Sans réponse » (issue 45), not due nor late.
  await expect(rowOf(fresh).locator('.lead-follow-up')).toHaveText('Sans réponse');
  // Colour as well as words: red for overdue, amber for today.
  const background = (badge: Locator) =>
    badge.evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(await background(overdueBadge)).toBe('rgb(220, 53, 69)');
  expect(await background(rowOf(today).locator('.lead-follow-up'))).toBe('rgb(244, 166, 42)');

  // « En retard », with the keyboard: the list narrows, the URL keeps it through a reload.
  const summary = page.getByRole('region', { name: 'Suivi des contacts' });
  const overdueView = summary.getByRole('button', { name: /^En retard/ });
  await expect(overdueView).toHaveAccessibleName('En retard 1');
  await overdueView.focus();
  await page.keyboard.press('Enter');
  await expect(overdueView).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/[?&]relance=en-retard(&|$)/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(late.fullName);
  await lookAt(page, 'vue-en-retard');
  await page.reload();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(late.fullName);
  await expect(overdueView).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Relance', { exact: true })).toHaveValue('overdue');

  // « À relancer aujourd’hui » takes its place.
  await summary.getByRole('button', { name: /^À relancer aujourd’hui/ }).click();
  await expect(page).toHaveURL(/[?&]relance=aujourdhui(&|$)/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(today.fullName);
  await expect(overdueView).toHaveAttribute('aria-pressed', 'false');

  // By status, from the filters: « Nouveau » is every message never worked on.
  await page.getByLabel('Relance', { exact: true }).selectOption('');
  await page.getByLabel('Statut', { exact: true }).selectOption('nouveau');
  await expect(page).toHaveURL(/[?&]statut=nouveau(&|$)/);
  await expect(page).not.toHaveURL(/relance=/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(fresh.fullName);
  await expect(total(page, 'Nouveau')).toHaveAttribute('aria-pressed', 'true');
  // A total is the same filter, one tap away.
  await total(page, 'Contacté').click();
  await expect(page).toHaveURL(/[?&]statut=contacte(&|$)/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(late.fullName);
  await expect(page.getByText('1 message affiché sur 3')).toBeVisible();

  // On the phone: the same view, the card saying « En retard » in words.
  await page.setViewportSize(PHONE);
  const card = page.locator('.message-list li[data-message-id]');
  await expect(card).toHaveCount(1);
  await expect(card.locator('.lead-follow-up')).toHaveText('En retard');
  await lookAt(page, 'vue-contacte');
  await page.setViewportSize(LAPTOP);
  await summary.getByRole('button', { name: /^En retard/ }).click();
  await lookAt(page, 'vue-contacte-en-retard');
});

test('a reply shortcut goes on the timeline and offers « Passer en Contacté » with its follow-up; bad input changes nothing @desktop', async ({
  page,
}) => {
  // The shortcuts' mailto: and tel: would hand the page to the system's mail or phone app,
  // which a headless Chromium asks about in a prompt of its own, out of the test's reach: the
  // page keeps them (the shortcut's own click handler still runs, as it does before the app
  // opens).
  await page.addInitScript(() => {
    document.addEventListener(
      'click',
      (event) => {
        const link = (event.target as Element | null)?.closest('a');
        if (link && /^(mailto|tel):/.test(link.getAttribute('href') ?? '')) event.preventDefault();
      },
      true,
    );
  });
  const lead = uniqueMessage('reponse');
  const other = uniqueMessage('pas-maintenant');
  const { url } = await setUp(page, [lead, other]);
  await signIn(page, url);
  await page.setViewportSize(LAPTOP);

  const open = async (message: TestMessage) => {
    await page
      .locator('tbody tr[data-message-id]')
      .filter({ hasText: message.fullName })
      .getByRole('button', { name: message.fullName })
      .click();
    const panel = page.getByRole('dialog', { name: message.subject });
    await expect(panel).toBeVisible();
    return {
      panel,
      suivi: panel.getByRole('region', { name: 'Suivi' }),
      after: panel.getByRole('region', { name: 'Après la réponse' }),
      replies: panel.getByRole('group', { name: 'Répondre' }),
    };
  };
  const { panel, suivi, after, replies } = await open(lead);
  const timeline = suivi.getByRole('list', { name: 'Historique' }).getByRole('listitem');

  // The e-mail shortcut: the reply is on the timeline, and « Contacté » is offered.
  await replies.getByRole('link', { name: 'Répondre par e-mail' }).click();
  await expect(after.getByRole('status')).toHaveText(
    'Noté dans l’historique : réponse par e-mail.',
  );
  await expect(timeline).toHaveCount(1);
  await expect(timeline.first()).toContainText('Réponse envoyée : E-mail');
  await expect(after).toContainText(
    'Ce contact est encore « Nouveau » : le passer en « Contacté » ?',
  );
  const nextAction = after.getByLabel('Relancer le');
  // The day in Algiers, as the dashboard shows it (the test runner may be in UTC: between
  // 23:00 and midnight UTC it is already tomorrow in Oran).
  const day = localDay(Date.now() + 2 * DAY_MS);
  await expect(nextAction).toHaveValue(new RegExp(`^${day}T`));
  const proposed = await nextAction.inputValue();

  // A date in the past: refused in French, under its field; the lead stays « Nouveau ».
  await nextAction.fill('2020-01-06T10:00');
  await after.getByRole('button', { name: 'Passer en Contacté' }).click();
  const past = 'La date de relance est déjà passée : choisissez une date à venir.';
  await expect(after.getByRole('alert')).toHaveText(past);
  await expect(nextAction).toHaveAccessibleDescription(`${past} Heure d’Alger.`);
  await expect(suivi.getByLabel('Statut')).toHaveValue('nouveau');
  await expect(timeline).toHaveCount(1);
  for (const size of [PHONE, LAPTOP]) {
    await page.setViewportSize(size);
    await lookAt(page, 'reponse-proposition', { fullPage: false });
  }

  // The date proposed, with the keyboard: « Contacté », follow-up on that date.
  await nextAction.fill(proposed);
  await after.getByRole('button', { name: 'Passer en Contacté' }).focus();
  await page.keyboard.press('Enter');
  await expect(after.getByRole('status')).toContainText(
    'Noté dans l’historique : réponse par e-mail. Statut enregistré : Contacté. Relancer le',
  );
  await expect(after.getByRole('status')).toBeFocused();
  await expect(suivi.getByLabel('Statut')).toHaveValue('contacte');
  await expect(suivi.getByLabel('Relancer le', { exact: true })).toHaveValue(proposed);

  // A call, now that it is « Contacté »: on the timeline, nothing more offered.
  await replies.getByRole('link', { name: 'Appeler' }).click();
  await expect(after.getByRole('status')).toHaveText('Noté dans l’historique : appel.');
  await expect(after.getByRole('button', { name: 'Passer en Contacté' })).toHaveCount(0);
  await expect(timeline).toHaveCount(3);
  await expect(timeline.nth(0)).toContainText('Réponse envoyée : Appel');
  await expect(timeline.nth(1)).toContainText('Statut : Contacté');
  await expect(timeline.nth(2)).toContainText('Réponse envoyée : E-mail');

  // A note over 5,000 characters: refused in French, nothing added, the text kept.
  const note = suivi.getByLabel('Ajouter une note');
  await note.fill('é'.repeat(5001));
  await suivi.getByRole('button', { name: 'Ajouter la note' }).click();
  await expect(suivi.getByRole('alert')).toHaveText(
    /^La note ne doit pas dépasser 5\s000 caractères\.$/,
  );
  await expect(note).toHaveAccessibleDescription(/5\s000 caractères/);
  await expect(note).toHaveValue('é'.repeat(5001));
  await expect(timeline).toHaveCount(3);
  await lookAt(page, 'note-trop-longue', { fullPage: false });

  // Another lead: the offer declined, the reply still on its timeline, still « Nouveau ».
  await panel.getByRole('button', { name: 'Fermer le message' }).click();
  await expect(panel).toHaveCount(0);
  const second = await open(other);
  await second.panel.getByRole('link', { name: other.email }).click();
  await expect(second.after.getByRole('status')).toHaveText(
    'Noté dans l’historique : réponse par e-mail.',
  );
  await second.after.getByRole('button', { name: 'Pas maintenant' }).click();
  await expect(second.after).toHaveCount(0);
  await expect(second.replies.getByRole('link', { name: 'Répondre par e-mail' })).toBeFocused();
  await expect(second.suivi.getByLabel('Statut')).toHaveValue('nouveau');
  await expect(
    second.suivi.getByRole('list', { name: 'Historique' }).getByRole('listitem'),
  ).toHaveCount(1);
});
