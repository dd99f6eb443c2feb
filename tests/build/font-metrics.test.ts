/**
 * The font metrics written out in scripts/font-metrics.ts (so that `npm start` does without the
 * 169 MB of @capsizecss/metrics) are still the package's: the fallback faces keep matching the
 * web fonts when the package is updated.
 */
import arial from '@capsizecss/metrics/arial';
import inter from '@capsizecss/metrics/inter';
import notoSansArabic from '@capsizecss/metrics/notoSansArabic';
import outfit from '@capsizecss/metrics/outfit';
import roboto from '@capsizecss/metrics/roboto';
import { expect, it } from 'vitest';
import { FONT_METRICS } from '../../scripts/font-metrics.ts';

it('each font’s metrics are those of @capsizecss/metrics', () => {
  expect(FONT_METRICS).toEqual({ arial, inter, notoSansArabic, outfit, roboto });
});
