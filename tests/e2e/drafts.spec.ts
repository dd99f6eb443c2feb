/**
 * Nothing typed is lost (use-draft.ts): a note, « Relancer le » and a value typed in a lead's
 * panel and not saved come back when the panel opens again, even after a reload, as a draft of
 * that lead alone, and go once saved; the same for the quote editor and « Nouveau contact »;
 * « Logout » leaves none in the browser. On a phone (390 px); axe at 390 and 1366 px (screenshots when
 * asked, E2E_SCREENSHOTS=1).
 */
import AxeBuilder from './axe.ts';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { toAgencyInput } from '../../shared/domain/leads/agency-clock.ts';
import { sendMessage, signIn, uniqueMessage, type TestMessage } from './fixtures.ts';
import { screenshotIfAsked } from './screenshots.ts';

test.setTimeout(120_000);

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** At 390 and 1366 px: a screenshot to look at and axe's WCAG A and AA rules; back to 390. */
async function lookAt(page: Page, name: string) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await screenshotIfAsked(page, { path: test.info().outputPath(`${name}-${width}.png`) });
    const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
    expect(
      results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`),
      `${name} à ${width} px`,
    ).toEqual([]);
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

async function openLead(page: Page, id: string, message: TestMessage) {
  await page.locator(`li[data-message-id="${id}"]`).getByRole('button').first().click();
  const panel = page.getByRole('dialog', { name: message.subject });
  await expect(panel).toBeVisible();
  return panel;
}

async function closeLead(page: Page, panel: Locator) {
  await panel.getByRole('button', { name: 'Fermer le message' }).click();
  await expect(panel).toBeHidden();
}

/** The keys of this browser's drafts. */
function draftKeys(page: Page) {
  return page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith('brouillon:')),
  );
}

test('what is typed in a lead’s panel and not saved comes back when it opens again, for that lead only @phone', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const lead = uniqueMessage('brouillon');
  const other = uniqueMessage('brouillon-autre');
  const id = await sendMessage(request, lead);
  const otherId = await sendMessage(request, other);
  await signIn(page);

  const inThreeDays = toAgencyInput(Date.now() + 3 * 24 * 60 * 60 * 1000).slice(0, 10) + 'T10:00';
  let panel = await openLead(page, id, lead);
  let suivi = panel.getByRole('region', { name: 'Suivi' });
  await suivi.getByLabel('Ajouter une note').fill('Rappeler après le salon de Sidi Bel Abbès.');
  await suivi.getByLabel('Relancer le').fill(inThreeDays);
  await suivi.getByLabel('Valeur estimée (DZD)').fill('150 000');
  await closeLead(page, panel);

  // Opened again, then after a reload (a phone that killed the tab): everything is there.
  for (const reload of [false, true]) {
    if (reload) await page.reload();
    panel = await openLead(page, id, lead);
    suivi = panel.getByRole('region', { name: 'Suivi' });
    await expect(suivi.getByLabel('Ajouter une note')).toHaveValue(
      'Rappeler après le salon de Sidi Bel Abbès.',
    );
    await expect(suivi.getByLabel('Relancer le')).toHaveValue(inThreeDays);
    await expect(suivi.getByLabel('Valeur estimée (DZD)')).toHaveValue('150 000');
    await expect(suivi.getByText(/^Brouillon du .*, pas encore enregistré\.$/u)).toHaveCount(3);
    if (!reload) await closeLead(page, panel);
  }
  await suivi.getByLabel('Ajouter une note').scrollIntoViewIfNeeded();
  await lookAt(page, 'brouillon-suivi');

  // Another lead has drafts of its own: none.
  await closeLead(page, panel);
  const otherPanel = await openLead(page, otherId, other);
  const otherSuivi = otherPanel.getByRole('region', { name: 'Suivi' });
  await expect(otherSuivi.getByLabel('Ajouter une note')).toHaveValue('');
  await expect(otherSuivi.getByLabel('Valeur estimée (DZD)')).toHaveValue('');
  await closeLead(page, otherPanel);

  // Saved, the draft goes: the note field is empty when the panel opens again.
  panel = await openLead(page, id, lead);
  suivi = panel.getByRole('region', { name: 'Suivi' });
  await suivi.getByRole('button', { name: 'Ajouter la note' }).click();
  await expect(suivi.getByRole('status')).toHaveText('Note ajoutée.');
  await suivi.getByRole('button', { name: 'Enregistrer la valeur' }).click();
  await expect(suivi.getByRole('status')).toHaveText(/^Valeur estimée enregistrée/u);
  await suivi.getByRole('button', { name: 'Enregistrer la relance' }).click();
  await expect(suivi.getByRole('status')).toHaveText(/^Relance enregistrée/u);
  await closeLead(page, panel);
  expect(await draftKeys(page)).toEqual([]);
  panel = await openLead(page, id, lead);
  suivi = panel.getByRole('region', { name: 'Suivi' });
  await expect(suivi.getByLabel('Ajouter une note')).toHaveValue('');
  // Saved: now the stored value, written as the dashboard writes dinars.
  await expect(suivi.getByLabel('Valeur estimée (DZD)')).toHaveValue(/^150\s000$/u);
  await expect(suivi.getByText(/^Brouillon du/u)).toHaveCount(0);
});

test('the quote editor and « Nouveau contact » keep what was typed when closed; saved or wiped, it goes @phone', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const lead = uniqueMessage('brouillon-devis');
  const id = await sendMessage(request, lead);
  await signIn(page);

  // The quote editor, closed without saving, opens again on what was typed.
  const panel = await openLead(page, id, lead);
  const quotes = panel.getByRole('region', { name: 'Devis' });
  await quotes.getByRole('button', { name: 'Créer un devis' }).click();
  let editor = page.getByRole('dialog', { name: 'Nouveau devis' });
  const prefilled = await editor.getByLabel('Désignation').inputValue();
  await editor.getByLabel('Désignation').fill('Logo et charte graphique');
  await editor.getByLabel('Prix unitaire HT (DA)').fill('45000');
  await editor.getByRole('button', { name: 'Fermer l’éditeur sans enregistrer' }).click();
  await expect(editor).toBeHidden();
  await quotes.getByRole('button', { name: 'Créer un devis' }).click();
  editor = page.getByRole('dialog', { name: 'Nouveau devis' });
  await expect(editor.getByLabel('Désignation')).toHaveValue('Logo et charte graphique');
  await expect(editor.getByLabel('Prix unitaire HT (DA)')).toHaveValue('45000');
  await expect(editor.getByRole('status').filter({ hasText: 'Brouillon du' })).toContainText(
    'ce que vous aviez saisi sans l’enregistrer',
  );
  await lookAt(page, 'brouillon-devis');
  // « Effacer le brouillon »: back to what the lead gave.
  await editor.getByRole('button', { name: 'Effacer le brouillon' }).click();
  await expect(editor.getByLabel('Désignation')).toHaveValue(prefilled);
  await expect(editor.getByText(/^Brouillon du/u)).toHaveCount(0);
  await editor.getByRole('button', { name: 'Fermer l’éditeur sans enregistrer' }).click();
  await closeLead(page, panel);
  expect(await draftKeys(page)).toEqual([]);

  // « Nouveau contact », closed with Escape, opens again on what was typed; saved, it goes.
  const button = page.getByRole('button', { name: 'Nouveau contact' });
  await button.click();
  let dialog = page.getByRole('dialog', { name: 'Nouveau contact' });
  const name = `Pépinière ${Date.now()}`;
  await dialog.getByLabel('Nom complet').fill(name);
  await dialog.getByRole('textbox', { name: 'Téléphone' }).fill('0661 22 33 44');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await button.click();
  dialog = page.getByRole('dialog', { name: 'Nouveau contact' });
  await expect(dialog.getByLabel('Nom complet')).toHaveValue(name);
  await expect(dialog.getByRole('textbox', { name: 'Téléphone' })).toHaveValue('0661 22 33 44');
  await lookAt(page, 'brouillon-nouveau-contact');
  await dialog.getByRole('button', { name: 'Enregistrer le contact' }).click();
  await expect(dialog).toBeHidden();
  const added = page.getByRole('dialog', { name });
  await expect(added).toBeVisible();
  await closeLead(page, added);
  await button.click();
  dialog = page.getByRole('dialog', { name: 'Nouveau contact' });
  await expect(dialog.getByLabel('Nom complet')).toHaveValue('');
  await page.keyboard.press('Escape');

  // « Logout » leaves no draft in the browser.
  await button.click();
  await page.getByRole('dialog', { name: 'Nouveau contact' }).getByLabel('Nom complet').fill(name);
  await page.keyboard.press('Escape');
  expect(await draftKeys(page)).toEqual(['brouillon:nouveau-contact']);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).not.toHaveURL(/pageDashboard/u);
  // The login page may still be loading: asked again until it answers.
  await expect.poll(() => draftKeys(page)).toEqual([]);
});
