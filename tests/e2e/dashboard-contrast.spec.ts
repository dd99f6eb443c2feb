/**
 * Every state of the private screens a user can see passes axe's WCAG 2 A and AA rules (its
 * colour contrast among them), at 390 and 1366 px: the login and its errors, the empty inbox,
 * unread and read messages, an open message, the filters, the deletion's confirmation, and the
 * notifications' health in each of its states (working, failing with e-mails waiting, given up)
 * with « Envoyer un e-mail de test » enabled and disabled. Disabled controls are exempt from
 * the contrast rule in WCAG, but the owner must still read them: they are held to 4.5:1 too.
 *
 * Each test against a server of its own, so that the two workers share the file's audits: for
 * the notifications, its SMTP server (a real one, tests/fixtures) is down at first, then
 * started; the give-up after 3 days of errors is reached by ageing the waiting e-mail in the
 * server's SQLite file, as 3 days would.
 */
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import AxeBuilder from './axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { smtpStandIn, type SmtpStandIn } from '../fixtures/smtp-stand-in.ts';
import { E2E_ADMIN, popup, sendMessage, signIn, uniqueMessage } from './fixtures.ts';
import { startOwnServer, type Cleanup, type OwnServer } from './own-server.ts';
import { screenshotIfAsked } from './screenshots.ts';

const cleanups: Cleanup[] = [];

const WIDTHS = [390, 1366] as const;
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * A server of the test's own, e-mailing each message to the owner through `smtp` (down until
 * the test starts it); `dataDir` is its data folder.
 */
async function ownServer(): Promise<{ server: OwnServer; smtp: SmtpStandIn; dataDir: string }> {
  const smtp = await smtpStandIn((cleanup) => cleanups.push(cleanup));
  let dataDir = '';
  const server = await startOwnServer(
    (cleanup) => cleanups.push(cleanup),
    (dir) => {
      dataDir = dir;
      return {
        SMTP_URL: smtp.url(),
        NOTIFY_EMAIL: 'patron@agence.test',
        PUBLIC_URL: 'https://www.agence.test',
      };
    },
  );
  return { server, smtp, dataDir };
}

test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function setWidth(page: Page, width: number) {
  return page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
}

/** Contrast ratio of WCAG 2 between two sRGB colours (0–255). */
function contrast(a: number[], b: number[]): number {
  const luminance = (rgb: number[]) => {
    const [r = 0, g = 0, b = 0] = rgb.map((value) => {
      const channel = value / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/**
 * The text and background colours a disabled control (or its label) is seen in: its colour over its own
 * background over the first opaque one behind it, the whole faded by its opacity.
 */
async function disabledControlColours(page: Page) {
  // The text of a disabled control: its own (a button's, a field's value), or its label's (a
  // box to tick is a shape, not text).
  const texts =
    'button:disabled, select:disabled, input:disabled:not([type="checkbox"], [type="radio"])';
  return page.locator(texts).evaluateAll((controls) =>
    [
      ...controls,
      ...[...document.querySelectorAll<HTMLInputElement>('input:disabled')].flatMap((input) => [
        ...(input.labels ?? []),
      ]),
    ]
      // What a modal popup covers is out of reach (aria-hidden), and seen through its backdrop.
      .filter((element) => element.checkVisibility() && !element.closest('[aria-hidden="true"]'))
      .map((element) => {
        const rgba = (text: string) => {
          const parts = /rgba?\(([^)]+)\)/
            .exec(text)?.[1]
            ?.split(/[,\s/]+/)
            .filter(Boolean);
          const [r = 0, g = 0, b = 0, a = 1] = (parts ?? []).map(Number);
          return { rgb: [r, g, b], alpha: parts && parts.length > 3 ? a : 1 };
        };
        const over = (top: { rgb: number[]; alpha: number }, under: number[]) =>
          top.rgb.map(
            (value, index) => value * top.alpha + (under[index] ?? 255) * (1 - top.alpha),
          );
        // What is behind: the ancestors' backgrounds, painted from the page up.
        const layers: { rgb: number[]; alpha: number }[] = [];
        let opacity = 1;
        for (let node = element.parentElement; node; node = node.parentElement) {
          const style = getComputedStyle(node);
          layers.unshift(rgba(style.backgroundColor));
          opacity *= Number(style.opacity);
        }
        const behind = layers.reduce((under, layer) => over(layer, under), [255, 255, 255]);
        const style = getComputedStyle(element);
        const own = Number(style.opacity) * opacity;
        const background = over(rgba(style.backgroundColor), behind);
        const text = over(rgba(style.color), background);
        const fade = (colour: number[]) =>
          colour.map((value, index) => value * own + (behind[index] ?? 255) * (1 - own));
        return {
          name: (element.textContent ?? '').trim() || element.getAttribute('aria-label') || '',
          text: fade(text),
          background: fade(background),
        };
      }),
  );
}

/**
 * The page as it is now, at both widths (`prepare` puts it back in the state after the width
 * changed, where a width shows it differently): no WCAG A/AA violation, disabled controls
 * legible.
 */
async function expectReadable(
  page: Page,
  state: string,
  prepare: (width: number) => Promise<void> = async () => undefined,
  screenshot?: string,
) {
  for (const width of WIDTHS) {
    await setWidth(page, width);
    await prepare(width);
    if (screenshot) {
      await screenshotIfAsked(page, { path: test.info().outputPath(`${screenshot}-${width}.png`) });
    }
    // A popup fades in: its colours are judged once it has (spinners turn for ever).
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
    // Soft: one run lists every state that fails, not only the first.
    expect
      .soft(
        results.violations.map(
          (violation) =>
            `${violation.id}: ${violation.nodes
              .map((node) => `${node.target.join(' ')} (${node.failureSummary ?? ''})`)
              .join(' | ')}`,
        ),
        `${state}, à ${width} px`,
      )
      .toEqual([]);
    const disabled = await disabledControlColours(page);
    expect
      .soft(
        disabled
          .map(({ name, text, background }) => ({
            name,
            ratio: Math.round(contrast(text, background) * 100) / 100,
          }))
          .filter(({ ratio }) => ratio < 4.5),
        `contrôles désactivés illisibles : ${state}, à ${width} px`,
      )
      .toEqual([]);
  }
}

async function emailStatus(page: Page, server: OwnServer) {
  const answer = await page.request.get(`${server.url}/api/notifications`);
  return (
    (await answer.json()) as {
      email: { lastError: string | null; pending: number; failed: number };
    }
  ).email;
}

const testButton = (page: Page) => page.getByRole('button', { name: 'Envoyer un e-mail de test' });
const banner = (page: Page) => page.getByTestId('owner-notifications');

test(
  'the inbox, from empty to given-up e-mails, and its notification settings',
  { tag: '@desktop' },
  async ({ page }) => {
    // Two widths of five states, and the SMTP server's failures: minutes on a loaded machine
    // (3 min at load 15, each audit 10 to 20 s).
    test.setTimeout(240_000);
    const { server, smtp, dataDir } = await ownServer();
    await signIn(page, server.url);
    await expect(page.getByText('Aucun message reçu pour le moment.')).toBeVisible();
    // E-mail set up and never failed: the settings line with the test button, enabled.
    await expect(banner(page)).toContainText(
      'Chaque message est envoyé par e-mail à patron@agence.test.',
    );
    await expect(testButton(page)).toBeEnabled();
    await expect(
      page.getByRole('button', { name: 'Recevoir les notifications sur cet appareil' }),
    ).toBeVisible();
    await expectReadable(page, 'boîte vide, notifications en ordre', undefined, 'boite-vide');

    // A message arrives; the SMTP server is down: the warning, the e-mail waiting.
    const first = uniqueMessage('contraste-1');
    const second = uniqueMessage('contraste-2');
    const firstId = await sendMessage(page.request, first, server.url);
    await sendMessage(page.request, second, server.url);
    await expect
      .poll(async () => (await emailStatus(page, server)).lastError, { timeout: 30_000 })
      .not.toBeNull();
    await page.reload();
    const warning = page.getByRole('alert').filter({ hasText: 'ne partent plus' });
    await expect(warning).toContainText('attendent : nouvel essai automatique');
    await expect(warning.getByRole('button', { name: 'Envoyer un e-mail de test' })).toBeEnabled();
    await expectReadable(page, 'messages non lus, e-mails en échec');

    // The test e-mail fails too; the button waits before another.
    await testButton(page).click();
    await expect(page.getByRole('status').filter({ hasText: 'n’est pas parti' })).toBeVisible();
    await expect(testButton(page)).toBeDisabled();
    await expectReadable(
      page,
      'e-mail de test refusé, bouton désactivé',
      undefined,
      'notifications-en-echec',
    );

    // Three days of errors later, the first message's e-mail is given up on.
    const db = new DatabaseSync(path.join(dataDir, 'agence.sqlite'));
    try {
      db.exec('PRAGMA busy_timeout = 10000');
      db.prepare(
        `UPDATE notification_outbox SET created_at_ms = created_at_ms - ?, next_attempt_at_ms = 0
         WHERE contact_id = ? AND channel = 'email' AND state = 'pending'`,
      ).run(4 * 24 * 3600_000, firstId);
    } finally {
      db.close();
    }
    // A new message wakes the worker, which tries what is due.
    await sendMessage(page.request, uniqueMessage('contraste-3'), server.url);
    await expect
      .poll(async () => (await emailStatus(page, server)).failed, { timeout: 30_000 })
      .toBe(1);
    await page.reload();
    await expect(page.getByRole('alert').filter({ hasText: 'abandonné' })).toBeVisible();
    await expectReadable(page, 'e-mail abandonné');

    // The SMTP server is back: the test e-mail goes, the warning goes, the button waits.
    await smtp.start();
    await expect(testButton(page)).toBeEnabled({ timeout: 15_000 });
    await testButton(page).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'E-mail de test envoyé' }),
    ).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'ne partent plus' })).toHaveCount(0);
    await expect(testButton(page)).toBeDisabled();
    await expectReadable(page, 'e-mail de test envoyé, bouton désactivé', undefined, 'test-envoye');
  },
);

test(
  'the inbox with messages: one opened, read among unread ones, the filters, a search, a deletion',
  { tag: '@desktop' },
  async ({ page }) => {
    // Two widths of five states: 3 min at load 15, each audit 10 to 20 s.
    test.setTimeout(240_000);
    const { server, smtp } = await ownServer();
    await smtp.start();
    await signIn(page, server.url);
    const first = uniqueMessage('contraste-1');
    const second = uniqueMessage('contraste-2');
    const firstId = await sendMessage(page.request, first, server.url);
    await sendMessage(page.request, second, server.url);
    await setWidth(page, 1366);

    // A message opened, then read among unread ones.
    const row = (width: number) =>
      width < 1200
        ? page.locator(`li[data-message-id="${firstId}"]`).getByRole('button')
        : page
            .locator(`tr[data-message-id="${firstId}"]`)
            .getByRole('button', { name: first.fullName });
    await row(1366).click();
    const panel = page.getByRole('dialog', { name: first.subject });
    await expect(panel).toBeVisible();
    await expectReadable(page, 'message ouvert');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expectReadable(page, 'messages lus et non lus', async (width) => {
      await expect(row(width)).toBeVisible();
    });

    // The filters, unfolded on a phone, and a search that finds nothing.
    await expectReadable(page, 'filtres', async (width) => {
      if (width < 1200) {
        const toggle = page.getByRole('button', { name: /^Filtres/ });
        if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
      }
      await page.getByLabel('Service', { exact: true }).selectOption('Design');
      await expect(page).toHaveURL(/service=/);
    });
    await page.getByLabel('Rechercher', { exact: true }).fill('aucun message ne dit cela');
    await expect(page.getByText('Aucun message ne correspond à la recherche.')).toBeVisible();
    await expectReadable(page, 'recherche sans résultat');
    await page.getByRole('button', { name: 'Effacer la recherche et les filtres' }).click();

    // The deletion's confirmation.
    await expectReadable(page, 'confirmation de suppression', async (width) => {
      if (await popup(page).isVisible()) {
        await popup(page).getByRole('button', { name: 'Annuler' }).click();
        await expect(popup(page)).toBeHidden();
      }
      const select = page.getByRole('checkbox', {
        name: `Sélectionner le message de ${second.fullName}`,
      });
      if (!(await select.isChecked())) await select.check({ force: width < 1200 });
      await page.getByRole('button', { name: /Supprimer la sélection/ }).click();
      await expect(popup(page).locator('.swal2-title')).toHaveText('Supprimer ce message ?');
    });
  },
);

test('the login and its errors', { tag: '@desktop' }, async ({ page }) => {
  // Eight audits: longer than a test's 30 s on a loaded machine.
  test.setTimeout(180_000);
  const { server } = await ownServer();
  await page.goto(`${server.url}/pageLogin`);
  await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
  await expectReadable(page, 'connexion');

  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.locator('.invalid-feedback').first()).toBeVisible();
  await expectReadable(page, 'champs obligatoires');

  await page.getByLabel('E-mail').fill(E2E_ADMIN.email);
  await page.getByLabel('Mot de passe').fill('pas le bon mot de passe');
  await page.getByRole('button', { name: 'Login' }).click();
  // A wrong password is hashed as a right one would be: seconds on a loaded machine.
  await expect(popup(page).locator('.swal2-title')).toHaveText('Invalid Credentials', {
    timeout: 30_000,
  });
  await expectReadable(page, '« Invalid Credentials »');
  await popup(page).getByRole('button').click();

  // The server out of reach: « Connexion impossible ».
  await page.route('**/api/session', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(popup(page).locator('.swal2-title')).toHaveText('Connexion impossible');
  await expectReadable(page, '« Connexion impossible »');
  await page.unroute('**/api/session');
});
