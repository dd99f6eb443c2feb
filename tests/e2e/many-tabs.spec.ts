/**
 * Four tabs of the dashboard in one browser work as one (issue 48). Over HTTP/1.1, which the
 * embedded server speaks on localhost or a LAN, a browser opens at most 6 connections per
 * host: when each tab held two event streams, three tabs took them all and every request of
 * every tab waited in the browser's queue (« Supprimer » confirmed in the third tab never left
 * it). Now the tabs share one stream (a shared worker): from the last of four tabs, a message
 * deleted, a status changed and a note added are seen in the three others.
 */
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, popup, sendMessage, uniqueMessage, type TestMessage } from './fixtures.ts';
import { startOwnServer, type Cleanup } from './own-server.ts';

test.setTimeout(180_000);

const cleanups: Cleanup[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function rowOf(page: Page, message: TestMessage) {
  return page.locator('tbody tr[data-message-id]').filter({ hasText: message.fullName });
}

async function openMessage(page: Page, message: TestMessage) {
  await rowOf(page, message).getByRole('button', { name: message.fullName }).click();
  const panel = page.getByRole('dialog', { name: message.subject });
  await expect(panel).toBeVisible();
  return panel;
}

test('from the last of four tabs, a deletion, a status and a note are seen in the three others @desktop', async ({
  page,
  context,
}) => {
  const server = await startOwnServer((cleanup) => cleanups.push(cleanup));
  const gone = uniqueMessage('onglets-suppression');
  const kept = uniqueMessage('onglets-suivi');
  await sendMessage(page.request, gone, server.url);
  await sendMessage(page.request, kept, server.url);

  // The login tab that became the dashboard, and three more.
  const signedIn = await page.request.post(`${server.url}/api/session`, { data: E2E_ADMIN });
  expect(signedIn.status()).toBe(200);
  const tabs = [page];
  for (let opened = 1; opened < 4; opened += 1) tabs.push(await context.newPage());
  for (const tab of tabs) {
    await tab.setViewportSize({ width: 1366, height: 900 });
    await tab.goto(`${server.url}/pageDashboard`);
    // Four dashboards loading on a shared machine: more than one page's usual wait.
    await expect(tab.getByTestId('inbox-status')).toHaveText('En direct', { timeout: 60_000 });
    await expect(rowOf(tab, gone)).toHaveCount(1);
    await expect(rowOf(tab, kept)).toHaveCount(1);
  }
  const last = tabs[3] as Page;
  const others = tabs.slice(0, 3);

  // « Supprimer », confirmed in the last tab: gone from every tab.
  const panel = await openMessage(last, gone);
  await panel.getByRole('button', { name: 'Supprimer' }).click();
  await popup(last).getByRole('button', { name: 'Supprimer' }).click();
  for (const tab of tabs) await expect(rowOf(tab, gone)).toHaveCount(0);

  // « Contacté », chosen in the last tab: each tab's row says so.
  const suivi = (await openMessage(last, kept)).getByRole('region', { name: 'Suivi' });
  await suivi.getByLabel('Statut').selectOption('contacte');
  await expect(suivi.getByRole('status')).toHaveText('Statut enregistré : Contacté.');
  for (const tab of others) await expect(rowOf(tab, kept)).toContainText('Contacté');

  // A note added in the last tab: in the message open in each other tab.
  const timelines = [];
  for (const tab of others) {
    const otherSuivi = (await openMessage(tab, kept)).getByRole('region', { name: 'Suivi' });
    timelines.push(otherSuivi.getByRole('list', { name: 'Historique' }));
  }
  const note = 'Rappeler jeudi après 14 h, devis à revoir.';
  await suivi.getByLabel('Ajouter une note').fill(note);
  await suivi.getByRole('button', { name: 'Ajouter la note' }).click();
  await expect(suivi.getByRole('status')).toHaveText('Note ajoutée.');
  for (const timeline of timelines) await expect(timeline).toContainText(note);
});
