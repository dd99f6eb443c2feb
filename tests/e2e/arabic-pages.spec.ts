/**
 * The Arabic twins of the public pages (/ar/…) as an Arabic reader meets them, on a phone and
 * on a laptop: right to left, in Arabic, linked to their French pages and back, never wider
 * than the screen, accessible, and a contact form that sends in Arabic and answers in Arabic.
 * Screenshots of every page are attached to the report, to be looked at.
 */
import AxeBuilder from './axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { frenchPath, localizedPath, PUBLIC_ROUTES, ROUTES } from '../../shared/domain/routes.ts';
import { drawnFonts, isBelow, popup, uniqueMessage } from './fixtures.ts';
import { SCREENSHOTS_ASKED, screenshotIfAsked } from './screenshots.ts';

const SITE = 'https://horizon-numerique.dz';

/** The Arabic public pages, in the French pages' order. */
const ARABIC_ROUTES = PUBLIC_ROUTES.map((route) => localizedPath(route, 'ar'));

/** The page's hreflang links, as [language, address] pairs. */
async function hreflangs(page: Page) {
  return page
    .locator('link[rel="alternate"][hreflang]')
    .evaluateAll((links) =>
      links.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]),
    );
}

/**
 * Every word the page shows or says (its text, its pictures' alternatives, its labels, its
 * title and description), but the parts marked as another language (the language switch):
 * the Latin words among them. Addresses (e-mail, web) and technical names (HTML, CSS) aside.
 */
async function latinWords(page: Page) {
  return page.evaluate(() => {
    const words: string[] = [];
    const foreign = (element: Element | null) =>
      Boolean(element?.closest('[lang]:not([lang="ar"])'));
    const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || foreign(parent) || parent.closest('script, style, noscript')) continue;
      words.push(node.textContent ?? '');
    }
    for (const element of document.querySelectorAll(
      '[alt], [title], [aria-label], [placeholder], [data-label-playing], [data-label-paused], [data-map-title], meta[name="description"]',
    )) {
      if (foreign(element)) continue;
      for (const name of [
        'alt',
        'title',
        'aria-label',
        'placeholder',
        'data-label-playing',
        'data-label-paused',
        'data-map-title',
        'content',
      ]) {
        words.push(element.getAttribute(name) ?? '');
      }
    }
    for (const noscript of document.querySelectorAll('noscript')) {
      words.push(noscript.textContent?.replace(/<[^>]*>/g, ' ') ?? '');
    }
    return words
      .join(' ')
      .replace(/\S+@\S+|https?:\/\/\S+|\b(HTML|CSS)\b/g, ' ')
      .match(/[A-Za-zÀ-ÿ]{2,}/g);
  });
}

/** How far the page can be scrolled sideways (0 when it fits the screen). */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

test.describe('Arabic pages', () => {
  for (const route of ARABIC_ROUTES) {
    test(`${route}: Arabic, right to left, linked to its French twin, fits the screen`, async ({
      page,
    }, testInfo) => {
      // A full-length screenshot and axe over the whole page: long on a busy machine.
      test.slow();
      const french = frenchPath(route);
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      expect(await hreflangs(page)).toEqual([
        ['fr', `${SITE}${french}`],
        ['ar', `${SITE}${route}`],
        ['x-default', `${SITE}${french}`],
      ]);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        `${SITE}${route}`,
      );
      // Every link to a page of the site stays in Arabic, but the language switch.
      const internal = await page
        .locator('a[href^="/page"]:not([data-language-switch])')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(internal.filter((href) => href !== ROUTES.login)).toEqual([]);
      expect(await sidewaysOverflow(page)).toBe(0);
      expect(await latinWords(page)).toBeNull();

      if (SCREENSHOTS_ASKED) {
        await page.evaluate(() => document.fonts.ready);
        const screenshot = testInfo.outputPath(`${route.replaceAll('/', '_')}.png`);
        await screenshotIfAsked(page, { path: screenshot, fullPage: true });
        await testInfo.attach('screenshot', { path: screenshot, contentType: 'image/png' });
      }

      // The same bar as the French pages (public-site.spec.ts): no serious or critical one.
      const results = await new AxeBuilder({ page }).exclude('iframe').analyze();
      const serious = results.violations.filter(
        (violation) => violation.impact === 'serious' || violation.impact === 'critical',
      );
      expect(
        serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
    });
  }

  test('the French pages keep their language and link to their Arabic twins @desktop', async ({
    page,
  }) => {
    for (const route of PUBLIC_ROUTES) {
      await page.goto(route);
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await expect(page.locator('html')).not.toHaveAttribute('dir', 'rtl');
      expect(await hreflangs(page)).toEqual([
        ['fr', `${SITE}${route}`],
        ['ar', `${SITE}/ar${route}`],
        ['x-default', `${SITE}${route}`],
      ]);
    }
  });

  test('the language switch leads to the same page in the other language and back @desktop', async ({
    page,
  }) => {
    await page.goto(ROUTES.services);
    // In the footer on every width; in the navigation on a laptop, or once the menu is open.
    const toArabic = page.locator('footer [data-language-switch]');
    await expect(toArabic).toHaveText('العربية');
    await expect(toArabic).toHaveAttribute('lang', 'ar');
    await toArabic.click();
    await expect(page).toHaveURL(localizedPath(ROUTES.services, 'ar'));
    await expect(page.locator('[data-site-nav] [data-language-switch]')).toHaveAttribute(
      'lang',
      'fr',
    );
    const toFrench = page.locator('footer [data-language-switch]');
    await expect(toFrench).toHaveText('Français');
    await toFrench.click();
    await expect(page).toHaveURL(ROUTES.services);
  });

  test('the address decides: no redirection by the browser’s language @desktop', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'ar-DZ' });
    const page = await context.newPage();
    await page.goto(ROUTES.home);
    await expect(page).toHaveURL(ROUTES.home);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await context.close();
  });

  test('/ar leads to the Arabic home page; an unknown Arabic address is an Arabic 404 @desktop', async ({
    page,
  }) => {
    await page.goto('/ar');
    await expect(page).toHaveURL(localizedPath(ROUTES.home, 'ar'));
    const response = await page.goto('/ar/page-inconnue');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page).toHaveTitle(/الصفحة غير موجودة/u);
  });

  test('the price cards show the same amounts in dinars as the French page @desktop', async ({
    page,
  }) => {
    const amounts = async (route: string) => {
      await page.goto(route);
      const prices = await page.getByTestId('plan-price').allTextContents();
      return prices.map((price) => price.replace(/\D/g, '') || price);
    };
    const french = await amounts(ROUTES.services);
    const arabic = await amounts(localizedPath(ROUTES.services, 'ar'));
    // The nine cards, and the first plan again at the top of the page.
    expect(french.length).toBeGreaterThanOrEqual(9);
    expect(arabic).toEqual(french);
    // The budget the client chooses: the spec's « ????? », said in words under it.
    const ads = page.locator('.plan-card', { has: page.getByText('?????') });
    await expect(ads.getByTestId('plan-budget')).toHaveText('ميزانية تُحدَّد معكم');
    expect(await isBelow(ads.getByTestId('plan-budget'), ads.getByTestId('plan-price'))).toBe(true);
  });

  test('the contact form sends in Arabic and answers in Arabic @desktop', async ({ page }) => {
    await page.goto(localizedPath(ROUTES.contact, 'ar'));
    const form = page.getByRole('form', { name: 'استمارة الاتصال' });
    await form.getByRole('button', { name: 'إرسال الرسالة' }).click();
    await expect(form.getByText('هذا الحقل إلزامي.').first()).toBeVisible();

    await form.getByLabel(/^الاسم الكامل/u).fill('مخبزة البهجة');
    await form.getByLabel(/^الخدمة/u).selectOption({ label: 'التصميم' });
    await form.getByLabel(/^البريد الإلكتروني/u).fill('amina@example.dz');
    await form.getByLabel(/^رقم الهاتف/u).fill('0550 12 34 56');
    await form.getByLabel(/^الموضوع/u).fill('شعار لمتجري');
    await form
      .getByLabel(/^الرسالة/u)
      .fill(`أرغب في تصميم شعار جديد لمتجري. ${uniqueMessage('ar').subject}`);
    await form.getByRole('button', { name: 'إرسال الرسالة' }).click();
    await expect(popup(page)).toContainText('تم الإرسال!');
    await expect(popup(page)).toContainText('أُرسلت رسالتكم بنجاح! ✅');
    await popup(page).getByRole('button', { name: 'حسنًا' }).click();
    await expect(form.getByLabel(/^الاسم الكامل/u)).toHaveValue('');
  });
});

test.describe('Arabic web font', () => {
  /** The web fonts the page has put to use. */
  const loadedFonts = (page: Page) =>
    page.evaluate(() =>
      [...document.fonts]
        .filter((face) => face.status === 'loaded')
        .map((face) => face.family.replace(/["']/g, '')),
    );

  test('the Arabic pages use the self-hosted Arabic font; the French pages never fetch it @desktop', async ({
    page,
  }) => {
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto(ROUTES.home);
    await expect.poll(() => loadedFonts(page)).toContain('Inter Variable');
    expect(fetched.filter((path) => path.includes('noto-sans-arabic'))).toEqual([]);

    await page.goto(localizedPath(ROUTES.home, 'ar'));
    await expect.poll(() => loadedFonts(page)).toContain('Noto Sans Arabic Variable');
    const arabicFont = fetched.filter((path) => path.includes('noto-sans-arabic'));
    expect(arabicFont).toHaveLength(1);
    expect(arabicFont[0]).toMatch(/^\/assets\//u);
    const family = await page
      .getByRole('heading', { level: 2 })
      .first()
      .evaluate((heading) => getComputedStyle(heading).fontFamily);
    expect(family).toMatch(/^"?Noto Sans Arabic Variable/u);
  });
});

test.describe('Arabic layout and type', () => {
  /**
   * Puts the page's web fonts to use: a page uses those that come within 500 ms of being
   * asked for, and keeps later ones for the next page (site/fonts.ts), so a loaded machine
   * may need the page again, which then finds them in the cache.
   */
  async function withWebFonts(page: Page, route: string) {
    await expect(async () => {
      await page.goto(route);
      await expect
        .poll(
          () =>
            page.evaluate(() =>
              [...document.fonts].some(
                (face) => face.family.includes('Noto Sans Arabic') && face.status === 'loaded',
              ),
            ),
          { timeout: 3000 },
        )
        .toBe(true);
    }).toPass({ timeout: 30_000 });
  }

  /** Arabic text in the page's Arabic font, a Latin run in the Latin text font, nothing else. */
  async function expectArabicFonts(page: Page) {
    const arabicText = [
      '[data-site-nav] .navbar-brand span',
      'main .section-kicker',
      'main .section p:not(.section-kicker)',
      'main label',
      'main button[type="submit"] [data-send-idle]',
      'footer .footer-title',
    ];
    for (const selector of arabicText) {
      await expect
        .poll(() => drawnFonts(page, selector), { message: selector })
        .toEqual(expect.arrayContaining([expect.stringMatching(/^Noto Sans Arabic/)]));
      const fonts = await drawnFonts(page, selector);
      expect(
        fonts.filter((font) => !/^(Noto Sans Arabic|Inter|Outfit)/.test(font)),
        selector,
      ).toEqual([]);
    }
    for (const selector of ['main a[href^="mailto:"]', 'main a[href^="tel:"]']) {
      expect(await drawnFonts(page, selector), selector).toEqual([expect.stringMatching(/^Inter/)]);
    }
  }

  test('every Arabic text is in the Arabic font, Latin runs in the Latin one, before and after the form’s stylesheet', async ({
    page,
  }) => {
    const route = localizedPath(ROUTES.contact, 'ar');
    await withWebFonts(page, route);
    await expectArabicFonts(page);
    // The form brings the full stylesheet when it comes near: nothing may change with it.
    const href = await page.locator('html').getAttribute('data-deferred-stylesheet');
    await page.locator('main form').scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        page.evaluate(
          (address) =>
            [...document.styleSheets].some((sheet) => sheet.href?.endsWith(address ?? '-')),
          href,
        ),
      )
      .toBe(true);
    await expectArabicFonts(page);
  });

  test('Arabic text is an eighth larger than French, with lines 1.7 apart', async ({ page }) => {
    const sizes = async (route: string) => {
      await page.goto(route);
      return page.evaluate(() =>
        [
          '[data-site-nav] .nav-link',
          'main .section-kicker',
          'main .section p:not(.section-kicker)',
        ].map((selector) => {
          const style = getComputedStyle(document.querySelector(selector) ?? document.body);
          return { size: parseFloat(style.fontSize), line: parseFloat(style.lineHeight) };
        }),
      );
    };
    const french = await sizes(ROUTES.contact);
    const arabic = await sizes(localizedPath(ROUTES.contact, 'ar'));
    for (const [i, { size, line }] of arabic.entries()) {
      const ratio = size / (french[i]?.size ?? size);
      expect(ratio).toBeGreaterThanOrEqual(1.1);
      expect(ratio).toBeLessThanOrEqual(1.15);
      expect(line / size).toBeCloseTo(1.7, 1);
    }
  });

  for (const route of [localizedPath(ROUTES.home, 'ar'), localizedPath(ROUTES.services, 'ar')]) {
    test(`${route}: no list is pushed off its place by a padding on its start side`, async ({
      page,
    }) => {
      await page.goto(route);
      const padded = await page
        .locator('ul.list-unstyled, ul.navbar-nav, ol.list-unstyled')
        .evaluateAll((lists) =>
          lists
            .map((list) => ({ list, style: getComputedStyle(list) }))
            .filter(({ style }) => style.paddingRight !== '0px' || style.paddingLeft !== '0px')
            .map(({ list, style }) => `${list.className}: ${style.paddingRight}`),
        );
      expect(padded).toEqual([]);
      // The cards of a centred grid sit as far from both edges of their container.
      const offsets = await page
        .locator('main ul.row.list-unstyled')
        .first()
        .evaluate((list) => {
          const container = list.parentElement?.getBoundingClientRect();
          const box = list.getBoundingClientRect();
          return container
            ? [Math.round(box.left - container.left), Math.round(container.right - box.right)]
            : [];
        });
      expect(Math.abs((offsets[0] ?? 0) - (offsets[1] ?? 1))).toBeLessThanOrEqual(1);
    });
  }

  test(
    'the banner’s caption sits on the right, over the picture turned round',
    { tag: '@desktop' },
    async ({ page }) => {
      const captionSide = async (route: string) => {
        await page.goto(route);
        const caption = page.locator('[data-slide].is-active .slide-caption');
        const box = await caption.boundingBox();
        const width = page.viewportSize()?.width ?? 0;
        return box ? (box.x + box.width / 2 > width / 2 ? 'right' : 'left') : 'none';
      };
      expect(await captionSide(ROUTES.home)).toBe('left');
      expect(await captionSide(localizedPath(ROUTES.home, 'ar'))).toBe('right');
      await expect(page.locator('[data-slide].is-active img')).toHaveCSS('scale', '-1 1');
    },
  );
});
