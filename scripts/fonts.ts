/**
 * The site's two variable fonts, cut down to the characters it can show: every character
 * written in src-web and shared (content, labels, messages) plus the French alphabet (dates
 * and numbers are formatted at run time), and to the range of weights the styles use. (One
 * file per family: a page's text asks for all its weights at once, and one variable file is
 * smaller than three static ones.) Writes, into the git-ignored folder src-web/fonts/generated:
 * - the woff2 files;
 * - fonts.css: their @font-face rules;
 * - fallbacks.css: for each family, fallback faces on local fonts (Arial; Roboto on Android)
 *   stretched to the web font's metrics, so that text keeps its place while the web font
 *   arrives (size-adjust, ascent and descent overrides). Public pages carry them inline.
 *
 * Run with `node scripts/fonts.ts`, or call generateFonts() from the build script.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createFontStack, type FontMetrics } from '@capsizecss/core';
import subsetFont from 'subset-font';
import { fontFaceRule, WEB_FONTS, type WebFont } from '../src-web/fonts/web-fonts.ts';
import { FONT_METRICS } from './font-metrics.ts';

const { arial, inter, notoSansArabic, outfit, roboto } = FONT_METRICS;

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'src-web/fonts/generated');
const require = createRequire(import.meta.url);

/** Where the site's text comes from. */
const SOURCE_DIRS = ['src-web', 'shared'];
const SOURCE_FILE = /\.(ts|tsx|html|css|scss)$/;

/** Letters and signs of French that formatted dates, numbers or prices may bring. */
const FRENCH = 'àâäæçéèêëîïôöœùûüÿÀÂÄÆÇÉÈÊËÎÏÔÖŒÙÛÜŸ«»‘’“”…–—€\u00a0\u202f';

/**
 * The Arabic alphabet, its vowel marks and punctuation, and the joiners and direction marks:
 * the month names that Intl writes at run time (ar-DZ) use no other letters.
 */
const ARABIC = [
  ...Array.from({ length: 0x0652 - 0x0621 + 1 }, (_, i) => String.fromCharCode(0x0621 + i)),
  '،؛؟ـ',
  '\u200c\u200d\u200e\u200f',
].join('');

/** Where each web font (src-web/fonts/web-fonts.ts) comes from, and its metrics. */
const SOURCES: Record<WebFont['family'], { source: string; metrics: FontMetrics }> = {
  'Inter Variable': {
    source: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    metrics: inter,
  },
  'Outfit Variable': {
    source: '@fontsource-variable/outfit/files/outfit-latin-wght-normal.woff2',
    metrics: outfit,
  },
  'Noto Sans Arabic Variable': {
    source: '@fontsource-variable/noto-sans-arabic/files/noto-sans-arabic-arabic-wght-normal.woff2',
    metrics: notoSansArabic,
  },
};

/** Every character the site can show: printable ASCII, the sources' text, French, Arabic. */
export async function siteCharacters(): Promise<string> {
  const characters = new Set<string>();
  for (let code = 0x20; code < 0x7f; code += 1) characters.add(String.fromCharCode(code));
  for (const character of FRENCH + ARABIC) characters.add(character);
  for (const dir of SOURCE_DIRS) {
    for (const entry of await readdir(path.join(root, dir), {
      withFileTypes: true,
      recursive: true,
    })) {
      if (!entry.isFile() || !SOURCE_FILE.test(entry.name)) continue;
      const text = await readFile(path.join(entry.parentPath, entry.name), 'utf8');
      for (const character of text) {
        if (character >= '\u00a0') characters.add(character);
      }
    }
  }
  return [...characters].sort().join('');
}

export async function generateFonts(): Promise<{ characters: number; bytes: number }> {
  const characters = await siteCharacters();
  await mkdir(outDir, { recursive: true });
  const rules: string[] = [];
  const fallbacks: string[] = [];
  let bytes = 0;
  for (const family of WEB_FONTS) {
    const { min, max } = family.weights;
    const { file } = family;
    const { source, metrics } = SOURCES[family.family];
    const font = await subsetFont(await readFile(require.resolve(source)), characters, {
      targetFormat: 'woff2',
      variationAxes: { wght: { min, max } },
    });
    await writeFile(path.join(outDir, file), font);
    bytes += font.length;
    rules.push(fontFaceRule(family, `./${file}`));
    // Arial and Roboto stand in for the Latin fonts only: the Arabic text waits in the
    // phone's own Arabic font, whose metrics no local font name can promise.
    if (family.script === 'latin') {
      const { fontFaces } = createFontStack([
        { ...metrics, familyName: family.family },
        arial,
        roboto,
      ]);
      fallbacks.push(fontFaces);
    }
  }
  const header = '/* Written by scripts/fonts.ts: do not edit. */';
  await writeFile(path.join(outDir, 'fonts.css'), `${header}\n${rules.join('\n')}\n`);
  await writeFile(path.join(outDir, 'fallbacks.css'), `${header}\n${fallbacks.join('\n')}\n`);
  return { characters: [...characters].length, bytes };
}

if (import.meta.main) {
  const { characters, bytes } = await generateFonts();
  console.log(
    `Polices : ${characters} caractères, ${(bytes / 1024).toFixed(1)} kB dans src-web/fonts/generated.`,
  );
}
