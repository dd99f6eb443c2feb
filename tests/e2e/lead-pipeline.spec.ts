/**
 * « Suivi » in the message panel, as the owner lives it with the embedded server (Firebase
 * mode: firebase-mode.spec.ts): a lead taken from « Nouveau » to « Contacté » (its « Relancer
 * le » proposed), a note added then corrected, a value in dinars, refusals said in French
 * under their field, « Perdu » with its reason; all of it still there after a reload. With the
 * keyboard where it matters; screenshots and axe at 390 and 1366 px.
 */
import AxeBuilder from './axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { localDay } from '../../shared/domain/leads/business-hours.ts';
import { sendMessage, signIn, uniqueMessage, type TestMessage } from './fixtures.ts';
import { startOwnServer, type Cleanup } from './own-server.ts';
import { screenshotIfAsked } from './screenshots.ts';

test.setTimeout(120_000);

const WIDTHS = [390, 1366] as const;
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const cleanups: Cleanup[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** At each width: a screenshot to look at, and axe's WCAG A and AA rules. */
async function lookAt(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    const panel = page.locator('.message-panel-body');
    // The whole panel, scrolled section by section (it scrolls inside the dialog).
    await panel.evaluate((element) => element.scrollTo(0, 0));
    await screenshotIfAsked(page, { path: test.info().outputPath(`${name}-${width}-haut.png`) });
    await panel.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await screenshotIfAsked(page, { path: test.info().outputPath(`${name}-${width}-bas.png`) });
    const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
    expect(
      results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`),
      `${name} à ${width} px`,
    ).toEqual([]);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

async function openMessage(page: Page, message: TestMessage) {
  await page
    .locator('tbody tr[data-message-id]')
    .filter({ hasText: message.fullName })
    .getByRole('button', { name: message.fullName })
    .click();
  const panel = page.getByRole('dialog', { name: message.subject });
  await expect(panel).toBeVisible();
  return panel.getByRole('region', { name: 'Suivi' });
}

test('the owner takes a lead from « Nouveau » to « Perdu » with a note, a value and a follow-up date @desktop', async ({
  page,
}) => {
  const server = await startOwnServer((cleanup) => cleanups.push(cleanup));
  const lead = uniqueMessage('suivi');
  await sendMessage(page.request, lead, server.url);
  await signIn(page, server.url);
  await page.setViewportSize({ width: 1366, height: 900 });

  const suivi = await openMessage(page, lead);
  const status = suivi.getByLabel('Statut');
  await expect(status).toHaveValue('nouveau');
  await expect(suivi).toContainText('Depuis sa réception.');
  await expect(suivi.getByLabel('Relancer le')).toHaveValue('');
  await expect(suivi).toContainText('Rien pour l’instant');
  await lookAt(page, 'suivi-nouveau');

  // « Contacté », chosen with the keyboard: saved at once, « Relancer le » in two days.
  await status.focus();
  await status.selectOption('contacte');
  await expect(suivi.getByRole('status')).toHaveText('Statut enregistré : Contacté.');
  // The day in Algiers, as the dashboard shows it (the test runner may be in UTC: between
  // 23:00 and midnight UTC it is already tomorrow in Oran).
  const inTwoDays = localDay(Date.now() + 2 * 24 * 60 * 60 * 1000);
  await expect(suivi.getByLabel('Relancer le')).toHaveValue(new RegExp(`^${inTwoDays}T`));
  const timeline = suivi.getByRole('list', { name: 'Historique' });
  await expect(timeline.getByRole('listitem')).toHaveCount(1);
  await expect(timeline.getByRole('listitem').first()).toContainText('Statut : Contacté');

  // A note, then its correction (within its 10 minutes).
  await suivi.getByLabel('Ajouter une note').fill('A appelé : rappeler jeudi après 14 h.');
  await suivi.getByRole('button', { name: 'Ajouter la note' }).click();
  await expect(suivi.getByRole('status')).toHaveText('Note ajoutée.');
  await expect(suivi.getByLabel('Ajouter une note')).toHaveValue('');
  await expect(timeline.getByRole('listitem').first()).toContainText(
    'A appelé : rappeler jeudi après 14 h.',
  );
  await timeline.getByRole('button', { name: 'Corriger la note' }).click();
  const correction = suivi.getByLabel('Corriger la note');
  await correction.fill('A appelé : rappeler vendredi après 14 h.');
  await suivi.getByRole('button', { name: 'Enregistrer la correction' }).click();
  await expect(timeline.getByRole('listitem').first()).toContainText('Note (corrigée)');
  await expect(timeline.getByRole('listitem').first()).toContainText('vendredi');

  // The value, in dinars: a whole number, spaces allowed; centimes refused in French.
  const value = suivi.getByLabel('Valeur estimée (DZD)');
  await value.fill('1500,5');
  await suivi.getByRole('button', { name: 'Enregistrer la valeur' }).click();
  await expect(suivi.getByRole('alert')).toHaveText(
    'La valeur estimée doit être un nombre entier de dinars (DZD), sans centimes.',
  );
  await expect(value).toHaveAccessibleDescription(
    'La valeur estimée doit être un nombre entier de dinars (DZD), sans centimes.',
  );
  await value.fill('150 000');
  await value.press('Enter');
  await expect(suivi.getByRole('status')).toHaveText(
    /^Valeur estimée enregistrée : 150\s000 DZD\.$/,
  );
  await expect(suivi.getByRole('alert')).toHaveCount(0);

  // A follow-up date in the past: refused by the server, in French, nothing changed.
  const nextAction = suivi.getByLabel('Relancer le');
  const proposed = await nextAction.inputValue();
  await nextAction.fill('2020-01-06T10:00');
  await suivi.getByRole('button', { name: 'Enregistrer la relance' }).click();
  await expect(suivi.getByRole('alert')).toHaveText(
    'La date de relance est déjà passée : choisissez une date à venir.',
  );
  await nextAction.fill(proposed);
  await lookAt(page, 'suivi-contacte');

  // « Perdu » asks its reason first.
  await status.selectOption('perdu');
  const reason = suivi.getByLabel('Raison de la perte');
  await reason.selectOption('delai');
  await suivi.getByRole('button', { name: 'Marquer comme perdu' }).click();
  await expect(suivi.getByRole('status')).toHaveText('Statut enregistré : Perdu (délai).');
  await expect(suivi).toContainText('Raison : délai.');
  await expect(suivi.getByLabel('Relancer le')).toHaveValue('');
  await lookAt(page, 'suivi-perdu');

  // All of it is the server's: a reload shows it again, newest first.
  await page.reload();
  const again = await openMessage(page, lead);
  await expect(again.getByLabel('Statut')).toHaveValue('perdu');
  await expect(again.getByLabel('Valeur estimée (DZD)')).toHaveValue(/^150\s000$/);
  const items = again.getByRole('list', { name: 'Historique' }).getByRole('listitem');
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText('Statut : Perdu (délai)');
  await expect(items.nth(1)).toContainText('Note (corrigée)');
  await expect(items.nth(2)).toContainText('Statut : Contacté');
});
