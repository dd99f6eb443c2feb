/**
 * The owner's first sign-in without ADMIN_EMAIL/ADMIN_PASSWORD: the link the server prints
 * at start opens a page where they choose their e-mail and password, then the dashboard.
 */
import AxeBuilder from './axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { popup } from './fixtures.ts';
import { startOwnServerProcess, type Cleanup, type OwnServer } from './own-server.ts';
import { screenshotIfAsked } from './screenshots.ts';

// Each test starts a server of its own and hashes a real password; the first also runs axe
// twice: over 30 s on a loaded machine.
test.slow();

const cleanups: Cleanup[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const OWNER = { email: 'patronne@agence.test', password: 'une phrase que je retiens' };

/** A server with no account yet, and the path of the setup link it printed. */
async function serverWithoutAccount(): Promise<OwnServer & { link: () => Promise<string> }> {
  const server = await startOwnServerProcess(
    (cleanup) => cleanups.push(cleanup),
    () => ({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '' }),
  );
  const link = async () => {
    await expect.poll(server.stdout).toContain('#jeton=');
    const match = /http:\/\/localhost:\d+(\/pageBienvenue#jeton=[\w-]+)/.exec(server.stdout());
    if (!match?.[1]) throw new Error(`no setup link in: ${server.stdout()}`);
    return `${server.url}${match[1]}`;
  };
  return { ...server, link };
}

async function expectNoSeriousAxeViolation(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('the printed link opens a French page where the owner chooses a password, then the dashboard @desktop', async ({
  page,
}, testInfo) => {
  const server = await serverWithoutAccount();
  await page.goto(await server.link());

  await expect(
    page.getByRole('heading', { level: 1, name: 'Création du compte administrateur' }),
  ).toBeVisible();
  const submit = page.getByRole('button', { name: 'Créer le compte' });
  await expect(submit).toBeEnabled();
  await expectNoSeriousAxeViolation(page);
  const size = page.viewportSize();
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 844 });
    await screenshotIfAsked(page, {
      path: testInfo.outputPath(`page-${width}.png`),
      fullPage: true,
    });
  }
  if (size) await page.setViewportSize(size);

  // Checked before sending, in French, next to each field.
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('court');
  await page.getByLabel('Confirmez le mot de passe').fill('autre');
  await submit.click();
  await expect(
    page.getByText('Choisissez un mot de passe d’au moins 12 caractères.'),
  ).toBeVisible();
  await expect(page.getByText('Les deux mots de passe ne sont pas identiques.')).toBeVisible();
  await expectNoSeriousAxeViolation(page);
  await screenshotIfAsked(page, { path: testInfo.outputPath('errors.png'), fullPage: true });

  await page.getByLabel('Mot de passe', { exact: true }).fill(OWNER.password);
  await page.getByLabel('Confirmez le mot de passe').fill(OWNER.password);
  await submit.click();
  // Two scrypt runs (the new hash, then the sign-in): seconds on a loaded machine.
  await expect(popup(page)).toContainText('Compte créé', { timeout: 30_000 });
  await expect(popup(page)).toContainText(`Vous êtes connecté en tant que ${OWNER.email}`);
  await screenshotIfAsked(page, { path: testInfo.outputPath('created.png') });
  await popup(page).getByRole('button', { name: 'Ouvrir le tableau de bord' }).click();
  await expect(page).toHaveURL(/\/pageDashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard - Messages Reçus' })).toBeVisible();
});

test('a used link says so in French, and the page without a link says where to find one @desktop', async ({
  page,
}, testInfo) => {
  const server = await serverWithoutAccount();
  const link = await server.link();
  const token = new URL(link).hash.replace('#jeton=', '');
  const used = await page.request.post(`${server.url}/api/setup`, {
    data: { token, ...OWNER },
  });
  expect(used.status()).toBe(200);
  await page.context().clearCookies();

  await page.goto(link);
  await page.getByLabel('E-mail').fill('quelquun@ailleurs.test');
  await page.getByLabel('Mot de passe', { exact: true }).fill('encore un mot de passe');
  await page.getByLabel('Confirmez le mot de passe').fill('encore un mot de passe');
  await page.getByRole('button', { name: 'Créer le compte' }).click();
  await expect(popup(page)).toContainText('Création du compte impossible');
  await expect(popup(page)).toContainText('Ce lien a déjà servi');
  await screenshotIfAsked(page, { path: testInfo.outputPath('used.png') });

  await page.goto(`${server.url}/pageBienvenue`);
  await expect(page.getByText('Ouvrez le lien affiché par le serveur')).toBeVisible();
});
