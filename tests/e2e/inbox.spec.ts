import { expect, test } from '@playwright/test';
import { LOGIN_SUCCESS_POPUP_MS } from '../../shared/domain/constants.ts';
import {
  E2E_ADMIN,
  expectAboveEarlierMessages,
  fillContactForm,
  installClock,
  popup,
  sendMessage,
  shownWhileLive,
  signIn,
  uniqueMessage,
} from './fixtures.ts';
import { recordedPopup, recordPopup } from './popup-record.ts';

test.describe('contact form', { tag: '@desktop' }, () => {
  test('a valid message is sent: success popup, then an empty form', async ({ page }) => {
    const message = uniqueMessage('envoi');
    await installClock(page);
    await page.goto('/pageContact');
    await fillContactForm(page, message);
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(popup(page).locator('.swal2-title')).toHaveText('Envoyé !');
    await expect(popup(page).locator('.swal2-html-container')).toHaveText(
      'Envoyé avec succès ! ✅',
    );
    await popup(page).getByRole('button', { name: "D'accord !" }).click();
    await expect(popup(page)).toBeHidden();
    await expect(page.getByPlaceholder('Nom complet')).toHaveValue('');
    await expect(page.getByPlaceholder('Message')).toHaveValue('');
  });

  test('the send button is disabled while sending', async ({ page }) => {
    await installClock(page);
    await page.goto('/pageContact');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/contacts', async (route) => {
      await held;
      await route.continue();
    });
    await fillContactForm(page, uniqueMessage('attente'));
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    const sending = page.getByRole('button', { name: /Envoi en cours/ });
    await expect(sending).toBeDisabled();
    release();
    await expect(popup(page).locator('.swal2-title')).toHaveText('Envoyé !');
  });

  test('a failure shows the error popup and keeps what the visitor typed', async ({ page }) => {
    const message = uniqueMessage('echec');
    await installClock(page);
    await page.goto('/pageContact');
    await page.route('**/api/contacts', (route) => route.abort('internetdisconnected'));
    await fillContactForm(page, message);
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(popup(page).locator('.swal2-title')).toHaveText('Erreur!');
    await expect(popup(page).locator('.swal2-html-container')).toHaveText(
      /^Une erreur s'est produite lors de l'envoi : .+/,
    );
    await popup(page).getByRole('button', { name: "D'accord !" }).click();
    await expect(page.getByPlaceholder('Nom complet')).toHaveValue(message.fullName);
    await expect(page.getByPlaceholder('Message')).toHaveValue(message.message);
    await expect(page.getByRole('button', { name: 'Envoyer le message' })).toBeEnabled();
  });
});

test.describe('login', { tag: '@desktop' }, () => {
  test('wrong credentials show "Invalid Credentials"', async ({ page }) => {
    await page.goto('/pageLogin');
    await page.getByLabel('E-mail').fill(E2E_ADMIN.email);
    await page.getByLabel('Mot de passe').fill('pas-le-bon-mot-de-passe');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(popup(page).locator('.swal2-title')).toHaveText('Invalid Credentials');
    await expect(popup(page).locator('.swal2-html-container')).toHaveText(
      'Please check your username and password.',
    );
    await expect(page).toHaveURL(/\/pageLogin$/);
  });

  test('both fields are required', async ({ page }) => {
    await page.goto('/pageLogin');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Ce champ est obligatoire.')).toHaveCount(2);
  });

  test('success shows a buttonless popup for 700 ms, then the dashboard', async ({ page }) => {
    await page.goto('/pageLogin');
    await recordPopup(page);
    await page.getByLabel('E-mail').fill(E2E_ADMIN.email);
    await page.getByLabel('Mot de passe').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    // A sign-in on a busy machine can take seconds.
    await expect(page).toHaveURL(/\/pageDashboard$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Dashboard - Messages Reçus' })).toBeVisible();

    const seen = await recordedPopup(page);
    expect(seen.title).toBe('Login Successful!');
    expect(seen.text).toBe(`Welcome, ${E2E_ADMIN.email}! Redirecting...`);
    expect(seen.confirmShown).toBe(false);
    // The timer starts a moment before the popup reaches the page; a busy machine can only
    // make it fire later.
    expect(seen.closing - seen.shown).toBeGreaterThanOrEqual(LOGIN_SUCCESS_POPUP_MS - 100);
    expect(seen.closing - seen.shown).toBeLessThan(LOGIN_SUCCESS_POPUP_MS + 2000);
    // The dashboard comes only once the popup has had its time.
    expect(seen.pathWhenClosing).toBe('/pageLogin');
  });

  test('with a live session, the login page goes straight to the dashboard', async ({ page }) => {
    await signIn(page);
    await page.goto('/pageLogin');
    await expect(page).toHaveURL(/\/pageDashboard$/);
  });
});

test.describe('dashboard', { tag: '@desktop' }, () => {
  test('without a session it sends the visitor to the login page', async ({ page }) => {
    await page.goto('/pageDashboard');
    await expect(page).toHaveURL(/\/pageLogin$/);
  });

  test('a stored "logged in" flag grants nothing', async ({ page }) => {
    await page.goto('/pageAccueil');
    await page.evaluate(() => {
      localStorage.setItem('isLoggedIn', 'true');
      localStorage.setItem(
        'user',
        JSON.stringify({ email: 'x@y.z', allowedRoute: '/pageDashboard' }),
      );
    });
    await page.goto('/pageDashboard');
    await expect(page).toHaveURL(/\/pageLogin$/);
    const api = await page.request.get('/api/contacts');
    expect(api.status()).toBe(401);
  });

  test('shows the columns, the phone with a leading 0, a French date and text as text', async ({
    page,
    request,
  }) => {
    const message = {
      ...uniqueMessage('tableau'),
      message: '<img src=x onerror="window.__xss=1"> <b>gras</b>',
    };
    await sendMessage(request, message);
    await signIn(page);
    const headers = page.locator('table thead th');
    await expect(headers).toHaveText([
      '#',
      'Nom Complet',
      'Service',
      'Email',
      'Téléphone',
      'Sujet',
      'Message',
      "Date d'Enregistrement",
    ]);
    const row = page.locator('tbody tr', { hasText: message.fullName });
    await expect(row).toContainText('0550 12 34 56');
    // The # is the row's header cell; then Nom Complet, Service, Email, Téléphone, Sujet, Message, Date.
    await expect(row.locator('td').nth(5)).toHaveText(message.message);
    await expect(row.locator('td').nth(6)).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(
      await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
    ).toBeUndefined();
  });

  test('a message sent from another browser appears live, without reload', async ({
    page,
    browser,
  }) => {
    // Two browsers at once: give it the time of two tests.
    test.slow();
    await signIn(page);
    const rows = page.locator('tbody tr');
    const earlier = await shownWhileLive(page, page.request, rows);
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    const message = uniqueMessage('direct');
    await installClock(visitor);
    await visitor.goto('/pageContact');
    await fillContactForm(visitor, message);
    await visitor.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(visitor.locator('.swal2-title')).toHaveText('Envoyé !');
    const row = rows.filter({ hasText: message.fullName });
    await expect(row).toHaveCount(1, { timeout: 10_000 });
    await expectAboveEarlierMessages(
      rows,
      (await row.getAttribute('data-message-id')) ?? '',
      earlier,
    );
    await visitorContext.close();
  });

  test('logout ends the session and goes to the home page', async ({ page }) => {
    await signIn(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/pageAccueil$/);
    // The home page is its own prerendered document: wait until it has replaced the app.
    await expect(page.locator('.hero-carousel')).toBeVisible();
    await page.goto('/pageDashboard');
    await expect(page).toHaveURL(/\/pageLogin$/);
  });
});
