/**
 * The public pages as a visitor on a phone meets them: counters that only ever count up, a
 * contact form that sends even when tapped before its code has arrived on a slow network,
 * popups in the site's colours that open once the button has stopped sending, pages that
 * never pan sideways, and copy that says each thing once.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { LOCALIZED_ROUTES, PUBLIC_ROUTES, ROUTES } from '../../shared/domain/routes.ts';
import { fillContactForm, installClock, isBelow, popup, uniqueMessage } from './fixtures.ts';

const ISLAND_CHUNK = '**/assets/contact-form-*.js';

/** Holds a request until `release` is called. */
async function holdRequests(page: Page, pattern: string) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** A phone on a slow mobile connection: about 400 kbit/s down, 400 ms of latency. */
async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: 50_000,
    uploadThroughput: 20_000,
  });
}

interface CounterFrame {
  at: number;
  text: string;
}
type SampledWindow = Window & { counterFrames?: CounterFrame[] };

test.describe('home counters', () => {
  test(
    'every frame from the first one counts up from 0 to 394, over 3000 ms',
    { tag: '@phone' },
    async ({ page }) => {
      // From the document's first frame, the first counter's text at each frame it changes.
      await page.addInitScript(() => {
        const frames: { at: number; text: string }[] = [];
        (window as Window & { counterFrames?: typeof frames }).counterFrames = frames;
        // This callback runs first in each frame, before the count's own: what it reads was
        // painted in the previous frame, so it is noted with that frame's time (the time the
        // count itself reads).
        let previousFrame = 0;
        const sample = (frameTime: number) => {
          const counter = document.querySelector('[data-testid="counter-value"]');
          const text = counter?.textContent ?? null;
          if (text !== null && frames.at(-1)?.text !== text) {
            frames.push({ at: previousFrame || frameTime, text });
          }
          previousFrame = frameTime;
          if (text !== '394') requestAnimationFrame(sample);
        };
        requestAnimationFrame(sample);
      });
      await page.goto('/pageAccueil');
      await page.waitForFunction(
        () => (window as SampledWindow).counterFrames?.at(-1)?.text === '394',
        undefined,
        { timeout: 15_000 },
      );
      const frames = await page.evaluate(() => (window as SampledWindow).counterFrames ?? []);
      const values = frames.map((frame) => Number(frame.text));
      expect(values[0], 'the first frame shows 0').toBe(0);
      for (let i = 1; i < values.length; i += 1) {
        expect(values[i], `frame ${i}: ${values.join(', ')}`).toBeGreaterThan(values[i - 1] ?? 0);
      }
      // Where the count stood at its first frame past 0 says when it began; from there to 394
      // takes 3000 ms (the directive's default, 2000 ms, would fail).
      const first = frames.find((frame) => frame.text !== '0');
      const began = (first?.at ?? 0) - (Number(first?.text) / 394) * 3000;
      expect((frames.at(-1)?.at ?? 0) - began).toBeGreaterThanOrEqual(2950);
    },
  );

  test(
    'the final figures are in the page for screen readers and search engines',
    { tag: '@desktop' },
    async ({ page }) => {
      const html = await (await page.request.get('/pageAccueil')).text();
      for (const figure of [
        '394 clients satisfaits',
        '358 projets réalisés',
        '42 certifications',
      ]) {
        expect(html).toContain(figure);
      }
      await page.goto('/pageAccueil');
      await expect(page.getByText('394 clients satisfaits')).toHaveClass(/visually-hidden/);
    },
  );
});

test.describe('contact form on a slow connection', { tag: '@phone' }, () => {
  test('tapped before its code has arrived, send is never dead: the message goes', async ({
    page,
  }) => {
    await throttle(page);
    const release = await holdRequests(page, ISLAND_CHUNK);
    const message = uniqueMessage('reseau-lent');
    await installClock(page);
    await page.goto('/pageContact', { waitUntil: 'domcontentloaded' });
    await fillContactForm(page, message);
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    // At once, the button says it is sending (and cannot be tapped twice).
    const sending = page.getByRole('button', { name: 'Envoi en cours…' });
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();
    release();
    await expect(popup(page).locator('.swal2-title')).toHaveText('Envoyé !', {
      timeout: 30_000,
    });
    await popup(page).getByRole('button', { name: "D'accord !" }).click();
    await expect(page.getByPlaceholder('Nom complet')).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Envoyer le message' })).toBeEnabled();
  });

  test('sent before the page’s script has come, the message is held, kept out of the address, then goes', async ({
    page,
  }) => {
    const release = await holdRequests(page, '**/assets/index-*.js');
    const message = uniqueMessage('avant-le-script');
    await installClock(page);
    await page.goto('/pageContact', { waitUntil: 'domcontentloaded' });
    await fillContactForm(page, message);
    const address = page.url();
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    // No native submission: the page stays, with what was typed, and nothing in its address.
    await expect(page.getByPlaceholder('Nom complet')).not.toHaveValue('');
    expect(page.url()).toBe(address);
    release();
    await expect(popup(page).locator('.swal2-title')).toHaveText('Envoyé !', {
      timeout: 30_000,
    });
    expect(page.url()).toBe(address);
  });

  test('what is typed before the code arrives is kept, and validated once it has', async ({
    page,
  }) => {
    const release = await holdRequests(page, ISLAND_CHUNK);
    const message = uniqueMessage('avant-le-code');
    await page.goto('/pageContact');
    await page.getByPlaceholder('Nom complet').fill(message.fullName);
    await page.getByPlaceholder('Message').fill(message.message);
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    release();
    // The form's code checks what is missing; the typed text stays.
    await expect(page.getByText('Ce champ est obligatoire.')).toHaveCount(3);
    await expect(page.getByPlaceholder('Nom complet')).toHaveValue(message.fullName);
    await expect(page.getByPlaceholder('Message')).toHaveValue(message.message);
    await expect(page.getByRole('button', { name: 'Envoyer le message' })).toBeEnabled();
  });

  test('if its code cannot be downloaded, the visitor is told and can try again', async ({
    page,
  }) => {
    await page.route(ISLAND_CHUNK, (route) => route.abort('internetdisconnected'));
    await installClock(page);
    await page.goto('/pageContact');
    await fillContactForm(page, uniqueMessage('hors-ligne'));
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(page.getByRole('alert')).toHaveText(/Vérifiez votre connexion/);
    await expect(page.getByRole('button', { name: 'Envoyer le message' })).toBeEnabled();
  });

  test('an order button lands on the form, its service chosen and the plan with its price as subject, before the form’s code arrives', async ({
    page,
  }) => {
    const release = await holdRequests(page, ISLAND_CHUNK);
    await page.goto('/pageServices');
    await page.getByRole('link', { name: 'Commandez Maintenant : Suivi de page' }).click();
    await expect(page).toHaveURL(/\/pageContact\?.*#formulaire$/);
    const subject = page.getByLabel(/^Sujet/);
    await expect(page.getByRole('heading', { name: 'Écrivez-nous' })).toBeInViewport();
    await expect(page.getByLabel(/^Service/)).toHaveValue('Gestion des comptes');
    await expect(subject).toHaveValue(/^Suivi de page — 28\s000\sDZD$/);
    // Editable, and kept as edited once the form's code has come.
    await subject.fill('Suivi de page pour deux comptes');
    release();
    await formHydrated(page);
    await expect(subject).toHaveValue('Suivi de page pour deux comptes');
    await expect(page.getByLabel(/^Service/)).toHaveValue('Gestion des comptes');
  });

  test('« Devis gratuit » lands on the form with a subject, which a visitor’s own choice overrides', async ({
    page,
  }) => {
    await page.goto('/pagePolitique');
    const quote = page.getByRole('link', { name: 'Devis gratuit' });
    if (!(await quote.isVisible())) await page.locator('[data-site-nav] summary').click();
    await quote.click();
    await expect(page.getByRole('heading', { name: 'Écrivez-nous' })).toBeInViewport();
    await expect(page.getByLabel(/^Sujet/)).toHaveValue('Demande de devis gratuit');
    await expect(page.getByLabel(/^Service/)).toHaveValue('');
  });

  test('without JavaScript, an order button still lands on the form’s place', async ({
    browser,
    viewport,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport });
    const page = await context.newPage();
    await page.goto('/pageServices');
    await page.getByRole('link', { name: 'Commandez Maintenant : Site statique' }).first().click();
    await expect(page).toHaveURL(/#formulaire$/);
    await expect(page.getByRole('heading', { name: 'Écrivez-nous' })).toBeInViewport();
    await context.close();
  });
});

/**
 * Presses `target` as a person does, where it stands before the press: the finger (the mouse
 * on a laptop) goes down, stays while the page paints, and lifts at the same place. Leaving
 * the field being typed in happens in between, as it does under a real finger: if that moved
 * the page, the press would end on something else and be lost.
 */
async function pressWhereItStands(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('Nothing to press: the target is not displayed.');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const painted = () =>
    page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
  const phone = (page.viewportSize()?.width ?? 1280) < 992;
  if (phone) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    await painted();
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  } else {
    await page.mouse.move(x, y);
    await page.mouse.down();
    await painted();
    await page.mouse.up();
  }
}

/** The form's code has arrived and taken over the prerendered form (React marks its root). */
async function formHydrated(page: Page) {
  await page.waitForFunction(() => {
    const slot = document.querySelector('[data-contact-form]');
    return slot !== null && Object.keys(slot).some((key) => key.startsWith('__reactContainer'));
  });
}

test.describe('contact form under a real press', () => {
  test('a press on send right after typing a wrong value is never lost', async ({ page }) => {
    await page.goto('/pageContact');
    const send = page.getByRole('button', { name: 'Envoyer le message' });
    await send.scrollIntoViewIfNeeded();
    await formHydrated(page);
    // The visitor types a number too short, and presses « Envoyer » at once.
    await page.getByPlaceholder('Numéro de téléphone').fill('0550');
    await pressWhereItStands(page, send);
    // The press was a submission: every field is checked, and the first one to fix is focused.
    await expect(page.getByText('Ce champ est obligatoire.')).toHaveCount(4);
    await expect(page.getByText('Choisissez un des services proposés.')).toBeVisible();
    await expect(page.getByText(/^Saisissez un numéro de téléphone valide/)).toBeVisible();
    await expect(page.getByPlaceholder('Nom complet')).toBeFocused();
  });

  test('a press on send right after the last field sends the message', async ({ page }) => {
    await installClock(page);
    await page.goto('/pageContact');
    await page.getByRole('button', { name: 'Envoyer le message' }).scrollIntoViewIfNeeded();
    await formHydrated(page);
    await fillContactForm(page, uniqueMessage('appui'));
    await pressWhereItStands(page, page.getByRole('button', { name: 'Envoyer le message' }));
    await expect(popup(page).locator('.swal2-title')).toHaveText('Envoyé !');
  });
});

test.describe('popups', { tag: '@desktop' }, () => {
  test('the error popup opens once the button has stopped sending', async ({ page }) => {
    // The send button as it is at the moment the popup is put in the page.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('.swal2-popup')) return;
        const button = document.querySelector<HTMLButtonElement>('[data-send-button]');
        document.documentElement.dataset.buttonWhenPopupOpened = `${button?.innerText.trim()}|${button?.disabled}`;
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await installClock(page);
    await page.goto('/pageContact');
    await page.route('**/api/contacts', (route) => route.abort('internetdisconnected'));
    await fillContactForm(page, uniqueMessage('erreur'));
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(popup(page).locator('.swal2-title')).toHaveText('Erreur!');
    await expect(page.locator('html')).toHaveAttribute(
      'data-button-when-popup-opened',
      'Envoyer le message|false',
    );
  });

  test('wear the site’s colours and fonts, with the spec’s words', async ({ page }) => {
    await installClock(page);
    await page.goto('/pageContact');
    await fillContactForm(page, uniqueMessage('couleurs'));
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    const confirm = popup(page).getByRole('button', { name: "D'accord !" });
    await expect(popup(page).locator('.swal2-title')).toHaveText('Envoyé !');
    // The site's navy, not SweetAlert2's purple; its heading and text fonts.
    await expect(confirm).toHaveCSS('background-color', 'rgb(14, 76, 146)');
    await expect(popup(page).locator('.swal2-title')).toHaveCSS(
      'font-family',
      /^"Outfit Variable"/,
    );
    await expect(popup(page)).toHaveCSS('font-family', /^"Inter Variable"/);
  });
});

test.describe('content security policy', { tag: '@desktop' }, () => {
  test('no public page breaks the CSP nor logs an error, the form and popup included', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${page.url()} : ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${page.url()} : ${error.message}`));
    for (const path of ['/page-inconnue', ...PUBLIC_ROUTES]) {
      await page.goto(path, { waitUntil: 'networkidle' });
    }
    await installClock(page);
    await page.goto('/pageContact');
    await fillContactForm(page, uniqueMessage('csp'));
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(popup(page).locator('.swal2-title')).toHaveText('Envoyé !');
    // The not-found page answers 404, which the browser logs; nothing else may be logged.
    expect(problems.filter((problem) => !problem.includes('404'))).toEqual([]);
  });
});

test.describe('layout', () => {
  for (const width of [320, 360, 390, 430]) {
    test(
      `no public page, French or Arabic, is wider than a ${width} px screen`,
      { tag: '@desktop' },
      async ({ browser }) => {
        // The width is the test's own: it runs once, in the desktop project.
        const context = await browser.newContext({ viewport: { width, height: 800 } });
        const page = await context.newPage();
        const overflowing: string[] = [];
        // Both languages: an Arabic page lays out right to left, with its own words and font.
        const pages = [
          ...PUBLIC_ROUTES,
          ...LOCALIZED_ROUTES,
          '/page-inconnue',
          '/ar/page-inconnue',
        ];
        for (const path of pages) {
          await page.goto(path, { waitUntil: 'domcontentloaded' });
          const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
          if (scrollWidth > width) overflowing.push(`${path} : ${scrollWidth} px`);
        }
        await context.close();
        expect(overflowing).toEqual([]);
      },
    );
  }

  test(
    'every inner page, French and Arabic, shows its own title on the first screen, under the carousel',
    { tag: '@desktop' },
    async ({ browser }) => {
      // Twenty pages, twice.
      test.slow();
      const inner = [...PUBLIC_ROUTES, ...LOCALIZED_ROUTES].filter(
        (path) => !path.endsWith(ROUTES.home),
      );
      const below: string[] = [];
      // A laptop and a phone: the sizes are the test's own, it runs once.
      for (const viewport of [
        { width: 1366, height: 768 },
        { width: 390, height: 844 },
      ]) {
        const context = await browser.newContext({ viewport });
        const page = await context.newPage();
        for (const path of inner) {
          await page.goto(path, { waitUntil: 'domcontentloaded' });
          // The spec's carousel is still there, with its six banners.
          await expect(page.locator('[data-carousel] [data-slide]')).toHaveCount(6);
          const title = await page.locator('main h1').boundingBox();
          if (!title || title.y + title.height > viewport.height) {
            below.push(`${path} à ${viewport.width} px : ${Math.round(title?.y ?? -1)} px`);
          }
        }
        await context.close();
      }
      expect(below).toEqual([]);
    },
  );

  test('the prices of one line of cards sit on one line', async ({ page }) => {
    await page.goto('/pageServices');
    const cards = await page.locator('.plan-grid .plan-card').evaluateAll((nodes) =>
      nodes.map((card) => ({
        top: Math.round(card.getBoundingClientRect().top),
        price: Math.round(
          card.querySelector('[data-testid="plan-price"]')?.getBoundingClientRect().top ?? 0,
        ),
      })),
    );
    expect(cards).toHaveLength(9);
    for (const top of new Set(cards.map((card) => card.top))) {
      const line = cards.filter((card) => card.top === top);
      expect(new Set(line.map((card) => card.price)).size, JSON.stringify(line)).toBe(1);
    }
  });
});

test.describe('copy', { tag: '@desktop' }, () => {
  test('no page’s introduction repeats its search description', async ({ page }) => {
    for (const path of PUBLIC_ROUTES) {
      await page.goto(path);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(await page.locator('main').innerText(), path).not.toContain(description ?? '');
    }
  });

  test('the services page names its prices once, and gives the number once', async ({ page }) => {
    await page.goto('/pageServices');
    const headings = await page.locator('main :is(h1, h2, .section-kicker)').allTextContents();
    expect(headings.filter((text) => /tarifs/i.test(text))).toHaveLength(2);
    // The box with the number, not also the home page's call-us card just before it.
    await expect(page.locator('main .call-card')).toHaveCount(0);
    await expect(page.locator('main a[href^="tel:"]')).toHaveCount(1);
    const ads = page.locator('.plan-card', { hasText: 'Publicité sponsorisée' });
    await expect(ads.getByTestId('plan-price')).toHaveText('?????');
    // Said in words right under it, so that nobody takes it for broken text.
    await expect(ads.getByTestId('plan-budget')).toHaveText('budget à définir');
    expect(await isBelow(ads.getByTestId('plan-budget'), ads.getByTestId('plan-price'))).toBe(true);
    // Read on the screen, where the visitor reads it: the section is drawn once it comes near,
    // and its rendered text (innerText) is there from then on.
    await ads.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await ads.innerText()).match(/budget/gi)?.length).toBe(1);
  });

  test('the home page keeps its call-us card', async ({ page }) => {
    await page.goto('/pageAccueil');
    await expect(page.locator('main .call-card').first()).toContainText('0550 12 34 56');
  });

  test('the privacy page gives its e-mail address once', async ({ page }) => {
    await page.goto('/pagePolitique');
    const text = await page.locator('main').innerText();
    expect(text.match(/contact@horizon-numerique\.dz/g)).toHaveLength(1);
    await expect(page.locator('main a[href="mailto:contact@horizon-numerique.dz"]')).toBeVisible();
  });
});
