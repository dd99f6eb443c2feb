/**
 * The owner's app brings each part's code when it is opened (issue 48): the sign-in fetches the
 * inbox's code only, not the quotes' editor, the invoices, « Réglages » or the printable pages;
 * a folder whose code is still on its way says so in French (never a blank screen), and one
 * whose code cannot come says so too, with « Recharger la page ». Screenshots of the waiting and
 * the shown folder when asked (E2E_SCREENSHOTS=1).
 */
import { expect, test, type Route } from '@playwright/test';
import { sendMessage, signIn, uniqueMessage } from './fixtures.ts';
import { screenshotIfAsked } from './screenshots.ts';

test.setTimeout(120_000);

/**
 * Which code comes when does not depend on the width: the laptop's, where « Devis » is a tab (on
 * a phone it is under « Plus », phone-folders.spec.ts).
 */
const LAPTOP = { tag: '@desktop' };

/** The chunks of the parts that are not the inbox, by the name the build gives their file. */
const LATER_PARTS =
  /\/assets\/(lead-quotes|quote-editor|quotes-view|invoices-view|settings-view|quote-print-page|invoice-print-page)-[\w-]+\.js$/;

test(
  'the sign-in fetches the inbox’s code, not the quotes’, invoices’ or settings’',
  LAPTOP,
  async ({ page }) => {
    await sendMessage(page.request, uniqueMessage('parts'));
    // The page stamps its first row; what it fetched before is the sign-in's code (the idle
    // prefetch of the other parts comes after, by design).
    await page.addInitScript({
      content: `new MutationObserver((_changes, observer) => {
      if (!document.querySelector('[data-message-id]')) return;
      window.__firstRows = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });`,
    });
    await signIn(page);
    await expect(page.locator('[data-message-id]').first()).toBeVisible({ timeout: 30_000 });
    const before = (await page.evaluate(`performance
    .getEntriesByType('resource')
    .filter((entry) => entry.startTime < window.__firstRows)
    .map((entry) => new URL(entry.name).pathname)`)) as string[];
    expect(before.some((file) => /\/assets\/dashboard-page-[\w-]+\.js$/.test(file))).toBe(true);
    expect(before.filter((file) => LATER_PARTS.test(file))).toEqual([]);
    // They are parts of their own, which come when asked.
    await page
      .getByRole('navigation', { name: 'Dossiers' })
      .getByRole('link', { name: 'Devis' })
      .click();
    await expect(
      page.getByText('Aucun devis pour le moment.').or(page.getByTestId('quote-row').first()),
    ).toBeVisible({ timeout: 30_000 });
    const all = (await page.evaluate(`performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name).pathname)`)) as string[];
    expect(all.some((file) => /\/assets\/quotes-view-[\w-]+\.js$/.test(file))).toBe(true);
  },
);

test(
  '« Devis » says « Chargement des devis… » while its code comes, then shows the folder',
  LAPTOP,
  async ({ page }) => {
    let release: () => void = () => {};
    const arrived = new Promise<void>((resolve) => (release = resolve));
    const held = (route: Route) => arrived.then(() => route.continue());
    await page.route(/\/assets\/quotes-view-[\w-]+\.js$/, held);
    await signIn(page);
    await page
      .getByRole('navigation', { name: 'Dossiers' })
      .getByRole('link', { name: 'Devis' })
      .click();
    const waiting = page.getByRole('status').filter({ hasText: 'Chargement des devis…' });
    await expect(waiting).toBeVisible();
    await screenshotIfAsked(page, {
      path: test.info().outputPath('lazy-devis-chargement-1366.png'),
    });
    release();
    await expect(
      page.getByText('Aucun devis pour le moment.').or(page.getByTestId('quote-row').first()),
    ).toBeVisible({ timeout: 30_000 });
    await expect(waiting).toHaveCount(0);
    await screenshotIfAsked(page, { path: test.info().outputPath('lazy-devis-affiche-1366.png') });
  },
);

test(
  'a folder whose code cannot come says so, with « Recharger la page »',
  LAPTOP,
  async ({ page }) => {
    await page.route(/\/assets\/invoices-view-[\w-]+\.js$/, (route) => route.abort());
    await signIn(page);
    await page
      .getByRole('navigation', { name: 'Dossiers' })
      .getByRole('link', { name: 'Factures' })
      .click();
    await expect(page.getByRole('alert')).toContainText(
      'Cette partie de l’application n’a pas pu être chargée.',
    );
    await screenshotIfAsked(page, { path: test.info().outputPath('lazy-factures-echec-1366.png') });
    // The rest of the dashboard still works: back to the inbox.
    await page
      .getByRole('navigation', { name: 'Dossiers' })
      .getByRole('link', { name: /Boîte de réception/ })
      .click();
    await expect(page.getByRole('heading', { name: 'Dashboard - Messages Reçus' })).toBeVisible();
  },
);
