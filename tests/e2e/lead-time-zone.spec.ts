/**
 * The pipeline in Algiers time on a device that is not (docs/inbox.md, « L’heure d’Alger »):
 * « À relancer aujourd’hui », « En retard » and the reminders are judged by the Algiers
 * calendar, so an owner whose laptop is set to Paris or UTC must see and set the same
 * wall-clock times as in Oran. The rest of the suite runs in Africa/Algiers
 * (playwright.config.ts), where a date read in the device's zone cannot be told apart.
 * Europe/Paris is an hour ahead of Algiers in summer (UTC+2 against UTC+1), UTC an hour
 * behind all year.
 */
import { expect, test, type Page } from '@playwright/test';
import { fromAgencyInput, toAgencyInput } from '../../shared/domain/leads/agency-clock.ts';
import type { Lead } from '../../shared/domain/leads/pipeline.ts';
import { sendMessage, signIn, uniqueMessage, type TestMessage } from './fixtures.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** As « Suivi » writes a date, computed here in Algiers time. */
const inAlgiers = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Algiers',
});

async function leadOf(page: Page, id: string): Promise<Lead | undefined> {
  const leads = (await (await page.request.get('/api/leads')).json()) as Lead[];
  return leads.find((lead) => lead.id === id);
}

function rowOf(page: Page, message: TestMessage) {
  return page.locator('tbody tr[data-message-id]').filter({ hasText: message.fullName });
}

async function openMessage(page: Page, message: TestMessage) {
  await rowOf(page, message).getByRole('button', { name: message.fullName }).click();
  const panel = page.getByRole('dialog', { name: message.subject });
  await expect(panel).toBeVisible();
  return panel;
}

test.describe('on a laptop set to Paris', () => {
  test.use({ timezoneId: 'Europe/Paris' });

  test('« Relancer le » 09:00 is 09:00 in Algiers, stored and shown so @desktop', async ({
    page,
  }) => {
    const lead = uniqueMessage('fuseau-paris');
    const id = await sendMessage(page.request, lead);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
      'Europe/Paris',
    );
    await signIn(page);
    const suivi = (await openMessage(page, lead)).getByRole('region', { name: 'Suivi' });
    await suivi.getByLabel('Statut').selectOption('contacte');
    await expect(suivi.getByRole('status')).toHaveText('Statut enregistré : Contacté.');

    // The timeline's date is the server's, shown in Algiers time.
    const contacted = await leadOf(page, id);
    const changedAt = contacted?.statusChangedAt;
    if (typeof changedAt !== 'number') throw new Error('« Contacté » sans date');
    await expect(suivi).toContainText(`Depuis le ${inAlgiers.format(changedAt)}.`);
    await expect(suivi.getByRole('list', { name: 'Historique' })).toContainText(
      inAlgiers.format(changedAt),
    );
    // The proposed follow-up (two days on) is shown as Algiers wall-clock time too.
    const proposed = contacted?.nextActionAt;
    if (typeof proposed !== 'number') throw new Error('« Contacté » sans relance');
    const nextAction = suivi.getByLabel('Relancer le', { exact: true });
    await expect(nextAction).toHaveValue(toAgencyInput(proposed));
    await expect(nextAction).toHaveAccessibleDescription('Heure d’Alger.');

    // A summer morning: 09:00 in Oran is 10:00 in Paris, 08:00 UTC.
    await nextAction.fill('2027-07-15T09:00');
    await suivi.getByRole('button', { name: 'Enregistrer la relance' }).click();
    await expect(suivi.getByRole('status')).toHaveText(
      'Relance enregistrée : 15 juil. 2027, 09:00.',
    );
    await expect
      .poll(async () => (await leadOf(page, id))?.nextActionAt)
      .toBe(Date.UTC(2027, 6, 15, 8, 0));

    // Read back after a reload, in the panel and in the table's export.
    await page.reload();
    const again = (await openMessage(page, lead)).getByRole('region', { name: 'Suivi' });
    await expect(again.getByLabel('Relancer le', { exact: true })).toHaveValue('2027-07-15T09:00');
    await page.keyboard.press('Escape');

    // On the phone card: « Relancer le 15 juil. 2027, 09:00 ».
    await page.setViewportSize({ width: 390, height: 844 });
    const card = page.locator('.message-list li[data-message-id]').filter({
      hasText: lead.fullName,
    });
    await expect(card.locator('.message-item-next')).toHaveText('Relancer le 15 juil. 2027, 09:00');
  });
});

test.describe('on a laptop set to UTC', () => {
  test.use({ timezoneId: 'UTC' });

  test('a reply’s proposed follow-up is set in Algiers time @desktop', async ({ page }) => {
    // mailto: would hand the page to the system's mail app (lead-views.spec.ts).
    await page.addInitScript(() => {
      document.addEventListener(
        'click',
        (event) => {
          const link = (event.target as Element | null)?.closest('a');
          if (link && /^mailto:/.test(link.getAttribute('href') ?? '')) event.preventDefault();
        },
        true,
      );
    });
    const lead = uniqueMessage('fuseau-utc-reponse');
    const id = await sendMessage(page.request, lead);
    await signIn(page);
    const panel = await openMessage(page, lead);
    const before = Date.now();
    await panel
      .getByRole('group', { name: 'Répondre' })
      .getByRole('link', { name: 'Répondre par e-mail' })
      .click();
    const after = panel.getByRole('region', { name: 'Après la réponse' });
    const nextAction = after.getByLabel('Relancer le');
    await expect(nextAction).not.toHaveValue('');
    const proposed = await nextAction.inputValue();
    // Two days on, read as Algiers time: within the minute the offer was made.
    const proposedAt = fromAgencyInput(proposed);
    expect(proposedAt).toBeGreaterThanOrEqual(before + 2 * DAY_MS - 60_000);
    expect(proposedAt).toBeLessThanOrEqual(Date.now() + 2 * DAY_MS);
    await expect(nextAction).toHaveAccessibleDescription('Heure d’Alger.');

    await after.getByRole('button', { name: 'Passer en Contacté' }).click();
    await expect(after.getByRole('status')).toContainText(
      `Statut enregistré : Contacté. Relancer le ${inAlgiers.format(proposedAt)}.`,
    );
    await expect.poll(async () => (await leadOf(page, id))?.nextActionAt).toBe(proposedAt);
  });

  test('near midnight in Oran, « today » and the times shown are Algiers’ @desktop', async ({
    page,
  }) => {
    // Three leads due around the night of 10 to 11 March 2027, Algiers time (UTC+1).
    const early = uniqueMessage('minuit-tot');
    const late = uniqueMessage('minuit-tard');
    const tomorrow = uniqueMessage('minuit-lendemain');
    const due: [TestMessage, number][] = [
      [early, Date.UTC(2027, 2, 9, 23, 30)], // 10 mars, 00:30 in Oran; the 9th in UTC
      [late, Date.UTC(2027, 2, 10, 22, 45)], // 10 mars, 23:45
      [tomorrow, Date.UTC(2027, 2, 10, 23, 15)], // 11 mars, 00:15; still the 10th in UTC
    ];
    await signIn(page);
    for (const [message, at] of due) {
      const id = await sendMessage(page.request, message);
      const answer = await page.request.post(`/api/leads/${id}/status`, {
        data: { status: 'contacte', nextActionAt: at },
      });
      expect(answer.status(), await answer.text()).toBe(200);
    }
    // The browser lives at 23:30 in Oran on 10 March (22:30 UTC). Only `Date.now` is set:
    // Playwright's clock replaces `Date` with a function that returns plain dates, and a
    // subclass of `Date` (the `TZDate` every Algiers date goes through) would then be one too,
    // read in the device's zone; the dashboard takes the time from `Date.now` (useNow).
    await page.addInitScript(
      (now) => {
        Date.now = () => now;
      },
      Date.UTC(2027, 2, 10, 22, 30),
    );
    await page.reload();

    const badge = (message: TestMessage) => rowOf(page, message).locator('.lead-follow-up');
    await expect(badge(early)).toHaveText('À relancer aujourd’hui');
    await expect(badge(late)).toHaveText('À relancer aujourd’hui');
    await expect(badge(tomorrow)).toHaveCount(0);

    const suivi = (await openMessage(page, tomorrow)).getByRole('region', { name: 'Suivi' });
    await expect(suivi.getByLabel('Relancer le', { exact: true })).toHaveValue('2027-03-11T00:15');
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 390, height: 844 });
    const next = (message: TestMessage) =>
      page
        .locator('.message-list li[data-message-id]')
        .filter({ hasText: message.fullName })
        .locator('.message-item-next');
    await expect(next(early)).toHaveText('Relancer le 10 mars 2027, 00:30');
    await expect(next(late)).toHaveText('Relancer le 10 mars 2027, 23:45');
    await expect(next(tomorrow)).toHaveText('Relancer le 11 mars 2027, 00:15');
  });
});
