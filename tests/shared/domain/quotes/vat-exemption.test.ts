import { describe, expect, it } from 'vitest';
import {
  EXEMPTION_MESSAGES,
  exemptionState,
  isExemptRate,
  WEBSITE_VAT_EXEMPTION,
} from '../../../../shared/domain/quotes/vat-exemption.ts';
import { defaultSettings } from '../../../../shared/domain/settings/effective.ts';
import {
  settingsFieldErrors,
  settingsSchema,
} from '../../../../shared/domain/settings/settings.ts';

const NONE = { extendedUntil: '', confirmedOn: '' };

describe('the TVA exemption of websites (issue 49)', () => {
  it('holds its end as dated data with its sources, the earliest reading held to', () => {
    expect(WEBSITE_VAT_EXEMPTION.endReadings.map((reading) => reading.until)).toEqual([
      '2025-12-31',
      '2026-12-31',
    ]);
    for (const reading of WEBSITE_VAT_EXEMPTION.endReadings) {
      expect(reading.source).not.toBe('');
    }
    expect(WEBSITE_VAT_EXEMPTION.end).toBe(
      [...WEBSITE_VAT_EXEMPTION.endReadings.map((reading) => reading.until)].sort()[0],
    );
    expect(WEBSITE_VAT_EXEMPTION.mention.fr).toContain('article 32');
    expect(WEBSITE_VAT_EXEMPTION.mention.fr).toContain('article 70');
  });

  it('is « Exonéré » for a line without TVA under the régime du réel only', () => {
    expect(isExemptRate({ kind: 'reel' }, 0)).toBe(true);
    expect(isExemptRate({ kind: 'reel' }, 9)).toBe(false);
    const mention = { fr: 'IFU', ar: 'IFU' };
    expect(isExemptRate({ kind: 'ifu', mention }, 0)).toBe(false);
    expect(isExemptRate({ kind: 'auto-entrepreneur', mention }, 0)).toBe(false);
  });

  it('lapses after the known end, unless « Réglages » records an extension that still runs', () => {
    expect(exemptionState('2025-12-31', NONE)).toEqual({
      until: '2025-12-31',
      extended: false,
      lapsed: false,
    });
    const lapsed = exemptionState('2026-01-01', NONE);
    expect(lapsed.lapsed).toBe(true);
    expect(EXEMPTION_MESSAGES.lapsed(lapsed)).toBe(
      'L’exonération de TVA des sites web a pris fin le 31/12/2025 selon les sources connues : appliquez la TVA, sauf prolongation confirmée par votre comptable et notée dans « Réglages ».',
    );
    const extension = { extendedUntil: '2026-12-31', confirmedOn: '2026-01-10' };
    expect(exemptionState('2026-11-29', extension)).toEqual({
      until: '2026-12-31',
      extended: true,
      lapsed: false,
    });
    const over = exemptionState('2027-01-01', extension);
    expect(over.lapsed).toBe(true);
    expect(EXEMPTION_MESSAGES.lapsed(over)).toContain('31/12/2026, fin de la prolongation');
  });

  it('checks the dates’ order in « Réglages », with a French sentence under the field', () => {
    const refusal = (exemption: typeof NONE) => {
      const parsed = settingsSchema.safeParse({ ...defaultSettings(), exemption });
      return parsed.success ? {} : settingsFieldErrors(parsed.error.issues);
    };
    expect(refusal(NONE)).toEqual({});
    expect(refusal({ extendedUntil: '2026-12-31', confirmedOn: '2026-01-10' })).toEqual({});
    expect(refusal({ extendedUntil: '2026-12-31', confirmedOn: '' })).toEqual({
      'exemption.confirmedOn': EXEMPTION_MESSAGES.both,
    });
    expect(refusal({ extendedUntil: '', confirmedOn: '2026-01-10' })).toEqual({
      'exemption.extendedUntil': EXEMPTION_MESSAGES.both,
    });
    expect(refusal({ extendedUntil: '2025-06-30', confirmedOn: '2025-01-10' })).toEqual({
      'exemption.extendedUntil':
        'La prolongation va au-delà du 31/12/2025, la fin connue de l’exonération.',
    });
    expect(refusal({ extendedUntil: '2026-12-31', confirmedOn: '2027-02-01' })).toEqual({
      'exemption.confirmedOn': EXEMPTION_MESSAGES.confirmedBefore,
    });
  });
});
