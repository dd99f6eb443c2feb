/**
 * The owner on a new browser while strangers guess at the account (docs/inbox.md): the right
 * password brings a French popup about the link e-mailed to the account's address (the SMTP
 * stand-in receives it); opening that link in this browser reaches the dashboard, and in
 * another browser it shows why it does not work.
 */
import AxeBuilder from './axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { freePort, smtpStandIn, type SmtpStandIn } from '../fixtures/smtp-stand-in.ts';
import { E2E_ADMIN, popup } from './fixtures.ts';
import { startOwnServer, type Cleanup, type OwnServer } from './own-server.ts';
import { SCREENSHOTS_ASKED, screenshotIfAsked } from './screenshots.ts';

// A server of its own, two attacks and the owner's sign-ins (a dozen password checks), axe:
// over a minute on a loaded machine.
test.setTimeout(180_000);

const cleanups: Cleanup[] = [];
let server: OwnServer;
let smtp: SmtpStandIn;

test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start() {
  smtp = await smtpStandIn((cleanup) => cleanups.push(cleanup));
  await smtp.start();
  // The link is made on PUBLIC_URL: the address this browser uses.
  const port = await freePort();
  server = await startOwnServer(
    (cleanup) => cleanups.push(cleanup),
    () => ({
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: smtp.url(),
      NOTIFY_EMAIL: 'notifications@agence.test',
    }),
  );
}

/**
 * Wrong passwords until the account is throttled: an attack under way, from another client
 * (none of the browser's cookies), on this machine's address as everything here.
 */
async function attack() {
  for (let i = 0; i < 20; i++) {
    const response = await fetch(`${server.url}/api/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: E2E_ADMIN.email, password: `essai-${i}-de-l-attaquant` }),
    });
    await response.body?.cancel();
    if (response.status === 429) return;
    expect(response.status).toBe(401);
  }
  throw new Error('the account is not throttled');
}

/** At two widths, when the run asks for screenshots (they assert nothing). */
async function screenshots(page: Page, name: string) {
  if (!SCREENSHOTS_ASKED) return;
  const size = page.viewportSize();
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 844 });
    await screenshotIfAsked(page, { path: test.info().outputPath(`${name}-${width}.png`) });
  }
  if (size) await page.setViewportSize(size);
}

test(
  'a new browser during an attack gets the link by e-mail, and opening it reaches the dashboard',
  {
    tag: '@desktop',
  },
  async ({ page, browser }) => {
    await start();
    await attack();

    await page.goto(`${server.url}/pageLogin`);
    await page.getByLabel('E-mail').fill(E2E_ADMIN.email);
    await page.getByLabel('Mot de passe').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(popup(page).locator('.swal2-title')).toHaveText('Nouvel appareil');
    await expect(popup(page).locator('.swal2-html-container')).toHaveText(
      'Connexion depuis un nouvel appareil pendant une série de tentatives sur ce compte : si le mot de passe est le bon, nous venons d’envoyer à l’adresse e-mail du compte un lien de connexion, valable 15 minutes. Ouvrez-le dans ce navigateur pour vous connecter ; il ne sert qu’une fois.',
    );
    await screenshots(page, 'popup');
    await popup(page).getByRole('button', { name: 'J’ai compris' }).click();
    await expect(page.getByLabel('Lien reçu par e-mail')).toBeVisible();
    await screenshots(page, 'paste');

    const [mail] = await smtp.waitForMails(1, 60_000);
    expect(mail?.to).toMatchObject({ text: E2E_ADMIN.email });
    const link = new RegExp(`${server.url}/pageLogin#appareil=[\\w-]{43}`).exec(
      mail?.text ?? '',
    )?.[0];
    if (!link) throw new Error(`no link in: ${mail?.text}`);

    // The page takes the token off its address as soon as it runs, which can end the load
    // Playwright waits for (ERR_ABORTED): each opening waits for what it shows instead.
    // Forwarded to another browser (or opened by the phone's mail app): it explains, in French.
    const otherBrowser = await browser.newContext();
    cleanups.push(() => otherBrowser.close());
    const elsewhere = await otherBrowser.newPage();
    await elsewhere.goto(link, { waitUntil: 'commit' });
    await expect(
      elsewhere.getByRole('heading', { name: 'Connexion par lien impossible' }),
    ).toBeVisible();
    await expect(elsewhere.getByRole('alert')).toContainText(
      'Ce lien ne sert que dans le navigateur où le mot de passe a été saisi',
    );
    const axe = await new AxeBuilder({ page: elsewhere }).analyze();
    expect(
      axe.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id),
    ).toEqual([]);
    // The token left the address bar: a reload does not try it again.
    expect(new URL(elsewhere.url()).hash).toBe('');
    await screenshots(elsewhere, 'other-browser');

    // In the browser that typed the password: signed in, then the dashboard.
    await page.goto(link, { waitUntil: 'commit' });
    await expect(popup(page).locator('.swal2-title')).toHaveText('Login Successful!');
    await expect(page.getByRole('heading', { name: 'Dashboard - Messages Reçus' })).toBeVisible({
      timeout: 20_000,
    });

    // Once used, the link is dead: signed out, the same browser opens it again.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/pageAccueil$/);
    // The home page is its own prerendered document, loaded after the app has changed the
    // address: wait until it has replaced the app, or it would cut short the next opening.
    await expect(page.locator('.hero-carousel')).toBeVisible();
    await page.goto(link, { waitUntil: 'commit' });
    await expect(page.getByRole('alert')).toContainText(
      'Ce lien de connexion ne fonctionne plus : il a déjà servi',
    );
    await screenshots(page, 'used-link');

    // The browser is known now: while the attack goes on, its password is enough.
    await attack();
    await page.goto(`${server.url}/pageLogin`);
    await page.getByLabel('E-mail').fill(E2E_ADMIN.email);
    await page.getByLabel('Mot de passe').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard - Messages Reçus' })).toBeVisible({
      timeout: 20_000,
    });
  },
);
