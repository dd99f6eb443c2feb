/**
 * A quote sent to a lead who has only a phone (issue 44), on the embedded server: the section
 * says in one sentence that the link goes on WhatsApp or by copy, not by e-mail; « Envoyer sur
 * WhatsApp » opens the client's chat prefilled with the quote's number, net to pay, validity
 * and link, and is logged on the lead's timeline; « Copier le lien » copies that same link;
 * after a reload the same link is offered again, and the client's page opens from it.
 * Screenshots at 390 and 1366 px (E2E_SCREENSHOTS=1), axe at both widths.
 */
import AxeBuilder from './axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { fillSettings, signIn } from './fixtures.ts';
import { startOwnServer, type Cleanup } from './own-server.ts';
import { screenshotIfAsked } from './screenshots.ts';

test.setTimeout(180_000);

const cleanups: Cleanup[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function openLead(page: Page, name: string, subject: string) {
  await page
    .locator('tbody tr[data-message-id]')
    .filter({ hasText: name })
    .getByRole('button', { name })
    .click();
  const panel = page.getByRole('dialog', { name: subject });
  await expect(panel).toBeVisible();
  return panel;
}

test('a phone-only lead gets its quote on WhatsApp in one tap, and the same link again after a reload @desktop', async ({
  page,
  context,
}) => {
  const server = await startOwnServer((cleanup) => cleanups.push(cleanup));
  await fillSettings(page.request, server.url);
  const name = `Boulangerie ${process.pid}-${Date.now()}`;
  const subject = 'Un site pour la boulangerie';
  const typedIn = await page.request.post(`${server.url}/api/leads`, {
    data: { fullName: name, source: 'telephone', phone: '0661 23 45 67', subject, language: 'fr' },
  });
  expect(typedIn.status(), await typedIn.text()).toBe(201);
  // The chat's page is the network's (offline here): answered by the test, its address kept.
  await context.route('https://wa.me/**', (route) =>
    route.fulfill({ contentType: 'text/plain', body: 'WhatsApp' }),
  );
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });

  await signIn(page, server.url);
  await page.setViewportSize({ width: 1366, height: 900 });
  const panel = await openLead(page, name, subject);
  await page.setViewportSize({ width: 390, height: 844 });
  const quotes = panel.getByRole('region', { name: 'Devis' });
  await quotes.getByRole('button', { name: 'Créer un devis' }).click();
  const editor = page.getByRole('dialog', { name: 'Nouveau devis' });
  await expect(editor.getByLabel('E-mail du client')).toHaveValue('');
  await editor.getByLabel('Adresse').fill('Rue Larbi Ben M’hidi, Oran');
  await editor.getByLabel('Désignation').fill('Site vitrine');
  await editor.getByLabel('Quantité').fill('1');
  await editor.getByLabel('Unité').fill('forfait');
  await editor.getByLabel('Prix unitaire HT (DA)').fill('100000');
  await editor.getByRole('button', { name: 'Enregistrer et envoyer' }).click();
  await expect(editor).toBeHidden();

  // One sentence, no e-mail it could not send.
  const notice = quotes.getByRole('status').first();
  await expect(notice).toHaveText(
    /^Devis (DEV-\d{4}-\d{4}) prêt pour le client\. Ce contact n’a pas d’adresse e-mail : envoyez-lui le lien sur WhatsApp ou copiez-le, ci-dessous\.$/u,
  );
  const number = /DEV-\d{4}-\d{4}/u.exec((await notice.textContent()) ?? '')?.[0] ?? '';
  await expect(notice).not.toContainText('e-mail n’est pas parti');

  const whatsapp = quotes.getByRole('link', { name: 'Envoyer sur WhatsApp' });
  await expect(whatsapp).toBeVisible();
  const href = new URL((await whatsapp.getAttribute('href')) ?? '');
  expect(href.origin + href.pathname).toBe('https://wa.me/213661234567');
  const text = href.searchParams.get('text') ?? '';
  expect(text).toContain(`Bonjour, voici notre devis ${number} : net à payer 119\u202f000,00 DA`);
  expect(text).toMatch(/valable jusqu’au \d{2}\/\d{2}\/\d{4}\./u);
  const link = /https?:\/\/\S+\/pageDevis#[\w-]{43}/u.exec(text)?.[0] ?? '';
  expect(link).not.toBe('');

  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await quotes.scrollIntoViewIfNeeded();
    await screenshotIfAsked(page, {
      path: test.info().outputPath(`devis-whatsapp-${width}.png`),
    });
    const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
  }
  await page.setViewportSize({ width: 390, height: 844 });

  // One tap: the chat opens in a new tab, and the lead's timeline notes it.
  const [chat] = await Promise.all([context.waitForEvent('page'), whatsapp.click()]);
  await expect.poll(() => chat.url()).toContain('https://wa.me/213661234567?text=');
  await chat.close();
  await expect(quotes.getByText(`Devis ${number} envoyé sur WhatsApp.`)).toBeVisible();
  await expect(
    panel.getByText(`Devis ${number} envoyé sur WhatsApp`, { exact: true }),
  ).toBeVisible();

  // « Copier le lien »: the same link.
  await quotes.getByRole('button', { name: 'Copier le lien' }).click();
  await expect(quotes.getByText(`Lien du devis ${number} copié.`)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // Later, after a reload: the same link is offered, and it opens the client's page.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard - Messages Reçus' })).toBeVisible({
    timeout: 30_000,
  });
  await page.setViewportSize({ width: 1366, height: 900 });
  const again = await openLead(page, name, subject);
  const againQuotes = again.getByRole('region', { name: 'Devis' });
  await againQuotes.getByRole('button', { name: 'Afficher le lien' }).click();
  await expect(againQuotes.getByTestId('quote-link')).toHaveAttribute('href', link);
  const client = await context.newPage();
  await client.setViewportSize({ width: 390, height: 844 });
  // This test's server listens on a port of its own choosing (PORT=0), which its PUBLIC_URL
  // does not know: the link's token, opened on that server.
  await client.goto(`${server.url}/pageDevis${new URL(link).hash}`);
  await expect(client).toHaveTitle(`Devis ${number}`);
  await client.close();
});
