import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { popup, sendMessage, signIn, uniqueMessage, type TestMessage } from './fixtures.ts';
import { startOwnServer, type Cleanup } from './own-server.ts';

/**
 * Shows only this test's messages. The inbox is shared with the tests running in parallel,
 * and a page shows 50 messages: the search keeps this test's own in sight whatever the others
 * send.
 */
async function searchFor(page: Page, text: string) {
  await page.getByLabel('Rechercher', { exact: true }).fill(text);
}

/** The unread count the header shows, and the inbox's own as the server lists it. */
async function unreadCounts(page: Page) {
  // « 3 non lus », or « Tout est lu ».
  const badge = await page.getByTestId('unread-count').innerText();
  const shown = Number(/\d+/.exec(badge)?.[0] ?? 0);
  const listed = (await (await page.request.get('/api/contacts')).json()) as { read: boolean }[];
  return { shown, actual: listed.filter((message) => !message.read).length };
}

function rowOf(page: Page, message: TestMessage) {
  return page.locator('tbody tr', { hasText: message.fullName });
}

test.describe('inbox: read and unread', { tag: '@desktop' }, () => {
  test('a new message is unread; opening it shows it whole, marks it read; unread again', async ({
    page,
    request,
  }) => {
    const message = uniqueMessage('lecture');
    const id = await sendMessage(request, message);
    await signIn(page);
    const row = page.locator(`tbody tr[data-message-id="${id}"]`);
    await expect(page).toHaveTitle(/^\(\d+\) /);
    await searchFor(page, message.fullName);
    await expect(row).toHaveClass(/message-unread/);
    await expect(row).toContainText('(non lu)');

    await row.getByRole('button', { name: message.fullName }).click();
    const panel = page.getByRole('dialog', { name: message.subject });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText(message.message);
    await expect(panel.getByRole('button', { name: 'Fermer le message' })).toBeFocused();
    await expect(row).toHaveClass(/message-read/);
    // The header counts every unread message, shown or not. Tests running alongside send and
    // read theirs: the count is checked against the server's list, once the two agree.
    await expect
      .poll(async () => {
        const { shown, actual } = await unreadCounts(page);
        return shown === actual;
      })
      .toBe(true);

    await panel.getByRole('button', { name: 'Marquer comme non lu' }).click();
    await expect(row).toHaveClass(/message-unread/);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(row.getByRole('button', { name: message.fullName })).toBeFocused();
  });

  test('the message panel is a modal: Tab stays inside, the page behind is out of reach', async ({
    page,
    request,
  }) => {
    // Twice around every control of the panel, both ways, a check at each step.
    test.slow();
    const message = uniqueMessage('modale');
    await sendMessage(request, message);
    await signIn(page);
    await searchFor(page, message.fullName);
    const opener = rowOf(page, message).getByRole('button', { name: message.fullName });
    await opener.click();
    const panel = page.getByRole('dialog', { name: message.subject });
    await expect(panel.getByRole('button', { name: 'Fermer le message' })).toBeFocused();

    const focusIsInPanel = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return Boolean(active && active !== document.body && active.closest('dialog[open]'));
      });
    // Around the panel's controls twice, both ways: focus never lands on the page behind it.
    const stops = (await panel.locator('a[href], button').count()) * 2;
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let step = 0; step < stops; step += 1) {
        await page.keyboard.press(key);
        // Past the last control, the browser may step out to its own toolbar: never the page.
        const inside = await focusIsInPanel();
        const onPage = await page.evaluate(
          () =>
            document.activeElement !== document.body && !document.activeElement?.closest('dialog'),
        );
        expect(inside || !onPage).toBe(true);
      }
    }
    // What is behind cannot take focus.
    await page.locator('header button', { hasText: 'Logout' }).focus();
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).not.toBe(
      'Logout',
    );

    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('two open dashboards agree on read flags and deletions', async ({
    page,
    browser,
    request,
  }) => {
    // Two browsers, two sign-ins: on a loaded machine this takes longer than one page's test.
    test.slow();
    const message = uniqueMessage('accord');
    const id = await sendMessage(request, message);
    await signIn(page);
    await searchFor(page, message.fullName);
    const other = await (await browser.newContext()).newPage();
    await signIn(other);
    await searchFor(other, message.fullName);
    const rowHere = page.locator(`tbody tr[data-message-id="${id}"]`);
    const rowThere = other.locator(`tbody tr[data-message-id="${id}"]`);
    await expect(rowThere).toHaveClass(/message-unread/);
    await rowHere.getByRole('button', { name: message.fullName }).click();
    await expect(rowThere).toHaveClass(/message-read/);
    await page.keyboard.press('Escape');

    await rowHere.getByRole('checkbox').check();
    await page.getByRole('button', { name: /Supprimer la sélection \(1\)/ }).click();
    await popup(page).getByRole('button', { name: 'Supprimer' }).click();
    await expect(rowHere).toHaveCount(0);
    await expect(rowThere).toHaveCount(0);
    await other.context().close();
  });
});

test.describe('inbox: search, filters and sort', { tag: '@desktop' }, () => {
  test('search ignores accents and case, filters combine, and the URL keeps the view', async ({
    page,
    request,
  }) => {
    const base = uniqueMessage('recherche');
    const tag = base.fullName.replace('Entreprise ', '');
    const accented = {
      ...base,
      fullName: `Épicerie Aïn Témouchent ${tag}`,
      service: 'Design',
    } as const;
    const plain = {
      ...uniqueMessage('recherche'),
      subject: `Café ${tag}`,
      service: 'Audiovisuel',
    } as const;
    await sendMessage(request, accented);
    await sendMessage(request, plain);
    await signIn(page);

    await searchFor(page, `EPICERIE AIN TEMOUCHENT ${tag.toUpperCase()}`);
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expect(rowOf(page, accented)).toBeVisible();

    await searchFor(page, tag);
    await expect(page.locator('tbody tr')).toHaveCount(2);
    await page.getByLabel('Service').selectOption('Audiovisuel');
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expect(page.locator('tbody tr')).toContainText(`Café ${tag}`);
    await page.getByLabel('Service').selectOption('');

    await page.getByLabel('Trier par date').selectOption('oldest');
    await expect(page.locator('tbody tr').first()).toContainText(accented.fullName);
    await expect(page).toHaveURL(/tri=anciens/);

    // A reload (or the link sent to someone) shows the same view.
    await page.reload();
    await expect(page.getByLabel('Rechercher', { exact: true })).toHaveValue(tag);
    await expect(page.getByLabel('Trier par date')).toHaveValue('oldest');
    await expect(page.locator('tbody tr')).toHaveCount(2);
    await expect(page.locator('tbody tr').first()).toContainText(accented.fullName);

    // A date range that excludes today empties the list.
    await page.getByLabel('Au', { exact: true }).fill('2020-01-01');
    await expect(page.getByText('Aucun message ne correspond à la recherche.')).toBeVisible();
    await page.getByRole('button', { name: 'Effacer la recherche et les filtres' }).click();
    await expect(page).toHaveURL(/\/pageDashboard$/);
  });
});

test.describe('inbox: delete, reply, export', { tag: '@desktop' }, () => {
  test('deleting asks first; cancelling keeps the message', async ({ page, request }) => {
    const message = uniqueMessage('suppression');
    await sendMessage(request, message);
    await signIn(page);
    await searchFor(page, message.fullName);
    await rowOf(page, message).getByRole('button', { name: message.fullName }).click();
    const panel = page.getByRole('dialog', { name: message.subject });
    await panel.getByRole('button', { name: 'Supprimer' }).click();
    await expect(popup(page).locator('.swal2-title')).toHaveText('Supprimer ce message ?');
    await popup(page).getByRole('button', { name: 'Annuler' }).click();
    // The popup shows inside the panel (the page behind a modal dialog is out of reach).
    await expect(popup(page)).toBeHidden();
    await expect(panel).toBeVisible();
    await expect(rowOf(page, message)).toHaveCount(1);

    await panel.getByRole('button', { name: 'Supprimer' }).click();
    await popup(page).getByRole('button', { name: 'Supprimer' }).click();
    await expect(panel).toBeHidden();
    await expect(rowOf(page, message)).toHaveCount(0);
  });

  test('reply shortcuts: e-mail with « Re: », phone and WhatsApp in +213', async ({
    page,
    request,
  }) => {
    const message = uniqueMessage('reponse');
    await sendMessage(request, message);
    await signIn(page);
    await searchFor(page, message.fullName);
    await rowOf(page, message).getByRole('button', { name: message.fullName }).click();
    const panel = page.getByRole('dialog', { name: message.subject });
    await expect(panel.getByRole('link', { name: 'Répondre par e-mail' })).toHaveAttribute(
      'href',
      `mailto:${message.email.replace('+', '%2B')}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`,
    );
    await expect(panel.getByRole('link', { name: 'Appeler' })).toHaveAttribute(
      'href',
      'tel:+213550123456',
    );
    await expect(panel.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/213550123456',
    );
  });

  test('exports what is shown as a CSV for French spreadsheets', async ({ page, request }) => {
    const message = { ...uniqueMessage('export'), subject: '=SOMME(A1:A2) devis' };
    await sendMessage(request, message);
    await signIn(page);
    await searchFor(page, message.fullName);
    await expect(page.locator('tbody tr')).toHaveCount(1);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter en CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^messages-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile(await file.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe(
      '"#";"Nom Complet";"Service";"Email";"Téléphone";"Sujet";"Message";"Date d\'Enregistrement";"Statut";"Langue";"Suivi";"Suivi depuis le";"Relancer le";"Valeur estimée (DZD)";"Page";"Site référent";"utm_source";"utm_medium";"utm_campaign";"Source"',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"${message.fullName}"`);
    expect(lines[1]).toContain('"0550 12 34 56"');
    expect(lines[1]).toContain(`"'=SOMME(A1:A2) devis"`);
    expect(lines[1]).toMatch(/"\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}"/);
    // A lead never worked on: « Nouveau » since its reception, no next action, no value; sent
    // to the API, not from a page: no provenance, its source « Non enregistrée ».
    expect(lines[1]).toMatch(
      /;"Non lu";"FR";"Nouveau";"\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}";"";"";"";"";"";"";"";"Non enregistrée"$/,
    );
  });
});

test.describe('inbox: notifications and large lists', { tag: '@desktop' }, () => {
  // Run after each test, even one stopped by its timeout (a `finally` in the test would not be).
  const ownServerCleanups: Cleanup[] = [];
  test.afterEach(async () => {
    for (const cleanup of ownServerCleanups.splice(0).reverse()) await cleanup();
  });

  test('without push, notifies a new message while the tab is hidden, once the owner opted in', async ({
    page,
    request,
  }) => {
    await page.addInitScript(() => {
      const shown: string[] = [];
      class FakeNotification {
        static permission = 'default';
        static async requestPermission() {
          FakeNotification.permission = 'granted';
          return 'granted';
        }
        onclick: (() => void) | null = null;
        constructor(title: string) {
          shown.push(title);
        }
        close() {}
      }
      Object.assign(window, { Notification: FakeNotification, __shown: shown });
      // A browser without the Push API keeps the tab's own notifications.
      Reflect.deleteProperty(window, 'PushManager');
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => ((window as { __hidden?: boolean }).__hidden ? 'hidden' : 'visible'),
      });
    });
    await signIn(page);
    await page.getByRole('button', { name: 'Activer les notifications' }).click();
    await expect(page.getByRole('button', { name: 'Couper les notifications' })).toBeVisible();
    await expect(page.getByTestId('inbox-status')).toHaveText('En direct');

    const seen = uniqueMessage('visible');
    await sendMessage(request, seen);
    await expect(rowOf(page, seen)).toBeVisible();
    await page.evaluate(() => Object.assign(window, { __hidden: true }));
    const message = uniqueMessage('notification');
    await sendMessage(request, message);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __shown: string[] }).__shown))
      .toContain(`Nouveau message de ${message.fullName}`);
    const shown = await page.evaluate(() => (window as unknown as { __shown: string[] }).__shown);
    expect(shown).not.toContain(`Nouveau message de ${seen.fullName}`);
  });

  test('pages through the list, 50 rows at a time, with an accessible pager', async ({
    page,
    request,
  }) => {
    // On a server of its own: 51 new messages on the shared one would push the messages of the
    // tests running beside this one to the second page, out of their sight.
    const server = await startOwnServer((cleanup) => ownServerCleanups.push(cleanup));
    await Promise.all(
      Array.from({ length: 51 }, () => sendMessage(request, uniqueMessage('page'), server.url)),
    );
    await signIn(page, server.url);
    await expect(page.locator('tbody tr')).toHaveCount(50);
    const pager = page.getByRole('navigation', { name: 'Pages des messages' });
    await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await pager.getByRole('button', { name: 'Suivante' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expect(page.locator('tbody tr th').first()).toContainText('51');
  });
});
