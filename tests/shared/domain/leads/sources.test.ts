import { describe, expect, it } from 'vitest';
import { provenanceOf } from '../../../../shared/domain/leads/sources.ts';
import { aMessage } from '../../../fixtures/messages.ts';

describe('« Provenance » of a message', () => {
  it.each([
    [
      'an Arabic page, an ad campaign',
      {
        language: 'ar',
        pagePath: '/ar/pageContact',
        referrer: 'l.facebook.com',
        utmSource: 'facebook',
        utmMedium: 'cpc',
        utmCampaign: 'ramadan',
      },
      [
        ['Page', '/ar/pageContact (en arabe)'],
        ['Site référent', 'l.facebook.com'],
        ['Source (utm_source)', 'facebook'],
        ['Support (utm_medium)', 'cpc'],
        ['Campagne (utm_campaign)', 'ramadan'],
      ],
    ],
    [
      'a French page reached directly',
      { pagePath: '/pageAccueil' },
      [
        ['Page', '/pageAccueil (en français)'],
        ['Site référent', 'Aucun (accès direct)'],
      ],
    ],
    ['a message received before it was recorded', {}, null],
  ] as const)('%s', (_, overrides, rows) => {
    const found = provenanceOf(aMessage(overrides));
    expect(found && found.map(({ label, value }) => [label, value])).toEqual(rows);
  });
});
