/**
 * The site's two variable web fonts. scripts/fonts.ts cuts each one down and writes it, with
 * its @font-face rule, into the git-ignored folder generated/; the public pages' script
 * (site/fonts.ts) loads them once the first screen is painted.
 */
export const WEB_FONTS = [
  /** Text: lead paragraphs 300 to bold 700. */
  { family: 'Inter Variable', file: 'inter.woff2', weights: { min: 300, max: 700 } },
  /** Headings: display headings 300 to counters 800. */
  { family: 'Outfit Variable', file: 'outfit.woff2', weights: { min: 300, max: 800 } },
] as const;

export type WebFont = (typeof WEB_FONTS)[number];

/** The weight range as CSS writes it: `300 700`. */
export const fontWeights = (font: WebFont) => `${font.weights.min} ${font.weights.max}`;
