/**
 * « Rester connecté sur cet appareil » and « Se déconnecter partout » (issue 45, docs/inbox.md,
 * « Rester connecté »), on a server of the test's own: signing out everywhere ends every
 * session of the owner, which would sign out the tests running beside it on the shared one.
 */
import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { E2E_ADMIN, popup } from './fixtures.ts';
import { startOwnServer, type Cleanup } from './own-server.ts';

test.setTimeout(180_000);

const cleanups: Cleanup[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const LAPTOP = { viewport: { width: 1366, height: 900 } };
const DAY_S = 24 * 3600;
/** Where the screenshots a person looks at go (never into the repository). */
const SHOTS = process.env.E2E_SHOTS_DIR;

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * What a browser keeps when it is closed and opened again: its stored cookies and storage, not
 * its session cookies (those without an expiry, -1 in Playwright's state).
 */
function afterRestart(state: StorageState): StorageState {
  return { ...state, cookies: state.cookies.filter((cookie) => cookie.expires !== -1) };
}

async function signInOnScreen(
  browser: Browser,
  url: string,
  options: typeof PHONE | typeof LAPTOP,
  remember: boolean,
  shot?: string,
) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto(`${url}/pageLogin`);
  await page.getByLabel('E-mail').fill(E2E_ADMIN.email);
  await page.getByLabel('Mot de passe').fill(E2E_ADMIN.password);
  const box = page.getByRole('checkbox', { name: 'Rester connecté sur cet appareil' });
  await expect(box).not.toBeChecked();
  if (remember) await box.check();
  if (SHOTS && shot) await page.screenshot({ path: `${SHOTS}/${shot}`, fullPage: true });
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard - Messages Reçus' })).toBeVisible({
    timeout: 30_000,
  });
  return { context, page };
}

async function reopen(browser: Browser, url: string, state: StorageState) {
  const context = await browser.newContext({ ...PHONE, storageState: afterRestart(state) });
  const page = await context.newPage();
  await page.goto(`${url}/pageDashboard`);
  return { context, page };
}

test(
  'the box keeps the phone signed in after the browser closes; « Se déconnecter partout » from the laptop ends it',
  {
    tag: '@phone',
  },
  async ({ browser }) => {
    const server = await startOwnServer((cleanup) => cleanups.push(cleanup));

    // Checked, on the phone: a cookie of 30 days, still signed in once the browser reopens.
    const phone = await signInOnScreen(browser, server.url, PHONE, true, 'login-390.png');
    const kept = await phone.context.storageState();
    const sid = kept.cookies.find((cookie) => cookie.name === 'sid');
    expect(sid?.httpOnly).toBe(true);
    expect(sid?.sameSite).toBe('Strict');
    const days = ((sid?.expires ?? 0) - Date.now() / 1000) / DAY_S;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    await phone.context.close();
    const reopened = await reopen(browser, server.url, kept);
    await expect(
      reopened.page.getByRole('heading', { name: 'Dashboard - Messages Reçus' }),
    ).toBeVisible({ timeout: 30_000 });
    await expect(reopened.page.getByTestId('inbox-status')).toHaveText('En direct', {
      timeout: 30_000,
    });
    if (SHOTS) await reopened.page.screenshot({ path: `${SHOTS}/dashboard-390.png` });

    // Unchecked, as before: the browser closed, the session is gone.
    const shared = await signInOnScreen(browser, server.url, LAPTOP, false);
    const unmarked = await shared.context.storageState();
    expect(unmarked.cookies.find((cookie) => cookie.name === 'sid')?.expires).toBe(-1);
    const forgotten = await reopen(browser, server.url, unmarked);
    await expect(forgotten.page).toHaveURL(/\/pageLogin$/, { timeout: 30_000 });
    await forgotten.context.close();

    // From the laptop, « Se déconnecter partout », confirmed: the laptop is signed out...
    await shared.page.getByRole('button', { name: 'Se déconnecter partout' }).click();
    await expect(popup(shared.page).locator('.swal2-title')).toHaveText('Se déconnecter partout ?');
    await popup(shared.page).getByRole('button', { name: 'Se déconnecter partout' }).click();
    await expect(shared.page).toHaveURL(/\/pageLogin$/, { timeout: 30_000 });

    // ...and the phone's open dashboard follows, without a touch: its session has ended.
    await expect(reopened.page).toHaveURL(/\/pageLogin$/, { timeout: 30_000 });
    await reopened.page.goto(`${server.url}/pageDashboard`);
    await expect(reopened.page).toHaveURL(/\/pageLogin$/, { timeout: 30_000 });
    expect((await reopened.page.request.get(`${server.url}/api/session`)).status()).toBe(401);
    await reopened.context.close();
    await shared.context.close();
  },
);

test(
  '« Se déconnecter partout » asks first, on a phone too; « Annuler » keeps every session',
  {
    tag: '@phone',
  },
  async ({ browser }) => {
    const server = await startOwnServer((cleanup) => cleanups.push(cleanup));
    const phone = await signInOnScreen(browser, server.url, PHONE, true);
    const button = phone.page.getByRole('button', { name: 'Se déconnecter partout' });
    // On a phone, the icon alone, inside the screen's width beside « Logout ».
    const box = await button.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    await button.click();
    await expect(popup(phone.page)).toContainText('sur cet appareil et sur tous les autres');
    if (SHOTS) await phone.page.screenshot({ path: `${SHOTS}/confirm-390.png` });
    await popup(phone.page).getByRole('button', { name: 'Annuler' }).click();
    await expect(popup(phone.page)).toBeHidden();
    await phone.page.reload();
    await expect(
      phone.page.getByRole('heading', { name: 'Dashboard - Messages Reçus' }),
    ).toBeVisible({ timeout: 30_000 });
    expect((await phone.page.request.get(`${server.url}/api/session`)).status()).toBe(200);
    await phone.context.close();
  },
);
