import type { WritingScript } from '../../shared/domain/locales.ts';
import { languageOfPage, localeOf } from '../../shared/domain/routes.ts';

/**
 * The site's variable web fonts. scripts/fonts.ts cuts each one down and writes it, with its
 * @font-face rule, into the git-ignored folder generated/; the public pages' script
 * (site/browser/fonts.ts) loads those of the page's script once the first screen is painted: the
 * Latin ones everywhere (Arabic pages show digits, addresses and a few Latin names), and those
 * of the page's language's script (its `script` in the locale table): the Arabic one on the
 * Arabic pages only.
 */
export const WEB_FONTS = [
  /** Text: lead paragraphs 300 to bold 700. */
  {
    family: 'Inter Variable',
    file: 'inter.woff2',
    weights: { min: 300, max: 700 },
    script: 'latin',
  },
  /** Headings: display headings 300 to counters 800. */
  {
    family: 'Outfit Variable',
    file: 'outfit.woff2',
    weights: { min: 300, max: 800 },
    script: 'latin',
  },
  /** The Arabic pages' text and headings (SIL Open Font License 1.1). */
  {
    family: 'Noto Sans Arabic Variable',
    file: 'noto-sans-arabic.woff2',
    weights: { min: 300, max: 800 },
    script: 'arabic',
  },
] as const satisfies readonly { script: WritingScript; [key: string]: unknown }[];

export type WebFont = (typeof WEB_FONTS)[number];

/** The fonts a page of the given language (its `<html lang>`) loads. */
export function webFontsFor(lang: string): WebFont[] {
  const { script } = localeOf(languageOfPage(lang));
  return WEB_FONTS.filter((font) => font.script === 'latin' || font.script === script);
}

/** How a web font is declared, to the FontFace API (site/browser/fonts.ts) and in CSS. */
export const fontFaceDescriptors = (font: WebFont) =>
  ({
    weight: `${font.weights.min} ${font.weights.max}`,
    style: 'normal',
    display: 'swap',
  }) as const;

/** The font's @font-face rule, with its file at `url`. */
export function fontFaceRule(font: WebFont, url: string): string {
  const { weight, style, display } = fontFaceDescriptors(font);
  return `@font-face{font-family:'${font.family}';font-style:${style};font-display:${display};font-weight:${weight};src:url('${url}') format('woff2')}`;
}

/**
 * How long after being asked for the web fonts may still be put to use on this page. Later,
 * the visitor is reading, or about to tap: laying all the text out again then (a long task on
 * a slow phone, 100 ms or more) would hold up their tap and move the lines under their eyes.
 * Fonts that come later are kept for the next page, which finds them in the browser's cache
 * (their files are cached for good) and uses them at once: what `font-display: optional`
 * does, without its wait before the first paint.
 */
export const WEB_FONTS_LATE_MS = 500;
