/**
 * How the owner gets the inbox as an app, and push on an iPhone: in Safari on an iPhone (no Push
 * API outside a home-screen app), the dashboard says why there is no notification button and
 * how to add the inbox to the home screen, or that the system is too old; where the browser
 * offers installation (`beforeinstallprompt`), « Installer l’application » shows its prompt.
 *
 * Chromium plays Safari here: the iPhone's user agent, and the APIs Safari lacks outside a
 * home-screen app removed before the page's scripts run. The installation offer is the event
 * Chromium would fire, made by the test with a prompt() it can count.
 */
import AxeBuilder from './axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures.ts';
import { screenshotIfAsked } from './screenshots.ts';

const WIDTHS = [390, 1366] as const;

const SAFARI_IPHONE = (os: string) =>
  `Mozilla/5.0 (iPhone; CPU iPhone OS ${os} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${os.replace('_', '.')} Mobile/15E148 Safari/604.1`;

/**
 * The dashboard as Safari shows it outside a home-screen app (no Push API, no Notification);
 * the help it gives.
 */
async function dashboardInSafari(page: Page) {
  await page.addInitScript(() => {
    const global = globalThis as { PushManager?: unknown; Notification?: unknown };
    delete global.PushManager;
    delete global.Notification;
  });
  await signIn(page);
  return page.getByRole('region', { name: 'Notifications sur iPhone et iPad' });
}

async function expectNoAxeViolation(page: Page, state: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
    state,
  ).toEqual([]);
}

/** At both widths: readable (axe), and a screenshot to look at. */
async function checkAtBothWidths(page: Page, name: string, shown: () => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    await shown();
    await screenshotIfAsked(page, {
      path: test.info().outputPath(`${name}-${width}.png`),
      fullPage: true,
    });
    await expectNoAxeViolation(page, `${name}, à ${width} px`);
  }
}

test.describe('on an iPhone, in Safari', { tag: '@desktop' }, () => {
  test.use({ userAgent: SAFARI_IPHONE('17_4'), hasTouch: true });

  test('the dashboard says why there are no notifications and how to add the inbox to the home screen', async ({
    page,
  }) => {
    // Two widths, each with an axe analysis of the whole dashboard: slow on a loaded machine.
    test.slow();
    const help = await dashboardInSafari(page);
    await expect(help).toContainText(
      'Apple n’autorise les notifications d’un site que s’il a été ajouté à l’écran d’accueil (iOS 16.4 et plus récent)',
    );
    const steps = help.getByRole('listitem');
    await expect(steps).toHaveText([
      /^Dans Safari, touchez le bouton Partager/,
      'Choisissez « Sur l’écran d’accueil », puis « Ajouter ».',
      /^Ouvrez la boîte de réception depuis sa nouvelle icône et connectez-vous/,
      'Touchez « Recevoir les notifications sur cet appareil », puis « Autoriser ».',
    ]);
    // This server sends no e-mail (no SMTP_URL): the help says what e-mail needs.
    await expect(help).toContainText(
      'D’ici là, seules les notifications par e-mail peuvent vous prévenir des nouveaux messages : elles demandent SMTP_URL sur le serveur.',
    );
    // No button that could not work.
    await expect(page.getByRole('button', { name: /notifications/i })).toHaveCount(0);
    await checkAtBothWidths(page, 'iphone-aide', () => expect(help).toBeInViewport());
  });

  test.describe('before iOS 16.4', () => {
    test.use({ userAgent: SAFARI_IPHONE('15_6') });

    test('the dashboard says push cannot be had on this system, and that e-mail stays', async ({
      page,
    }) => {
      const help = await dashboardInSafari(page);
      await expect(help).toContainText(
        'Cet appareil est en iOS 15.6 : Apple n’y permet pas les notifications des sites, même ajoutés à l’écran d’accueil. Il faut iOS 16.4 ou plus récent',
      );
      await expect(help.getByRole('listitem')).toHaveCount(0);
      await expectNoAxeViolation(page, 'iOS 15.6');
    });
  });
});

test.describe('where the browser offers installation', { tag: '@desktop' }, () => {
  /** Fires the event Chromium fires when the inbox can be installed; prompt() counts its calls. */
  function offerInstallation(page: Page) {
    return page.evaluate(() => {
      const offer = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(offer, {
        prompt: () => {
          const counted = window as unknown as { prompts?: number };
          counted.prompts = (counted.prompts ?? 0) + 1;
          return Promise.resolve();
        },
        userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
      });
      window.dispatchEvent(offer);
    });
  }

  const prompts = (page: Page) =>
    page.evaluate(() => (window as unknown as { prompts?: number }).prompts ?? 0);

  test('« Installer l’application » shows the browser’s prompt, and goes once installed', async ({
    page,
  }) => {
    // Two widths, each with an axe analysis of the whole dashboard: slow on a loaded machine.
    test.slow();
    // Chromium may make its own offer, whose prompt the test could not see: only the test's
    // reaches the page.
    await page.addInitScript(() => {
      window.addEventListener('beforeinstallprompt', (event) => {
        if (event.constructor.name === 'BeforeInstallPromptEvent') event.stopImmediatePropagation();
      });
    });
    await signIn(page);
    const install = page.getByRole('button', { name: 'Installer l’application' });
    await expect(page.getByTestId('owner-notifications')).toBeVisible();
    await expect(install).toHaveCount(0);

    await offerInstallation(page);
    await expect(install).toBeVisible();
    await checkAtBothWidths(page, 'installer', () => expect(install).toBeInViewport());

    // From the keyboard: the prompt shows, and the offer is spent.
    await install.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => prompts(page)).toBe(1);
    await expect(install).toHaveCount(0);

    // Offered again, then installed (from the browser's own menu): the button goes, and the
    // owner hears that it is done.
    await offerInstallation(page);
    await expect(install).toBeVisible();
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    await expect(install).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Application installée' })).toHaveText(
      'Application installée : ouvrez la boîte de réception depuis son icône.',
    );
    expect(await prompts(page)).toBe(1);
  });

  test('opened as the installed app, nothing is offered', async ({ page }) => {
    await page.addInitScript(() => {
      // What Safari says of a home-screen app; Chromium says it with display-mode, which the
      // test cannot emulate.
      Object.defineProperty(navigator, 'standalone', { value: true });
    });
    await signIn(page);
    await expect(page.getByTestId('owner-notifications')).toBeVisible();
    await offerInstallation(page);
    await expect(
      page.getByRole('button', { name: 'Recevoir les notifications sur cet appareil' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Installer l’application' })).toHaveCount(0);
  });

  test('the inbox is installable: its manifest opens the dashboard, the sign-in inside the app', async ({
    page,
  }) => {
    await page.goto('/pageLogin');
    const cdp = await page.context().newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { data?: string };
    expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({
      name: 'Horizon Numérique — Messages',
      short_name: 'Messages',
      start_url: '/pageDashboard',
      // The sign-in (a home-screen app on iOS keeps its own cookies) stays inside the app.
      scope: '/',
      display: 'standalone',
      icons: expect.arrayContaining([
        expect.objectContaining({ sizes: '192x192' }),
        expect.objectContaining({ sizes: '512x512' }),
      ]),
    });
    for (const icon of ['/img/icon-192.png', '/img/icon-512.png', '/img/apple-touch-icon.png']) {
      const answer = await page.request.get(icon);
      expect(answer.status(), icon).toBe(200);
      expect(answer.headers()['content-type']).toBe('image/png');
    }
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // Playwright's browser contexts are private windows, where Chromium installs nothing: that
    // is the only objection allowed.
    expect(installabilityErrors.map(({ errorId }) => errorId)).toEqual(['in-incognito']);
  });
});
