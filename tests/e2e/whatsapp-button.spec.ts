/**
 * The public pages' WhatsApp button (docs/inbox.md, « Les contacts par WhatsApp »): on every
 * page, in French and in Arabic, a plain link named for screen readers and reached by the
 * keyboard, that opens the agency's chat through the first-party redirect with a message naming
 * the page, or the plan and its price on a price card; it works without JavaScript and sets no
 * cookie. Axe and screenshots at 390 and 1366 px. (Its count in « Sources »: lead-sources.spec.ts.)
 */
import AxeBuilder from './axe.ts';
import { expect, test, type BrowserContext } from '@playwright/test';
import { localizedPath, PUBLIC_ROUTES } from '../../shared/domain/routes.ts';
import { formatPriceDzd } from '../../src-web/content/format.ts';
import { screenshotIfAsked } from './screenshots.ts';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const CHAT = 'https://wa.me/213550123456';

/** The chat the browser was sent to (offline here: the request is enough), its text decoded. */
async function chatOpenedBy(context: BrowserContext, tap: () => Promise<unknown>) {
  const request = context.waitForEvent('request', (each) => each.url().startsWith(CHAT));
  const tab = context.waitForEvent('page');
  await tap();
  const url = new URL((await request).url());
  // The chat's tab (offline here) is closed once its address is known.
  await (await tab).close();
  return { chat: `${url.origin}${url.pathname}`, text: url.searchParams.get('text') };
}

test('a price card’s WhatsApp link names the plan and its price, in French and in Arabic @desktop', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.goto('/pageServices');
  const link = page.getByRole('link', { name: 'Demander sur WhatsApp : Site dynamique' });
  await expect(link).toBeVisible();
  const opened = await chatOpenedBy(context, () => link.click());
  expect(opened).toEqual({
    chat: CHAT,
    text: `Bonjour, je suis intéressé par l’offre Site dynamique (${formatPriceDzd(32000)}).`,
  });
  expect(await context.cookies(), 'no cookie for the visitor').toEqual([]);

  await page.goto('/ar/pageServices');
  const arabic = page.getByRole('link', { name: /^اسألوا عبر واتساب: .+$/ }).nth(1);
  const title = await page.locator('.plan-grid h3').nth(1).textContent();
  const openedAr = await chatOpenedBy(context, () => arabic.click());
  expect(openedAr.text).toMatch(new RegExp(`^مرحبًا، أنا مهتم بعرض ${title} \\(.+\\)\\.$`));
});

test('every public page has the button, named, reached by the keyboard, in both languages', async ({
  page,
  context,
}) => {
  test.setTimeout(300_000);
  const pages = PUBLIC_ROUTES.flatMap((route) => [route, localizedPath(route, 'ar')]);
  for (const path of pages) {
    await page.goto(path);
    const arabic = path.startsWith('/ar/');
    const button = page.getByRole('link', {
      name: arabic ? 'راسلوا الوكالة عبر واتساب' : 'Écrire à l’agence sur WhatsApp',
    });
    await expect(button, path).toBeVisible();
    await expect(button, path).toHaveAttribute('href', /^\/go\/whatsapp\?/);
    // On the side where a line ends: right in French, left in Arabic.
    const box = await button.boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    if (arabic) expect(box?.x ?? 0, path).toBeLessThan(width / 2);
    else expect((box?.x ?? 0) + (box?.width ?? 0), path).toBeGreaterThan(width / 2);
  }
  // The home page's: its message names the page, and Tab reaches it.
  await page.goto('/pageAccueil');
  const button = page.getByRole('link', { name: 'Écrire à l’agence sur WhatsApp' });
  let reached = false;
  for (let step = 0; step < 80 && !reached; step += 1) {
    await page.keyboard.press('Tab');
    reached = await button.evaluate((element) => element === document.activeElement);
  }
  expect(reached, 'Tab reaches the WhatsApp button').toBe(true);
  const opened = await chatOpenedBy(context, () => page.keyboard.press('Enter'));
  expect(opened.text).toBe('Bonjour, je vous écris depuis la page « Accueil » de votre site.');
});

test('the button works without JavaScript @desktop', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto('/ar/pageContact');
    const opened = await chatOpenedBy(context, () =>
      page.getByRole('link', { name: 'راسلوا الوكالة عبر واتساب' }).click(),
    );
    expect(opened).toEqual({
      chat: CHAT,
      text: 'مرحبًا، أكتب إليكم من صفحة «اتصلوا بنا» في موقعكم.',
    });
  } finally {
    await context.close();
  }
});

test('screenshots and axe at 390 and 1366 px, French and Arabic @desktop', async ({ page }) => {
  test.setTimeout(120_000);
  for (const path of ['/pageServices', '/ar/pageServices']) {
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.goto(path);
      await page.locator('#tarifs').scrollIntoViewIfNeeded();
      await screenshotIfAsked(page, {
        path: test.info().outputPath(`whatsapp${path.replaceAll('/', '-')}-${width}.png`),
      });
      const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
      expect(
        results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`),
        `${path} à ${width} px`,
      ).toEqual([]);
    }
  }
});
