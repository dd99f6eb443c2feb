/**
 * « Provenance »: a visitor arrives from an ad (a referring site and utm_* in the address),
 * walks to the contact page and sends the form; the owner finds the page, its language, the
 * referring site and the campaign in the message's panel and in the CSV. Nothing is kept in a
 * cookie. Screenshots and axe at 390 and 1366 px.
 */
import { readFile } from 'node:fs/promises';
import AxeBuilder from './axe.ts';
import { expect, test } from '@playwright/test';
import { ROUTES } from '../../shared/domain/routes.ts';
import { PROVENANCE_STORAGE_KEY } from '../../shared/domain/provenance.ts';
import { fillContactForm, installClock, popup, signIn, uniqueMessage } from './fixtures.ts';
import { screenshotIfAsked } from './screenshots.ts';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

test('a lead from an ad shows its page, referring site and campaign to the owner @desktop', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const lead = uniqueMessage('provenance');
  // Arrives on the services page from a Facebook ad.
  await installClock(page);
  await page.goto(
    `${ROUTES.services}?utm_source=facebook&utm_medium=cpc&utm_campaign=ramadan-2026`,
    { referer: 'https://l.facebook.com/' },
  );
  await expect
    .poll(() => page.evaluate((key) => sessionStorage.getItem(key), PROVENANCE_STORAGE_KEY))
    .toBe(
      JSON.stringify({
        referrer: 'l.facebook.com',
        utmSource: 'facebook',
        utmMedium: 'cpc',
        utmCampaign: 'ramadan-2026',
      }),
    );
  // Then goes to the contact page by the site's own menu: the arrival is kept.
  await page.getByRole('navigation').getByRole('link', { name: 'Contact' }).first().click();
  await expect(page).toHaveURL(new RegExp(`${ROUTES.contact}$`));
  await fillContactForm(page, lead);
  await page.getByRole('button', { name: 'Envoyer le message' }).click();
  await expect(popup(page)).toContainText('Envoyé !');
  expect(await context.cookies(), 'no cookie for the visitor').toEqual([]);

  await signIn(page);
  await page.getByLabel('Rechercher', { exact: true }).fill(lead.fullName);
  await page
    .locator('tbody tr[data-message-id]')
    .filter({ hasText: lead.fullName })
    .getByRole('button', { name: lead.fullName })
    .click();
  const panel = page.getByRole('dialog', { name: lead.subject });
  const provenance = panel.getByRole('region', { name: 'Provenance' });
  const rows = provenance.locator('dt, dd');
  await expect(rows).toHaveText([
    'Page',
    `${ROUTES.contact} (en français)`,
    'Site référent',
    'l.facebook.com',
    'Source (utm_source)',
    'facebook',
    'Support (utm_medium)',
    'cpc',
    'Campagne (utm_campaign)',
    'ramadan-2026',
  ]);

  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await provenance.scrollIntoViewIfNeeded();
    await screenshotIfAsked(page, { path: test.info().outputPath(`provenance-${width}.png`) });
    const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
    expect(
      results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`),
      `à ${width} px`,
    ).toEqual([]);
  }

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter en CSV' }).click();
  const lines = (await readFile(await (await download).path(), 'utf8')).slice(1).split('\r\n');
  expect(lines[0]).toMatch(
    /;"Page";"Site référent";"utm_source";"utm_medium";"utm_campaign";"Source"$/,
  );
  // « Source » names it as the « Sources » summary does: the campaign's utm_source.
  expect(lines[1]).toMatch(
    new RegExp(
      `;"${ROUTES.contact}";"l\\.facebook\\.com";"facebook";"cpc";"ramadan-2026";"facebook"$`,
    ),
  );
});
