/**
 * What the owner sees of the inbox on a laptop (1280 and 1366 px) and on a phone (360 to
 * 430 px), with messages as long as real ones. The tests tagged @desktop run in the desktop
 * project only, the ones tagged @phone in the phone project only (playwright.config.ts).
 */
import AxeBuilder from './axe.ts';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  expectAboveEarlierMessages,
  popup,
  sendMessage,
  shownWhileLive,
  signIn,
  uniqueMessage,
  type TestMessage,
} from './fixtures.ts';

/** A message as long as the ones the owner really gets, unique to this test. */
function longMessage(label: string): TestMessage {
  const tag = uniqueMessage(label).fullName.replace('Entreprise ', '');
  return uniqueMessage(label, {
    fullName: `Société Agroalimentaire de l’Ouest Algérien ${tag}`,
    service: 'Gestion des comptes',
    email: `direction.commerciale.${tag}@groupe-industriel-oranais-agroalimentaire.dz`,
    subject: `Refonte de notre site vitrine et application mobile de commande pour nos distributeurs ${tag}`,
    message:
      'Bonjour,\n\nNous sommes un groupe agroalimentaire implanté à Oran, Sidi Bel Abbès et ' +
      'Tlemcen, avec plus de 250 employés et un réseau de 40 distributeurs dans tout l’Ouest ' +
      'algérien. Nous souhaitons refondre entièrement notre site vitrine et créer une ' +
      'application mobile Android et iPhone pour les commandes de nos distributeurs.\n\n' +
      `Pourriez-vous nous proposer un devis détaillé et un calendrier ? ${tag}\n\nCordialement`,
  });
}

/** Whether the page is wider than the screen: it would pan sideways under a finger. */
function scrollsSideways(page: Page) {
  return page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
}

/** Height and width of what a finger touches. */
async function touchSize(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('élément invisible');
  return { width: Math.round(box.width), height: Math.round(box.height) };
}

async function expectTouchTarget(locator: Locator) {
  const size = await touchSize(locator);
  expect(size.height, 'hauteur tactile').toBeGreaterThanOrEqual(44);
  expect(size.width, 'largeur tactile').toBeGreaterThanOrEqual(44);
}

async function expectNoSeriousAxeViolation(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test.describe('inbox on a laptop', { tag: '@desktop' }, () => {
  test('every column stays on screen at 1280 and 1366 px; long values end with an ellipsis, whole in their tooltip; a row keeps to three lines', async ({
    page,
    request,
  }) => {
    const message = longMessage('portable');
    const id = await sendMessage(request, message);
    await signIn(page);
    const row = page.locator(`tbody tr[data-message-id="${id}"]`);

    for (const width of [1280, 1366]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(row).toBeVisible();
      expect(await scrollsSideways(page)).toBe(false);

      // Every header, whole and on screen; the table does not scroll inside its box either.
      const headers = page.locator('table thead th');
      await expect(headers).toHaveCount(8);
      for (const header of await headers.all()) {
        await expect(header).toBeInViewport({ ratio: 1 });
        expect(await header.evaluate((th) => th.scrollWidth <= th.clientWidth)).toBe(true);
      }
      const table = page.locator('.table-responsive');
      expect(await table.evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(true);

      // The e-mail is cut with an ellipsis; its tooltip and the panel hold all of it.
      const email = row.getByRole('link', { name: message.email });
      expect(
        await email.evaluate(
          (link) =>
            getComputedStyle(link).textOverflow === 'ellipsis' &&
            link.scrollWidth > link.clientWidth,
        ),
      ).toBe(true);
      // Whatever is cut has a tooltip with all of it.
      const titled = await row.locator('[title]').evaluateAll((elements) =>
        elements.map((element) => ({
          title: element.getAttribute('title'),
          cut:
            element.scrollWidth > element.clientWidth ||
            element.scrollHeight > element.clientHeight,
        })),
      );
      expect(titled).toEqual(
        expect.arrayContaining(
          [message.fullName, message.email, message.subject, message.message].map((title) => ({
            title,
            cut: true,
          })),
        ),
      );

      // Three lines of the table's text, with the cell's padding.
      const { height, limit } = await row.evaluate((tr) => {
        const cell = getComputedStyle(tr.querySelector('td') as Element);
        const line = Number.parseFloat(cell.lineHeight);
        const padding = Number.parseFloat(cell.paddingTop) + Number.parseFloat(cell.paddingBottom);
        return { height: tr.getBoundingClientRect().height, limit: 3 * line + padding + 2 };
      });
      expect(height).toBeLessThanOrEqual(limit);
    }

    await row.getByRole('button', { name: message.fullName }).click();
    const panel = page.getByRole('dialog', { name: message.subject });
    await expect(panel).toContainText(message.email);
    await expect(panel.locator('.message-full-text')).toHaveText(message.message);
    await expectNoSeriousAxeViolation(page);
  });
});

test.describe('inbox on a phone', { tag: '@phone' }, () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('each message is an item: name, service, subject, start of the message, date, unread mark; opened, it is read', async ({
    page,
    request,
  }) => {
    await signIn(page);
    // Arrives while the owner looks at the list, above what was there.
    const list = page.getByRole('list', { name: 'Messages reçus' });
    const earlier = await shownWhileLive(page, request, list.locator('li'));
    const message = longMessage('telephone');
    const id = await sendMessage(request, message);
    const item = list.locator(`li[data-message-id="${id}"]`);
    await expectAboveEarlierMessages(list.locator('li'), id, earlier);
    await expect(page.locator('table')).toHaveCount(0);

    const open = item.getByRole('button');
    await expect(open).toContainText(message.fullName);
    await expect(open).toContainText(message.service);
    await expect(open).toContainText(message.subject);
    await expect(open).toContainText('Bonjour, Nous sommes un groupe agroalimentaire');
    await expect(item.locator('time')).toHaveText(/^\d{2}:\d{2}$/);
    // A screen reader hears who wrote and that it is unread; the box says whose message it is.
    const name = message.fullName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(open).toHaveAccessibleName(new RegExp(`^Non lu,\\s*${name}\\b`));
    await expect(item.getByRole('checkbox')).toHaveAccessibleName(
      `Sélectionner le message de ${message.fullName}`,
    );

    // Opened, it is read: the mark goes.
    await open.click();
    await expect(page.getByRole('dialog', { name: message.subject })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(open).toHaveAccessibleName(new RegExp(`^${name}\\b`));
    await expect(open).toBeFocused();
  });

  // Apart from the test above: with the accessibility audit of the whole list, one test made
  // of both outgrew Playwright's 30 s on a loaded 2-core machine.
  test('with long messages, every control is finger-sized, nothing is wider than the screen, and axe finds no serious violation', async ({
    page,
    request,
  }) => {
    const id = await sendMessage(request, longMessage('telephone-largeur'));
    await signIn(page);
    const item = page
      .getByRole('list', { name: 'Messages reçus' })
      .locator(`li[data-message-id="${id}"]`);
    await expect(item).toBeVisible();

    for (const width of [360, 390, 430]) {
      await page.setViewportSize({ width, height: 844 });
      expect(await scrollsSideways(page), `défilement latéral à ${width} px`).toBe(false);
      // Across, the message fits the screen. (Up and down it may have moved: the other tests
      // of the shared server add messages above it.)
      await item.scrollIntoViewIfNeeded();
      const box = await item.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width, `largeur à ${width} px`).toBe(true);
    }
    await page.setViewportSize({ width: 390, height: 844 });

    await expectTouchTarget(item.getByRole('button'));
    await expectTouchTarget(item.locator('label:has(input[type="checkbox"])'));
    await expectTouchTarget(page.getByLabel('Rechercher', { exact: true }));
    await expectTouchTarget(page.getByRole('button', { name: 'Filtres' }));
    await expectTouchTarget(page.getByRole('button', { name: 'Exporter en CSV' }));
    await expectTouchTarget(page.getByRole('button', { name: 'Logout' }));
    await expectTouchTarget(page.locator('.list-actions-select-page'));
    await expectNoSeriousAxeViolation(page);
  });

  test('the filters fold into one button; unfolded, every control reads whole', async ({
    page,
  }) => {
    await signIn(page);
    const toggle = page.getByRole('button', { name: 'Filtres' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByLabel('Service', { exact: true })).toBeHidden();
    await expect(page.getByLabel('Trier par date')).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const sort = page.getByLabel('Trier par date');
    await expect(sort).toBeVisible();
    await sort.selectOption('oldest');
    await expect(page).toHaveURL(/tri=anciens/);
    await expect(toggle).toHaveAccessibleName('Filtres, 1 actif');

    // Each select shows its whole choice, the arrow beside it.
    for (const select of [sort, page.getByLabel('Service', { exact: true })]) {
      await expectTouchTarget(select);
      const fits = await select.evaluate((element) => {
        const choice = element as HTMLSelectElement;
        const style = getComputedStyle(choice);
        const probe = document.createElement('span');
        probe.textContent = choice.selectedOptions[0]?.textContent ?? '';
        probe.style.font = style.font;
        probe.style.position = 'absolute';
        probe.style.whiteSpace = 'nowrap';
        document.body.append(probe);
        const needed =
          probe.getBoundingClientRect().width +
          Number.parseFloat(style.paddingLeft) +
          Number.parseFloat(style.paddingRight);
        probe.remove();
        return needed <= choice.clientWidth;
      });
      expect(fits).toBe(true);
    }
    expect(await scrollsSideways(page)).toBe(false);
  });

  test('« Supprimer la sélection » appears once something is selected, and deletes it', async ({
    page,
    request,
  }) => {
    // Two messages that one search finds.
    const first = longMessage('selection');
    const second = {
      ...first,
      fullName: 'Menuiserie Es-Salam',
      email: 'contact@menuiserie-essalam.dz',
    };
    const ids = [await sendMessage(request, first), await sendMessage(request, second)];
    await signIn(page);
    await page.getByLabel('Rechercher', { exact: true }).fill(first.subject);
    const items = page.locator('li[data-message-id]');
    await expect(items).toHaveCount(2);
    const deleteSelection = page.getByRole('button', { name: /Supprimer la sélection/ });
    await expect(deleteSelection).toHaveCount(0);

    await page.locator(`li[data-message-id="${ids[0]}"]`).getByRole('checkbox').check();
    await expect(deleteSelection).toHaveText('Supprimer la sélection (1)');
    await expectTouchTarget(deleteSelection);
    await page.locator(`li[data-message-id="${ids[1]}"] label`).click();
    await expect(deleteSelection).toHaveText('Supprimer la sélection (2)');

    await deleteSelection.click();
    await expect(popup(page).locator('.swal2-title')).toHaveText(/Supprimer/);
    await popup(page).getByRole('button', { name: 'Supprimer' }).click();
    await expect(items).toHaveCount(0);
    await expect(deleteSelection).toHaveCount(0);
  });

  test('a message opens full screen, reads like a message, and offers large reply buttons', async ({
    page,
    request,
  }) => {
    const message = longMessage('lecture-telephone');
    const id = await sendMessage(request, message);
    await signIn(page);
    await page.locator(`li[data-message-id="${id}"]`).getByRole('button').click();
    const panel = page.getByRole('dialog', { name: message.subject });
    await expect(panel.getByRole('button', { name: 'Fermer le message' })).toBeFocused();

    const sheet = panel.locator('.message-panel-content');
    expect(await sheet.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    const text = panel.locator('.message-full-text');
    await expect(text).toHaveText(message.message);
    const reading = await text.evaluate((element) => {
      const style = getComputedStyle(element);
      return { size: Number.parseFloat(style.fontSize), breaks: style.whiteSpace };
    });
    expect(reading.size).toBeGreaterThanOrEqual(16);
    expect(reading.breaks).toBe('pre-wrap');
    await expect(panel).toContainText(message.email);
    await expect(panel).toContainText('0550 12 34 56');

    const replies = panel.getByRole('group', { name: 'Répondre' });
    const links = {
      'Répondre par e-mail': /^mailto:/,
      Appeler: 'tel:+213550123456',
      WhatsApp: 'https://wa.me/213550123456',
    };
    for (const [name, href] of Object.entries(links)) {
      const link = replies.getByRole('link', { name });
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toBeInViewport({ ratio: 1 });
      const size = await touchSize(link);
      expect(size.height).toBeGreaterThanOrEqual(48);
      expect(size.width).toBeGreaterThanOrEqual(150);
    }
    for (const name of ['Marquer comme non lu', 'Supprimer', 'Fermer le message']) {
      await expectTouchTarget(panel.getByRole('button', { name }));
    }
    expect(await scrollsSideways(page)).toBe(false);
    await expectNoSeriousAxeViolation(page);
  });

  test('the private header shows the brand whole, in its type and colours', async ({ page }) => {
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/pageLogin');
      const brand = page.getByRole('link', { name: /Horizon Numérique/ });
      await expect(brand).toContainText('Horizon Numérique');
      const name = brand.locator('span', { hasText: 'Horizon Numérique' });
      const style = await name.evaluate((element) => {
        const computed = getComputedStyle(element);
        return {
          whole: element.scrollWidth <= element.clientWidth,
          family: computed.fontFamily,
          weight: computed.fontWeight,
          color: computed.color,
        };
      });
      expect(style).toEqual({
        whole: true,
        family: expect.stringMatching(/^"?Outfit Variable"?/),
        weight: '700',
        color: 'rgb(14, 76, 146)',
      });
      await expect(brand.locator('img')).toBeVisible();
      await expect(name).toBeInViewport({ ratio: 1 });
      const back = page.getByRole('link', { name: 'Retour au site', exact: true });
      await expect(back).toBeInViewport({ ratio: 1 });
      await expect(back).toHaveCSS('color', 'rgb(14, 76, 146)');
      await expectTouchTarget(back);
      expect(await scrollsSideways(page)).toBe(false);
    }
  });
});
