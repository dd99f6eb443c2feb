/**
 * The metrics of the site's web fonts and of the local fonts that stand in for them while they
 * load (scripts/fonts.ts), as @capsizecss/metrics 4.3.0 gives them. Written out here because that
 * package carries the metrics of every Google font (169 MB installed) and `npm start` needs five:
 * it is a development dependency, and tests/build/font-metrics.test.ts checks that these are
 * still its values.
 */
import type { FontMetrics } from '@capsizecss/core';

export const FONT_METRICS = {
  arial: {
    familyName: 'Arial',
    fullName: 'Arial',
    postscriptName: 'ArialMT',
    category: 'sans-serif',
    capHeight: 1467,
    ascent: 1854,
    descent: -434,
    lineGap: 67,
    unitsPerEm: 2048,
    xHeight: 1062,
    xWidthAvg: 913,
    subsets: { latin: { xWidthAvg: 913 }, thai: { xWidthAvg: 1536 } },
  },
  inter: {
    familyName: 'Inter',
    fullName: 'Inter Regular',
    postscriptName: 'Inter-Regular',
    category: 'sans-serif',
    capHeight: 1490,
    ascent: 1984,
    descent: -494,
    lineGap: 0,
    unitsPerEm: 2048,
    xHeight: 1118,
    xWidthAvg: 978,
    subsets: { latin: { xWidthAvg: 978 }, thai: { xWidthAvg: 1344 } },
  },
  notoSansArabic: {
    familyName: 'Noto Sans Arabic',
    fullName: 'Noto Sans Arabic Regular',
    postscriptName: 'NotoSansArabic-Regular',
    category: 'sans-serif',
    capHeight: 714,
    ascent: 1374,
    descent: -738,
    lineGap: 0,
    unitsPerEm: 1000,
    xHeight: 536,
    xWidthAvg: 474,
    subsets: { latin: { xWidthAvg: 474 }, thai: { xWidthAvg: 600 } },
  },
  outfit: {
    familyName: 'Outfit',
    fullName: 'Outfit Regular',
    postscriptName: 'Outfit-Regular',
    category: 'sans-serif',
    capHeight: 694,
    ascent: 1000,
    descent: -260,
    lineGap: 0,
    unitsPerEm: 1000,
    xHeight: 475,
    xWidthAvg: 445,
    subsets: { latin: { xWidthAvg: 445 }, thai: { xWidthAvg: 686 } },
  },
  roboto: {
    familyName: 'Roboto',
    fullName: 'Roboto Regular',
    postscriptName: 'Roboto-Regular',
    category: 'sans-serif',
    capHeight: 1456,
    ascent: 1900,
    descent: -500,
    lineGap: 0,
    unitsPerEm: 2048,
    xHeight: 1082,
    xWidthAvg: 911,
    subsets: { latin: { xWidthAvg: 911 }, thai: { xWidthAvg: 908 } },
  },
} satisfies Record<string, FontMetrics>;
