/**
 * « Ajouter une langue » (docs/architecture.md), walked: the site is built with the locale
 * table plus a test-only language, « xx », right to left, showing the French texts (`node
 * scripts/build.ts <folder> --locales=<table.json>`, which puts the table in the place of
 * shared/domain/locales.ts in every bundle). Nothing else is told about « xx »: every public
 * page of every language, and each language's not-found page, must come out with its own
 * `lang`, `dir`, hreflang links and sitemap entries, none left at the template's `lang="fr"`.
 *
 * A whole build (one to four minutes on a loaded machine): it runs in its own folder, beside
 * dist/web.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, type LocaleDefinition } from '../../shared/domain/locales.ts';
import { PUBLIC_ROUTES } from '../../shared/domain/routes.ts';
import { agency } from '../../src-web/content/index.ts';
import { makeTempDir } from '../temp-dirs.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

const DUMMY: LocaleDefinition = {
  code: 'xx',
  hreflang: 'xx',
  prefix: '/xx',
  direction: 'rtl',
  intl: 'fr-FR',
  numberingSystem: 'latn',
  dinars: 'DZD',
  ogLocale: 'xx_DZ',
  name: 'Xxxx',
  script: 'latin',
  catalogue: 'fr',
};

const TABLE: readonly LocaleDefinition[] = [...LOCALES, DUMMY];

/** A page's address in a language of the test's table. */
const pathIn = (locale: LocaleDefinition, route: string) => `${locale.prefix}${route}`;

describe('a language added to the locale table', () => {
  let site = '';

  beforeAll(async () => {
    const dir = makeTempDir('dummy-locale');
    site = path.join(dir, 'site');
    const table = path.join(dir, 'locales.json');
    await writeFile(table, JSON.stringify(TABLE));
    await promisify(execFile)(process.execPath, ['scripts/build.ts', site, `--locales=${table}`], {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
    });
  }, 600_000);

  const page = (file: string) => readFile(path.join(site, file), 'utf8');

  it('builds every public page in every language with its lang, dir and hreflang links', async () => {
    for (const locale of TABLE) {
      for (const route of PUBLIC_ROUTES) {
        const address = pathIn(locale, route);
        const html = await page(`routes${address}.html`);
        const root = /<html[^>]*>/.exec(html)?.[0] ?? '';
        expect(root, address).toContain(`lang="${locale.code}"`);
        expect(root.includes('dir="rtl"'), address).toBe(locale.direction === 'rtl');
        const links = [
          ...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g),
        ].map(([, hreflang, href]) => [hreflang, href]);
        expect(links, address).toEqual([
          ...TABLE.map((other) => [other.hreflang, `${agency.siteUrl}${pathIn(other, route)}`]),
          ['x-default', `${agency.siteUrl}${route}`],
        ]);
        expect(html, address).toContain(
          `<link rel="canonical" href="${agency.siteUrl}${address}">`,
        );
        // The language switch lists every other language.
        for (const other of TABLE.filter(({ code }) => code !== locale.code)) {
          expect(html, address).toContain(
            `href="${pathIn(other, route)}" hreflang="${other.code}"`,
          );
        }
      }
    }
  });

  it('builds each language’s not-found page in that language', async () => {
    for (const locale of TABLE) {
      const file = locale.prefix ? `routes${locale.prefix}/404.html` : '404.html';
      const root = /<html[^>]*>/.exec(await page(file))?.[0] ?? '';
      expect(root, file).toContain(`lang="${locale.code}"`);
      expect(root.includes('dir="rtl"'), file).toBe(locale.direction === 'rtl');
    }
  });

  it('lists every page of every language in the sitemap, with its alternates', async () => {
    const sitemap = await page('sitemap.xml');
    for (const locale of TABLE) {
      for (const route of PUBLIC_ROUTES) {
        expect(sitemap).toContain(`<loc>${agency.siteUrl}${pathIn(locale, route)}</loc>`);
        expect(sitemap).toContain(
          `<xhtml:link rel="alternate" hreflang="${locale.hreflang}" href="${agency.siteUrl}${pathIn(locale, route)}"/>`,
        );
      }
    }
    expect(sitemap.match(/<url>/g)).toHaveLength(TABLE.length * PUBLIC_ROUTES.length);
  });
});
