/**
 * Every folder of the dashboard reachable on a phone (360 to 430 px) without guessing: a bar at
 * the bottom of the screen, five places at most, the folders beyond them behind its last place,
 * « Plus »; every folder on the screen, each opened by a tap, by the keyboard, and named to a
 * screen reader; the bar hides nothing of the page. Axe at each width (screenshots when asked,
 * E2E_SCREENSHOTS=1); at 1366 px the folders stay tabs above the view.
 */
import AxeBuilder from './axe.ts';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { sendMessage, signIn, uniqueMessage } from './fixtures.ts';
import { screenshotIfAsked } from './screenshots.ts';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** What each folder shows once opened (a folder added later is checked by its URL alone). */
const VIEWS: Record<string, (page: Page) => ReturnType<Page['getByRole']>> = {
  'Boîte de réception': (page) => page.getByRole('list', { name: 'Messages reçus' }),
  Indésirables: (page) => page.getByRole('heading', { name: 'Indésirables', level: 2 }),
  Sources: (page) => page.getByRole('heading', { name: 'Sources des contacts' }),
  Devis: (page) => page.locator('.quotes-table, :text("Aucun devis pour le moment.")').first(),
};

/** Where an element is drawn (it must be). */
async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('élément invisible');
  return box;
}

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`);
}

test('on a phone, every folder is on a bar at the bottom of the screen or behind « Plus », opened by a tap @phone', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await sendMessage(request, uniqueMessage('dossiers'));
  await signIn(page);
  const nav = page.getByRole('navigation', { name: 'Dossiers' });
  const more = nav.getByRole('button', { name: /^Plus/u });
  const menu = nav.getByRole('list', { name: 'Autres dossiers' });
  /** A folder behind « Plus », found folded too (then hidden from the accessibility tree). */
  const inMore = (name: string) =>
    nav
      .locator('.folder-more-list')
      .getByRole('link', { name: new RegExp(`^${name}`, 'u'), includeHidden: true });
  // The folders on the bar, then those « Plus » unfolds (once there are more than five).
  const barNames = await nav
    .locator('.folder-nav > .nav-item > a')
    .evaluateAll((links) =>
      links.map((link) => link.getAttribute('aria-label') ?? link.textContent ?? ''),
    )
    .then((texts) => texts.map((text) => text.replace(/\d+$/u, '').trim()));
  const moreNames = await nav
    .locator('.folder-more-list a')
    .evaluateAll((links) => links.map((link) => link.textContent ?? ''))
    .then((texts) => texts.map((text) => text.replace(/\d+$/u, '').trim()));
  expect(barNames.length + (moreNames.length > 0 ? 1 : 0)).toBeLessThanOrEqual(5);
  // The four folders of the first phone bar, whatever came after them, are each somewhere.
  for (const name of Object.keys(VIEWS)) {
    expect(
      [...barNames, ...moreNames].filter((shown) => shown.startsWith(name)),
      name,
    ).toHaveLength(1);
  }

  /** Checks a folder once tapped: marked, in the URL, its view shown, no sideways scroll. */
  async function expectOpened(link: Locator, name: string, width: number) {
    await expect(link).toHaveAttribute('aria-current', 'page');
    const key = new URL((await link.getAttribute('href')) ?? '', 'http://x').searchParams.get(
      'dossier',
    );
    if (key) await expect(page).toHaveURL(new RegExp(`[?&]dossier=${key}`, 'u'));
    else await expect(page).not.toHaveURL(/dossier=/u);
    const view = VIEWS[name];
    if (view) await expect(view(page)).toBeVisible();
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
      ),
      `défilement latéral à ${width} px (${name})`,
    ).toBe(false);
    await screenshotIfAsked(page, { path: test.info().outputPath(`dossier-${name}-${width}.png`) });
  }

  /** On the screen, whole, finger-sized: no folder to guess off-screen. */
  async function expectReachable(link: Locator, name: string, width: number) {
    await expect(link).toBeInViewport({ ratio: 1 });
    const box = await boxOf(link);
    expect(box.height, name).toBeGreaterThanOrEqual(44);
    expect(box.width, name).toBeGreaterThanOrEqual(44);
    // Its name whole, on one line: not cut, not broken inside a word.
    const label = link.locator('.folder-label');
    expect(
      await label.evaluate((element) => element.scrollWidth <= element.clientWidth),
      `${name} entier à ${width} px`,
    ).toBe(true);
    expect((await boxOf(label)).height, name).toBeLessThan(20);
  }

  for (const width of [360, 390, 430]) {
    await page.setViewportSize({ width, height: 800 });
    for (const name of barNames) {
      const link = nav.getByRole('link', { name: new RegExp(`^${name}`, 'u') });
      await expectReachable(link, name, width);
      // At the bottom, within the thumb's reach.
      const box = await boxOf(link);
      expect(box.y + box.height, name).toBeGreaterThan(800 - 80);
      await link.tap();
      await expectOpened(link, name, width);
    }
    for (const name of moreNames) {
      // « Plus », at the bottom too, unfolds the rest above the bar; one tap on a folder opens it.
      await expect(more).toBeInViewport({ ratio: 1 });
      expect((await boxOf(more)).y + (await boxOf(more)).height).toBeGreaterThan(800 - 80);
      await more.tap();
      await expect(more).toHaveAttribute('aria-expanded', 'true');
      const link = menu.getByRole('link', { name: new RegExp(`^${name}`, 'u') });
      await expectReachable(link, name, width);
      await screenshotIfAsked(page, { path: test.info().outputPath(`plus-${name}-${width}.png`) });
      await link.tap();
      await expect(menu).toBeHidden();
      // Folded again, « Plus » says which of its folders is shown.
      await expect(more).toHaveAccessibleName(new RegExp(`^Plus\\s*, ${name}$`, 'u'));
      await expect(more).toHaveAttribute('aria-expanded', 'false');
      await expectOpened(inMore(name), name, width);
    }
    expect(await axeViolations(page), `à ${width} px`).toEqual([]);
  }

  // The bar hides nothing: at the bottom of the inbox, its last line is above the bar.
  await page.setViewportSize({ width: 390, height: 844 });
  await nav.getByRole('link', { name: /^Boîte/u }).tap();
  // (Measured again until the list stops growing: other tests send messages meanwhile.)
  const lastLine = page.locator('.with-folder-bar > :last-child');
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const bar = await boxOf(nav);
      const last = await boxOf(lastLine);
      return last.y + last.height - bar.y;
    })
    .toBeLessThanOrEqual(1);
  await screenshotIfAsked(page, { path: test.info().outputPath('dossiers-bas-390.png') });

  // With the keyboard: each folder of the bar is a link reached by Tab and opened by Enter; a
  // screen reader hears its whole name (« Boîte de réception ») where the bar shows « Boîte ».
  await nav.getByRole('link', { name: 'Boîte de réception' }).focus();
  for (const name of barNames.slice(1)) {
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: new RegExp(`^${name}`, 'u') })).toBeFocused();
  }
  const sources = nav.getByRole('link', { name: 'Sources' });
  await sources.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/dossier=sources/u);
  await expect(sources).toHaveAttribute('aria-current', 'page');
  if (moreNames.length > 0) {
    // « Plus » by the keyboard: Enter unfolds it with the focus on its first folder, Escape
    // folds it and gives the focus back; Enter on a folder opens it.
    await more.focus();
    await page.keyboard.press('Enter');
    const first = menu.getByRole('link', { name: new RegExp(`^${moreNames[0]}`, 'u') });
    await expect(first).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(more).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(first).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
    await expect(inMore(moreNames[0] ?? '')).toHaveAttribute('aria-current', 'page');
    await expect(more).toHaveAccessibleName(new RegExp(`^Plus\\s*, ${moreNames[0]}$`, 'u'));
  }
});

test('on a laptop, the folders are tabs above the view @desktop', async ({ page }) => {
  await signIn(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  const nav = page.getByRole('navigation', { name: 'Dossiers' });
  const heading = page.getByRole('heading', { name: 'Dashboard - Messages Reçus' });
  const box = await boxOf(nav);
  const headingBox = await boxOf(heading);
  // Under the heading, at the top of the page, not fixed at the bottom of the screen.
  expect(box.y).toBeGreaterThan(headingBox.y);
  expect(box.y).toBeLessThan(400);
  await expect(nav.getByRole('link', { name: 'Boîte de réception' })).toHaveText(
    'Boîte de réception',
  );
  await nav.getByRole('link', { name: 'Devis' }).click();
  await expect(page).toHaveURL(/dossier=devis/u);
  await screenshotIfAsked(page, { path: test.info().outputPath('dossiers-1366.png') });
  expect(await axeViolations(page)).toEqual([]);
});
