/**
 * « Marquer comme indésirable » (issue 45) as the owner lives it on a phone (390 px): a person
 * sending advertising is marked from the message's panel, after a confirmation that says where
 * it goes and how to bring it back; the inbox drops it and says so, with the way to
 * « Indésirables », where it waits « marqué par vous »; « Pas un indésirable » puts it back,
 * read, with its lead, and e-mails no one again. Keyboard only for the marking; axe, and
 * screenshots under the test's output when asked (E2E_SCREENSHOTS=1).
 */
import AxeBuilder from './axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { smtpStandIn } from '../fixtures/smtp-stand-in.ts';
import { popup, sendMessage, signIn, uniqueMessage } from './fixtures.ts';
import { startOwnServer, type Cleanup } from './own-server.ts';
import { screenshotIfAsked } from './screenshots.ts';

test.setTimeout(120_000);

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const cleanups: Cleanup[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function lookAt(page: Page, name: string) {
  await screenshotIfAsked(page, { path: test.info().outputPath(`${name}-390.png`) });
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`),
    name,
  ).toEqual([]);
}

test('a message marked as spam from its panel waits in « Indésirables », and « Pas un indésirable » puts it back with its lead, at 390 px @phone', async ({
  page,
}) => {
  const smtp = await smtpStandIn((cleanup) => cleanups.push(cleanup));
  await smtp.start();
  const server = await startOwnServer(
    (cleanup) => cleanups.push(cleanup),
    () => ({ SMTP_URL: smtp.url(), NOTIFY_EMAIL: 'notifications@agence.test' }),
  );
  await page.setViewportSize({ width: 390, height: 844 });
  const advert = uniqueMessage('publicite', {
    subject: 'Des abonnés pour vos réseaux',
    message: 'Bonjour, achetez 10 000 abonnés pour votre page, prix imbattable.',
  });
  const id = await sendMessage(page.request, advert, server.url);
  const mailsAbout = () =>
    smtp.mails.filter((mail) => mail.subject?.endsWith(`: ${advert.subject}`)).length;
  await expect.poll(mailsAbout).toBe(1);
  await signIn(page, server.url);
  // Followed up before the owner saw it was advertising: « Contacté ».
  const status = await page.request.post(`${server.url}/api/leads/${id}/status`, {
    data: { status: 'contacte' },
  });
  expect(status.status(), await status.text()).toBe(200);

  const card = page.locator(`li[data-message-id="${id}"]`);
  await expect(card.getByLabel(`Statut de ${advert.fullName}`)).toHaveValue('contacte');
  await card.getByRole('button').first().click();
  const panel = page.getByRole('dialog', { name: advert.subject });
  await expect(panel).toBeVisible();

  // The button, reached with the keyboard; its name is said in full on a phone too.
  const mark = panel.getByRole('button', { name: 'Marquer comme indésirable' });
  await expect(mark).toBeVisible();
  const box = await mark.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  await mark.focus();
  await page.keyboard.press('Enter');
  await expect(popup(page).locator('.swal2-title')).toHaveText('Marquer comme indésirable ?');
  await expect(popup(page).locator('.swal2-html-container')).toHaveText(
    `Le message de ${advert.fullName} quitte la boîte de réception pour « Indésirables », sans être supprimé : il y reste 30 jours, et « Pas un indésirable » le remet dans la boîte avec son suivi.`,
  );
  // « Annuler » has the focus: Enter now changes nothing.
  await expect(popup(page).getByRole('button', { name: 'Annuler' })).toBeFocused();
  await screenshotIfAsked(page, { path: test.info().outputPath('confirmation-390.png') });
  await page.keyboard.press('Enter');
  await expect(popup(page)).toBeHidden();
  await expect(panel).toBeVisible();

  await mark.click();
  await popup(page).getByRole('button', { name: 'Marquer comme indésirable' }).click();
  await expect(panel).toBeHidden();
  const notice = page.getByRole('status').filter({ hasText: 'est maintenant dans' });
  await expect(notice).toContainText(
    `Le message de ${advert.fullName} est maintenant dans « Indésirables ».`,
  );
  await expect(notice).toBeFocused();
  await expect(card).toHaveCount(0);
  await lookAt(page, 'boite-apres-marquage');

  await notice.getByRole('link', { name: 'Voir les indésirables' }).click();
  const item = page.getByRole('listitem', { name: advert.fullName });
  await expect(item).toContainText(/Raison : marqué par vous le \d{2}\/\d{2}\/\d{4}/);
  await expect(item).toContainText(advert.subject);
  await lookAt(page, 'indesirables-marque');

  await item.getByRole('button', { name: 'Pas un indésirable' }).click();
  await expect(item).toHaveCount(0);
  await expect(page.getByText('Aucun indésirable.')).toBeVisible();
  await page.getByRole('link', { name: /Boîte/ }).first().click();
  // Back as it left: read, with its « Contacté ».
  await expect(card.getByLabel(`Statut de ${advert.fullName}`)).toHaveValue('contacte');
  await expect(page.getByTestId('unread-count')).toHaveText('Tout est lu');
  await lookAt(page, 'boite-apres-retour');
  // Not e-mailed a second time: a message after it is, and this one still once.
  const witness = uniqueMessage('temoin-marquage');
  await sendMessage(page.request, witness, server.url);
  await expect
    .poll(() => smtp.mails.filter((mail) => mail.subject?.endsWith(`: ${witness.subject}`)).length)
    .toBe(1);
  expect(mailsAbout()).toBe(1);
});
