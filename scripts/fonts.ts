/**
 * The site's two variable fonts, cut down to the characters it can show: every character
 * written in src-web and shared (content, labels, messages) plus the French alphabet (dates
 * and numbers are formatted at run time), and to the weights the styles use. Inter (text)
 * stays variable over its range; Outfit (headings) becomes one small file per weight, so that
 * the first screen, whose headings are all bold, downloads one. Writes, into the git-ignored
 * folder src-web/fonts/generated:
 * - the woff2 files;
 * - fonts.css: their @font-face rules, and for each family a fallback face on a local font
 *   (Arial; Roboto on Android) stretched to the web font's metrics, so that text keeps its
 *   place while the web font arrives (size-adjust, ascent and descent overrides).
 *
 * Run with `node scripts/fonts.ts`, or call generateFonts() from the build script.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createFontStack } from '@capsizecss/core';
import arial from '@capsizecss/metrics/arial';
import inter from '@capsizecss/metrics/inter';
import outfit from '@capsizecss/metrics/outfit';
import roboto from '@capsizecss/metrics/roboto';
import subsetFont from 'subset-font';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'src-web/fonts/generated');
const require = createRequire(import.meta.url);

/** Where the site's text comes from. */
const SOURCE_DIRS = ['src-web', 'shared'];
const SOURCE_FILE = /\.(ts|tsx|html|css|scss)$/;

/** Letters and signs of French that formatted dates, numbers or prices may bring. */
const FRENCH = 'àâäæçéèêëîïôöœùûüÿÀÂÄÆÇÉÈÊËÎÏÔÖŒÙÛÜŸ«»‘’“”…–—€\u00a0\u202f';

type Weights = number | { min: number; max: number };

/**
 * Text: lead paragraphs 300 to bold 700, one variable file. Headings: display headings 300,
 * headings and the brand 700, counters and prices 800, a file each.
 */
const FAMILIES = [
  {
    family: 'Inter Variable',
    name: 'inter',
    source: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    metrics: inter,
    faces: [{ min: 300, max: 700 }] as Weights[],
  },
  {
    family: 'Outfit Variable',
    name: 'outfit',
    source: '@fontsource-variable/outfit/files/outfit-latin-wght-normal.woff2',
    metrics: outfit,
    faces: [300, 700, 800] as Weights[],
  },
] as const;

/** Every character the site can show: printable ASCII, the sources' text, French. */
export async function siteCharacters(): Promise<string> {
  const characters = new Set<string>();
  for (let code = 0x20; code < 0x7f; code += 1) characters.add(String.fromCharCode(code));
  for (const character of FRENCH) characters.add(character);
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
  let bytes = 0;
  for (const family of FAMILIES) {
    const source = await readFile(require.resolve(family.source));
    for (const weights of family.faces) {
      const range = typeof weights === 'number' ? `${weights}` : `${weights.min}-${weights.max}`;
      const file = `${family.name}-${range}.woff2`;
      const font = await subsetFont(source, characters, {
        targetFormat: 'woff2',
        variationAxes: { wght: weights },
      });
      await writeFile(path.join(outDir, file), font);
      bytes += font.length;
      rules.push(
        [
          '@font-face {',
          `  font-family: '${family.family}';`,
          '  font-style: normal;',
          '  font-display: swap;',
          `  font-weight: ${range.replace('-', ' ')};`,
          `  src: url('./${file}') format('woff2');`,
          '}',
        ].join('\n'),
      );
    }
    const { fontFaces } = createFontStack([
      { ...family.metrics, familyName: family.family },
      arial,
      roboto,
    ]);
    rules.push(fontFaces);
  }
  await writeFile(
    path.join(outDir, 'fonts.css'),
    `/* Written by scripts/fonts.ts: do not edit. */\n${rules.join('\n')}\n`,
  );
  return { characters: [...characters].length, bytes };
}

if (import.meta.main) {
  const { characters, bytes } = await generateFonts();
  console.log(
    `Polices : ${characters} caractères, ${(bytes / 1024).toFixed(1)} kB dans src-web/fonts/generated.`,
  );
}
