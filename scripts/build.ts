/**
 * Builds the site: fonts, pictures, the browser bundles, then every route prerendered to
 * HTML so that pages read without JavaScript and paint fast. Output: dist/web.
 *
 * A public page (src-web/site/index.html, site/browser/main.ts) needs nothing but itself for its first
 * paint: it carries in <style> elements the rules its markup uses and the fonts' fallback
 * faces; its script loads the web fonts once the first screen is painted, and the full
 * stylesheet (for the contact form's states) when the form comes near. Without JavaScript, a
 * <noscript> brings both. The private screens (src-web/admin/admin.html) are the React app, built
 * apart so that the public pages' script is one file sharing nothing with them, with their
 * own manifest and the dashboard's service worker.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Options as BeastiesOptions } from 'beasties';
import type { Plugin } from 'vite';
import {
  ALL_ROUTES,
  isPrivateRoute,
  PUBLIC_ROUTES,
  type RoutePath,
} from '../shared/domain/routes.ts';
import { prerenderedFile } from '../src-server/prerendered-file.ts';
import type { LocaleDefinition } from '../shared/domain/locales.ts';
import { fontFaceRule, WEB_FONTS } from '../src-web/fonts/web-fonts.ts';
import { PAGE_SCRIPT_ATTRIBUTE, PAGE_SCRIPT_LOADER } from '../shared/web/page-script-loader.ts';
import { ICON_SPRITE } from '../src-web/components/icon-names.ts';
import { INLINE_FRAGMENT } from '../src-web/art/manifest.ts';
import { DEFERRED_STYLESHEET_ATTRIBUTE } from '../src-web/site/browser/stylesheet-attribute.ts';
import { pruneCustomProperties } from './custom-properties.ts';
import { applyTransforms, replaceOnce, type PageTransform } from './page-transforms.ts';
import { precompress } from './precompress.ts';

// Node loads the package's CommonJS build, which is the class itself; its types describe the
// default export of its ES module build, which Node and the tests' bundler resolution read
// differently: the class is typed by what the build uses of it.
const Beasties = createRequire(import.meta.url)('beasties') as new (options: BeastiesOptions) => {
  process(html: string): Promise<string>;
};

const root = path.resolve(import.meta.dirname, '..');
// `node scripts/build.ts [folder]` builds into another folder: the Firebase-mode e2e test
// builds the site with its emulators' addresses there, leaving dist/web to the other tests.
const outArgument = import.meta.main
  ? process.argv.slice(2).find((argument) => !argument.startsWith('--'))
  : undefined;
// `--locales=table.json` builds the site for another locale table than
// shared/domain/locales.ts, put in its place in every bundle: the test of « Ajouter une
// langue » (tests/build/dummy-locale.test.ts) adds a locale this way, the product never.
const localesArgument = import.meta.main
  ? process.argv.find((argument) => argument.startsWith('--locales='))?.slice('--locales='.length)
  : undefined;
const webDir = outArgument ? path.resolve(outArgument) : path.join(root, 'dist/web');
// The prerendering bundle stays in the repository, where it finds node_modules.
const ssrDir = path.join(root, outArgument ? `dist/ssr-${path.basename(webDir)}` : 'dist/ssr');
const configFile = path.join(root, 'vite.config.ts');

/**
 * What the build uses of the prerendering bundle: its pages, and the locale table it was built
 * with (with `--locales`, not the one this script imports) and the paths derived from it.
 */
interface ServerEntry {
  render(url: string): Promise<string>;
  headFor(route: string, language?: string): string;
  robotsTxt(): string;
  sitemapXml(lastModified: string): string;
  LOCALES: readonly LocaleDefinition[];
  pathLanguage(path: string): string;
  localizedPath(route: string, language: string): string;
  notFoundFile(language: string): string;
}

const LOCALE_TABLE_FILE = path.join(root, 'shared/domain/locales.ts');

/**
 * Puts `locales` in the place of the locale table's rows in the bundles Vite builds, for
 * `--locales`: the table's module is the only one that changes.
 */
function localeTablePlugin(locales: readonly LocaleDefinition[]): Plugin {
  return {
    name: 'locale-table',
    enforce: 'pre',
    transform(code, id) {
      if (path.resolve(id.split('?')[0] ?? '') !== LOCALE_TABLE_FILE) return undefined;
      return replaceOnce(
        code,
        /export const LOCALES = \[[\s\S]*?\] as const satisfies/,
        `export const LOCALES = ${JSON.stringify(locales)} as const satisfies`,
      );
    },
  };
}

/**
 * Inlines the rules a public page's markup uses, and those of the states its script gives it
 * (the sticky navigation, what it hides, the form's errors): most pages never load the full
 * stylesheet, which comes only with the contact form; the web fonts come apart
 * (site/browser/fonts.ts). Moves the stylesheet's link to the end of the body,
 * where `deferStylesheet` finds it. No inline script (but the page script's loader, added
 * after) or event handler: the CSP allows none.
 */
export function criticalCss(locale: LocaleDefinition, folder = webDir) {
  return new Beasties({
    path: folder,
    publicPath: '/',
    preload: 'body',
    inlineFonts: false,
    preloadFonts: false,
    pruneSource: false,
    allowRules: [
      /\.is-sticky/,
      // Bootstrap's [hidden] rule, which beats .btn's display (the carousel's pause button
      // under reduced motion): kept even where the markup has no hidden element yet.
      /\[hidden\]/,
      /\.is-invalid/,
      /\.invalid-feedback/,
      /\.text-danger/,
      // Beasties looks for a rule's elements inside <html>, never at <html> itself: the
      // right-to-left pages' own rules there (their fonts, their text size) are kept by name.
      ...(locale.direction === 'rtl' ? [/^(html)?\[dir=rtl\]$/] : []),
    ],
    logLevel: 'warn',
  });
}

const CRITICAL_STYLE = /<style>([\s\S]*?)<\/style>/;

const STYLESHEET_LINK = /\s*<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>\s*(?=<\/body>)/;

/** The root element as the steps after `inLanguage` find it: `<html lang="…"`. */
function rootElement(language: string): string {
  return `<html lang="${language}"`;
}

/** Adds an attribute to the page's root element, right after its language. */
function onRoot(page: string, language: string, attribute: string): string {
  return replaceOnce(page, rootElement(language), `${rootElement(language)} ${attribute}`);
}

/**
 * The full stylesheet leaves the page: its address goes on <html> for the page's script, and
 * in a <noscript> link for readers without JavaScript, after the page's own head styles. With
 * it comes the stylesheet of what they see instead of the parts that need JavaScript (and the
 * web fonts): a file of its own rather than bytes in every page, which most visitors would
 * download for nothing. The page's own CSS loses the custom properties it does not read.
 */
function deferStylesheet(
  page: string,
  language: string,
  headStyles: string,
  noScriptStylesheet: string,
): string {
  const href = STYLESHEET_LINK.exec(page)?.[1];
  if (!href) throw new Error('Feuille de style introuvable en fin de page.');
  let result = replaceOnce(
    page,
    CRITICAL_STYLE,
    (_, css = '') => `<style>${pruneCustomProperties(css)}</style>`,
  );
  result = replaceOnce(result, STYLESHEET_LINK, '');
  result = result.replace(' data-beasties-container', '');
  result = onRoot(result, language, `${DEFERRED_STYLESHEET_ATTRIBUTE}="${href}"`);
  result = replaceOnce(
    result,
    '</head>',
    `${headStyles}<noscript><link rel="stylesheet" href="${href}"><link rel="stylesheet" href="${noScriptStylesheet}"></noscript>\n  </head>`,
  );
  // The template's indentation between the head's elements: bytes that render nothing.
  return replaceOnce(result, /<head>[\s\S]*<\/head>/, (head) => head.replace(/>\s+</g, '><'));
}

const PAGE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/** The id the element after the page's title gets when it has none. */
const AFTER_TITLE_ID = 'apres-le-titre';

/**
 * Where the first paint may start: the element that follows the page's title, the `<h1>` (in
 * <main> after the carousel on the home page, after the short carousel band on the inner pages),
 * which gets an id if it has none. Its id.
 */
function markAfterTitle(page: string): { page: string; id: string } {
  const titleEnd = page.indexOf('</h1>', page.indexOf('<main'));
  const next = /<([a-z][a-z0-9]*)\b[^>]*>/g;
  next.lastIndex = titleEnd;
  const match = titleEnd < 0 ? null : next.exec(page);
  if (!match)
    throw new Error('Aucun élément après le titre de la page : où finit le premier écran ?');
  const id = / id="([^"]+)"/.exec(match[0])?.[1];
  if (id) return { page, id };
  const marked = match[0].replace(/^<[a-z][a-z0-9]*/, `$& id="${AFTER_TITLE_ID}"`);
  return {
    page: page.slice(0, match.index) + marked + page.slice(match.index + match[0].length),
    id: AFTER_TITLE_ID,
  };
}

/**
 * The page's script leaves the head: its address goes on <html>, and the loader at the end of
 * the body asks for it once the first screen is painted (shared/web/page-script-loader.ts).
 *
 * The first paint waits until the browser has read the top of the page, up to its title
 * (`<link rel="expect">`, render-blocking until the element that follows the `<h1>`), not the
 * whole page: the header, the carousel and the title are laid out and painted at once, as soon
 * as they have arrived, while the rest of the page is still on its way (before, the expect was
 * the loader, the last element: on Slow 3G the first paint came 1.3× later than a plain page's).
 * Painting before the title would show the top of the page piece by piece, a layout each. The
 * rest comes in further chunks; the sections after the first screen are laid out only when
 * they come near the screen (`content-visibility: auto`, src-web/styles/main.scss), so that
 * those chunks stay short tasks and a first tap on what is already shown (the menu) does not
 * wait behind them (docs/performance.md).
 */
function deferPageScript(page: string, language: string): string {
  const src = PAGE_SCRIPT.exec(page)?.[1];
  if (!src) throw new Error('Script de la page introuvable dans l’en-tête.');
  const marked = markAfterTitle(page);
  let result = replaceOnce(marked.page, PAGE_SCRIPT, '');
  result = onRoot(result, language, `${PAGE_SCRIPT_ATTRIBUTE}="${src}"`);
  result = replaceOnce(
    result,
    '</head>',
    `<link rel="expect" href="#${marked.id}" blocking="render"></head>`,
  );
  return replaceOnce(
    result,
    '</body>',
    `<script type="module">${PAGE_SCRIPT_LOADER}</script></body>`,
  );
}

/**
 * A page says its language on its root element, for the browser, screen readers and search
 * engines, and a right-to-left one its direction (the Arabic pages), both from the locale
 * table: the template's own `lang` is replaced, so that no page keeps it by default. Both
 * are set first, before Beasties picks the rules the page uses (the right-to-left ones among
 * them), and the steps after find the root element by the page's language.
 */
function inLanguage(template: string, { code, direction }: LocaleDefinition): string {
  return replaceOnce(
    template,
    /<html lang="[^"]*"/,
    direction === 'rtl' ? `${rootElement(code)} dir="rtl"` : rootElement(code),
  );
}

/**
 * The icons point at their symbol in the page itself rather than in the sprite's file: a
 * `<use>` that names another file makes the browser fetch it while the page is still being
 * read, on a slow link alongside the banner. The page's script brings the symbols once the
 * first screen is painted (site/browser/icons.ts); without JavaScript, there are no icons (the
 * social links show their name, src-web/styles/no-script.css).
 */
function localIconReferences(page: string): string {
  return page.replaceAll(`href="${ICON_SPRITE}#`, 'href="#');
}

/** Where the page's header (top bar and navigation) ends: the carousel's section. */
const HEADER_END = '<section class="hero-carousel';

/**
 * The icons of the page's header (the top bar's address, phone, e-mail and four networks, the
 * « Devis gratuit » button) come inside the page, in a hidden <svg> at the start of the body:
 * otherwise they wait for the page's script, which brings the sprite after the first screen,
 * and on a slow or loaded phone the networks' links showed as empty circles. The rest of the
 * page's icons still come with the sprite (site/browser/icons.ts adds only the symbols not yet there).
 * About 2 kB before compression, for seven icons.
 */
function inlineHeaderIcons(page: string, sprite: string): string {
  const end = page.indexOf(HEADER_END);
  if (end === -1 || page.indexOf(HEADER_END, end + 1) !== -1) {
    throw new Error(`« ${HEADER_END} » (la fin de l’en-tête) doit se trouver une fois.`);
  }
  const header = page.slice(0, end);
  const names = new Set([...header.matchAll(/<use href="#([\w-]+)"/g)].map(([, name]) => name));
  if (names.size === 0) return page;
  const symbols = [...names].map((name) => {
    const symbol = new RegExp(`<symbol id="${name}"[\\s\\S]*?</symbol>`).exec(sprite)?.[0];
    if (!symbol) throw new Error(`Icône ${name} absente de ${ICON_SPRITE}.`);
    return symbol.replace(/>\s+</g, '><');
  });
  return replaceOnce(
    page,
    /<body[^>]*>/,
    (body) =>
      `${body}<svg width="0" height="0" style="position:absolute" aria-hidden="true">${symbols.join('')}</svg>`,
  );
}

const INLINE_PICTURE = new RegExp(`(/[\\w./-]+\\.(avif|webp|svg))${INLINE_FRAGMENT}`, 'g');

/**
 * What the first screen shows comes inside the page: an address marked `#inline` (the phone
 * cut of the first banner, art/manifest.ts firstScreenPhoneSrcSet; the logo in the navigation)
 * becomes a `data:` URL of the file the build wrote. On a slow link, a second request costs at
 * least one more round trip (150 ms on slow 4G, 560 ms with Lighthouse's applied throttling)
 * before the picture can show.
 */
async function inlinePictures(page: string): Promise<string> {
  const files = new Map<string, string>();
  for (const [, url = '', format = ''] of page.matchAll(INLINE_PICTURE)) {
    const bytes = await readFile(path.join(webDir, url));
    files.set(
      url,
      format === 'svg'
        ? `data:image/svg+xml,${encodeURIComponent(bytes.toString('utf8').trim())}`
        : `data:image/${format};base64,${bytes.toString('base64')}`,
    );
  }
  return page.replace(INLINE_PICTURE, (_, url: string) => files.get(url) ?? url);
}

/**
 * The web fonts' @font-face rules, at the addresses the bundle gave their files, for pages
 * read without JavaScript (with it, site/browser/fonts.ts loads them).
 */
async function webFontFaces(): Promise<string> {
  const assets = await readdir(path.join(webDir, 'assets'));
  return WEB_FONTS.map((font) => {
    const [name, extension] = font.file.split('.');
    // Vite names a bundled file <name>-<8-character hash>.<extension>.
    const built = new RegExp(`^${name}-[\\w-]{8}\\.${extension}$`);
    const files = assets.filter((asset) => built.test(asset));
    if (files.length !== 1) {
      throw new Error(`Police ${font.file} : ${files.length} fichiers dans dist/web/assets.`);
    }
    return fontFaceRule(font, `/assets/${files[0]}`);
  }).join('');
}

/**
 * Writes `content` to dist/web/assets under a name that changes with it, as Vite names its
 * files (so it is cached for good), and returns its address.
 */
async function writeAsset(name: string, extension: string, content: string): Promise<string> {
  const hash = createHash('sha256').update(content).digest('base64url').slice(0, 8);
  const file = `assets/${name}-${hash}.${extension}`;
  await writeFile(path.join(webDir, file), content);
  return `/${file}`;
}

/** CSS for a <style> element: comments and runs of blank space dropped. */
function compact(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The template's two places, filled with a route's <head> tags and its rendered markup. */
function fillTemplate(template: string, head: string, html: string): string {
  return replaceOnce(replaceOnce(template, '<!--app-head-->', head), '<!--app-html-->', html);
}

/** What the steps of a public page know of it. */
export interface PublicPage {
  locale: LocaleDefinition;
  /** Its <head> tags (title, description, links), from the prerendering bundle. */
  head: string;
  /** Its markup, rendered by React. */
  html: string;
}

/** What the steps use that the build makes once for every page. */
export interface PublicPageParts {
  /** Beasties, set up for a locale (criticalCss). */
  beasties(locale: LocaleDefinition): { process(html: string): Promise<string> };
  /** The fallback fonts' <style>, added after Beasties. */
  headStyles: string;
  /** The address of the stylesheet for readers without JavaScript. */
  noScriptStylesheet: string;
  /** The icons' sprite file. */
  sprite: string;
}

/** A public page's steps, in order, from the template to the page written in dist/web. */
export function publicPageTransforms(parts: PublicPageParts): PageTransform<PublicPage>[] {
  return [
    { name: 'langue de la page', apply: (page, { locale }) => inLanguage(page, locale) },
    { name: 'contenu de la page', apply: (page, { head, html }) => fillTemplate(page, head, html) },
    {
      name: 'CSS critique (Beasties)',
      apply: (page, { locale }) => parts.beasties(locale).process(page),
    },
    {
      name: 'feuille de style différée',
      apply: (page, { locale }) =>
        deferStylesheet(page, locale.code, parts.headStyles, parts.noScriptStylesheet),
    },
    {
      name: 'script de la page différé',
      apply: (page, { locale }) => deferPageScript(page, locale.code),
    },
    { name: 'icônes dans la page', apply: (page) => localIconReferences(page) },
    { name: 'icônes de l’en-tête', apply: (page) => inlineHeaderIcons(page, parts.sprite) },
    { name: 'images du premier écran', apply: (page) => inlinePictures(page) },
  ];
}

/**
 * The bundles Vite makes, each built by a process of its own (`--bundle=`): Rolldown's and V8's
 * memory is given back to the system when that process ends. Built one after the other in one
 * process, they held 750 MB at the end, and the build's peak was 963 MB: too much for a 1 GB
 * server, where `npm start` builds the site the first time (docs/deploy.md).
 */
const BUNDLES = ['assets', 'site', 'admin', 'client', 'service-worker', 'ssr'] as const;
type Bundle = (typeof BUNDLES)[number];

/** Builds one bundle, in this process: what a child started by `buildSite` does. */
async function buildBundle(bundle: Bundle, locales?: readonly LocaleDefinition[]) {
  // Imported here, by the child that builds: the parent, which waits for its children, holds
  // 45 MB, not the 165 MB of Vite, Sharp and the rest.
  const { build } = await import('vite');
  const plugins = locales ? [localeTablePlugin(locales)] : [];
  /** A page of its own: the public pages (first, emptying the folder), the private screens, the client's page of a quote. */
  const page = (name: string, file: string, first = false, more: Record<string, string> = {}) =>
    build({
      configFile,
      logLevel: 'warn',
      plugins,
      build: {
        outDir: webDir,
        ...(first ? {} : { emptyOutDir: false }),
        rolldownOptions: {
          input: {
            [name]: path.join(root, file),
            ...Object.fromEntries(
              Object.entries(more).map(([other, at]) => [other, path.join(root, at)]),
            ),
          },
        },
      },
    });
  switch (bundle) {
    case 'assets':
      return (await import('./assets.ts')).generateAssets();
    case 'site':
      return page('index', 'src-web/site/index.html', true);
    case 'admin':
      return page('admin', 'src-web/admin/admin.html');
    case 'client':
      // The client's pages of a quote and of an invoice: entries of their own, which no
      // public page loads, built together (they share the document's code).
      return page('client', 'src-web/client/quote-page.html', false, {
        invoice: 'src-web/client/invoice-page.html',
      });
    case 'service-worker':
      return (await import('./build-service-worker.ts')).buildServiceWorker(root, webDir);
    case 'ssr':
      return build({
        configFile,
        logLevel: 'warn',
        plugins,
        build: {
          ssr: path.join(root, 'src-web/prerender/entry-server.tsx'),
          outDir: ssrDir,
          emptyOutDir: true,
        },
      });
  }
}

/** Builds `bundle` in a child process running this script, with the same folder and locales. */
function buildBundleApart(bundle: Bundle, localesFile: string | undefined): Promise<void> {
  const args = [
    ...process.execArgv,
    fileURLToPath(import.meta.url),
    ...(outArgument ? [webDir] : []),
    `--bundle=${bundle}`,
    ...(localesFile ? [`--locales=${localesFile}`] : []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(
            new Error(`La construction de « ${bundle} » a échoué (${signal ?? `code ${code}`}).`),
          ),
    );
  });
}

/**
 * Builds the site in dist/web (or the folder given): each bundle in a process of its own, then
 * every page prerendered here. `localesFile`: another locale table (`--locales`), in JSON.
 */
export async function buildSite(localesFile?: string) {
  const started = performance.now();
  for (const bundle of BUNDLES) await buildBundleApart(bundle, localesFile);
  // Loaded once the children are done (zod's schemas weigh 45 MB).
  const { QUOTE_PAGE_PATH } = await import('../shared/domain/quotes/record.ts');
  const { INVOICE_PAGE_PATH } = await import('../shared/domain/invoices/client-link.ts');

  const entry = (await import(
    pathToFileURL(path.join(ssrDir, 'entry-server.js')).href
  )) as ServerEntry;
  const read = (file: string) => readFile(path.join(root, file), 'utf8');
  const templates = {
    public: await readFile(path.join(webDir, 'site/index.html'), 'utf8'),
    admin: await readFile(path.join(webDir, 'admin/admin.html'), 'utf8'),
  };
  // Added after Beasties, which would trim them to the elements of the page it sees.
  const headStyles = `<style>${compact(await read('src-web/fonts/generated/fallbacks.css'))}</style>`;
  const noScriptStylesheet = await writeAsset(
    'no-script',
    'css',
    `${await webFontFaces()}${compact(await read('src-web/styles/no-script.css'))}`,
  );
  const beasties = new Map(entry.LOCALES.map((locale) => [locale.code, criticalCss(locale)]));
  const localeOf = (language: string) => {
    const locale = entry.LOCALES.find(({ code }) => code === language);
    if (!locale) throw new Error(`Langue inconnue : « ${language} ».`);
    return locale;
  };
  const transforms = publicPageTransforms({
    beasties: (locale) => beasties.get(locale.code) ?? criticalCss(locale),
    headStyles,
    noScriptStylesheet,
    sprite: await readFile(path.join(webDir, ICON_SPRITE), 'utf8'),
  });
  /** The page of `url` (its language from the address), with the <head> of `route`. */
  const publicPage = async (url: string, route: RoutePath | 'notFound') => {
    const locale = localeOf(entry.pathLanguage(url));
    const head = entry.headFor(route, locale.code);
    const page = { locale, head, html: await entry.render(url) };
    return applyTransforms(templates.public, transforms, page, url);
  };

  await mkdir(path.join(webDir, 'routes'), { recursive: true });
  for (const route of ALL_ROUTES) {
    await writeFile(
      path.join(webDir, prerenderedFile(route)),
      isPrivateRoute(route)
        ? fillTemplate(templates.admin, entry.headFor(route), await entry.render(route))
        : await publicPage(route, route),
    );
  }
  // The public pages in every other language, under its prefix (/ar/pageAccueil…).
  for (const { code, prefix } of entry.LOCALES.slice(1)) {
    await mkdir(path.join(webDir, 'routes', prefix), { recursive: true });
    for (const route of PUBLIC_ROUTES) {
      const url = entry.localizedPath(route, code);
      await writeFile(path.join(webDir, prerenderedFile(url)), await publicPage(url, route));
    }
  }
  // The not-found page of each language: 404.html, routes/ar/404.html…
  for (const { code, prefix } of entry.LOCALES) {
    await writeFile(
      path.join(webDir, entry.notFoundFile(code)),
      await publicPage(`${prefix}/__page-introuvable__`, 'notFound'),
    );
  }
  // The client's page of a quote, as built (it reads its token from the fragment).
  await writeFile(
    path.join(webDir, prerenderedFile(QUOTE_PAGE_PATH)),
    await readFile(path.join(webDir, 'client/quote-page.html'), 'utf8'),
  );
  // The client's page of an invoice, the same way (issue 46).
  await writeFile(
    path.join(webDir, prerenderedFile(INVOICE_PAGE_PATH)),
    await readFile(path.join(webDir, 'client/invoice-page.html'), 'utf8'),
  );
  await writeFile(path.join(webDir, 'robots.txt'), entry.robotsTxt());
  await writeFile(
    path.join(webDir, 'sitemap.xml'),
    entry.sitemapXml(new Date().toISOString().slice(0, 10)),
  );
  // Only the prerendered pages are served; the bare templates would be empty pages.
  await Promise.all([
    rm(path.join(webDir, 'site'), { recursive: true }),
    rm(path.join(webDir, 'admin'), { recursive: true }),
    rm(path.join(webDir, 'client'), { recursive: true }),
    rm(ssrDir, { recursive: true, force: true }),
    rm(path.join(webDir, '.vite'), { recursive: true, force: true }),
  ]);
  const compressed = await precompress(webDir);
  console.log(
    `${compressed.files} fichiers compressés : ${Math.round(compressed.before / 1024)} kB → ${Math.round(compressed.after / 1024)} kB (Brotli).`,
  );
  console.log(
    `Site construit dans ${path.relative(root, webDir)} en ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
}

if (import.meta.main) {
  const bundle = process.argv.find((argument) => argument.startsWith('--bundle='))?.slice(9);
  if (bundle === undefined) {
    await buildSite(localesArgument);
  } else {
    if (!(BUNDLES as readonly string[]).includes(bundle)) {
      throw new Error(`Paquet inconnu : « ${bundle} » (${BUNDLES.join(', ')}).`);
    }
    await buildBundle(
      bundle as Bundle,
      localesArgument
        ? (JSON.parse(await readFile(localesArgument, 'utf8')) as LocaleDefinition[])
        : undefined,
    );
  }
}
