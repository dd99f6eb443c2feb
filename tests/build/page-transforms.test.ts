/**
 * The page build's steps (scripts/build.ts, scripts/page-transforms.ts): a page of each
 * language comes out with its language, direction, deferred script and stylesheet; a step
 * whose place in the page is missing, or there twice, stops the build and says which step
 * and which page, instead of writing a page without its script, styles or language.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  criticalCss,
  publicPageTransforms,
  type PublicPage,
  type PublicPageParts,
} from '../../scripts/build.ts';
import { applyTransforms, replaceOnce } from '../../scripts/page-transforms.ts';
import { localeOf } from '../../shared/domain/routes.ts';
import { makeTempDir } from '../temp-dirs.ts';

describe('replaceOnce', () => {
  it('replaces the one place a text or a pattern finds, taking the replacement as is', () => {
    expect(replaceOnce('<a></a>', '</a>', '$&!</a>')).toBe('<a>$&!</a>');
    expect(replaceOnce('<p id="x">', /id="(\w+)"/, (_, id = '') => `id="${id}${id}"`)).toBe(
      '<p id="xx">',
    );
  });

  it('fails when the anchor is missing or there more than once', () => {
    expect(() => replaceOnce('<p></p>', '</head>', '')).toThrow(
      '« </head> » trouvé 0 fois au lieu d’une.',
    );
    expect(() => replaceOnce('<i></i><i></i>', /<i>/, '')).toThrow('trouvé 2 fois au lieu d’une');
  });
});

// The public template as Vite writes it: the page's script and stylesheet in the head.
const TEMPLATE = `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="UTF-8" />
    <!--app-head-->
    <script type="module" crossorigin src="/assets/index-AbCd1234.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-EfGh5678.css">
  </head>
  <body>
    <div id="root"><!--app-html--></div>
  </body>
</html>`;

const MARKUP =
  '<header class="top"><svg class="icon"><use href="/icons.svg#telephone"/></svg></header>' +
  '<section class="hero-carousel"><p class="lead">Bonjour</p></section>' +
  '<main id="contenu"><h1>Titre</h1><p>Suite</p></main>';

/** The build's parts for a stand-in dist/web: a stylesheet Beasties reads, a sprite. */
function standInParts(): PublicPageParts {
  const dir = makeTempDir('page-transforms');
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'assets/index-EfGh5678.css'),
    '.lead{color:red}[dir=rtl] .lead{text-align:right}.unused{color:blue}',
  );
  return {
    beasties: (locale) => criticalCss(locale, dir),
    headStyles: '<style>@font-face{font-family:x}</style>',
    noScriptStylesheet: '/assets/no-script-12345678.css',
    sprite: '<svg><symbol id="telephone" viewBox="0 0 16 16"><path d="M0 0h1"/></symbol></svg>',
  };
}

const build = (page: PublicPage, template = TEMPLATE) =>
  applyTransforms(template, publicPageTransforms(standInParts()), page, '/pageTest');

describe('the public page build', () => {
  it('writes a French page with its language, and its script and stylesheet deferred', async () => {
    const page = await build({ locale: localeOf('fr'), head: '<title>Test</title>', html: MARKUP });
    expect(page).toContain(
      '<html lang="fr" data-page-script="/assets/index-AbCd1234.js" data-deferred-stylesheet="/assets/index-EfGh5678.css">',
    );
    expect(page).toContain('<style>.lead{color:red}</style>');
    expect(page).not.toContain('<link rel="stylesheet" crossorigin');
    // The first paint waits for the page's title, not for its last element: the expect names
    // the element after the <h1>; the loader, the last element, is no longer waited for.
    expect(page).toContain('<link rel="expect" href="#apres-le-titre" blocking="render">');
    expect(page).toContain('<h1>Titre</h1><p id="apres-le-titre">Suite</p>');
    expect(page).toMatch(/<script type="module">[^<]+<\/script><\/body>/);
    // The header's icon comes inside the page, pointing at its own symbol.
    expect(page).toContain('<symbol id="telephone"');
    expect(page).toContain('<use href="#telephone"/>');
  });

  it('writes an Arabic page right to left, with its right-to-left rules', async () => {
    const page = await build({ locale: localeOf('ar'), head: '<title>Test</title>', html: MARKUP });
    expect(page).toMatch(/<html lang="ar" data-page-script="[^"]+" data-deferred-[^>]+ dir="rtl">/);
    expect(page).not.toContain('lang="fr"');
    expect(page).toContain('[dir=rtl] .lead{text-align:right}');
  });

  it.each([
    ['langue de la page', TEMPLATE.replace('<html lang="fr">', '<html>'), MARKUP],
    ['contenu de la page', TEMPLATE.replace('<!--app-head-->', ''), MARKUP],
    [
      'script de la page différé',
      TEMPLATE.replace('</head>', '<script type="module" crossorigin src="/b.js"></script></head>'),
      MARKUP,
    ],
    ['icônes de l’en-tête', TEMPLATE, `${MARKUP}<section class="hero-carousel"></section>`],
    ['script de la page différé', TEMPLATE, MARKUP.replace('<h1>Titre</h1>', '')],
  ])(
    'stops at the step « %s » when its place is missing or doubled',
    async (step, template, html) => {
      await expect(build({ locale: localeOf('fr'), head: '', html }, template)).rejects.toThrow(
        `Page /pageTest, étape « ${step} » :`,
      );
    },
  );
});
