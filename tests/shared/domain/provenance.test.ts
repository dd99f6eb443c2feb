import { describe, expect, it } from 'vitest';
import { contactInputSchema } from '../../../shared/domain/contact.ts';
import { keptArrival } from '../../../shared/domain/provenance-fields.ts';
import {
  arrivalFrom,
  PROVENANCE_LIMITS,
  PROVENANCE_STORAGE_KEY,
  rememberArrival,
} from '../../../shared/domain/provenance.ts';
import { aContactInput } from '../../fixtures/messages.ts';

const SITE = 'https://orizon-numerique.dz';

/** A sessionStorage of our own (a Map), as the browser's behaves for these two calls. */
function aSessionStorage() {
  const kept = new Map<string, string>();
  return {
    kept,
    getItem: (key: string) => kept.get(key) ?? null,
    setItem: (key: string, value: string) => void kept.set(key, value),
  };
}

describe('where a visit arrives from', () => {
  it.each([
    [
      'a search engine',
      `${SITE}/pageAccueil`,
      'https://www.google.com/',
      { referrer: 'www.google.com' },
    ],
    [
      'an ad with its campaign',
      `${SITE}/pageServices?utm_source=facebook&utm_medium=cpc&utm_campaign=ramadan-2026`,
      'https://l.facebook.com/',
      {
        referrer: 'l.facebook.com',
        utmSource: 'facebook',
        utmMedium: 'cpc',
        utmCampaign: 'ramadan-2026',
      },
    ],
    [
      'a newsletter link (no referrer), words trimmed and decoded',
      `${SITE}/ar/pageContact?utm_source=%20lettre%20&utm_campaign=%D8%B1%D9%85%D8%B6%D8%A7%D9%86`,
      '',
      { utmSource: 'lettre', utmCampaign: 'رمضان' },
    ],
    ['a page of the site itself', `${SITE}/pageContact`, `${SITE}/pageAccueil`, null],
    ['a typed address or a bookmark', `${SITE}/pageAccueil`, '', null],
    ['an empty utm_source', `${SITE}/pageAccueil?utm_source=`, '', null],
    [
      'an app (Android gives its name as the referrer)',
      `${SITE}/pageAccueil`,
      'android-app://com.slack/',
      { referrer: 'com.slack' },
    ],
  ])('%s', (_, page, referrer, expected) => {
    expect(arrivalFrom(page, referrer)).toEqual(expected);
  });

  it('cuts a campaign word to its limit', () => {
    const long = 'x'.repeat(PROVENANCE_LIMITS.utm + 50);
    expect(arrivalFrom(`${SITE}/?utm_campaign=${long}`, '')?.utmCampaign).toHaveLength(
      PROVENANCE_LIMITS.utm,
    );
  });

  it('keeps the arrival for the visit: a step inside the site keeps it, a new arrival replaces it', () => {
    const storage = aSessionStorage();
    rememberArrival(() => storage, `${SITE}/pageAccueil?utm_source=instagram`, '');
    rememberArrival(() => storage, `${SITE}/pageContact`, `${SITE}/pageAccueil`);
    expect(keptArrival(() => storage)).toEqual({ utmSource: 'instagram' });
    rememberArrival(() => storage, `${SITE}/pageAccueil`, 'https://www.bing.com/');
    expect(keptArrival(() => storage)).toEqual({ referrer: 'www.bing.com' });
  });

  it('loses only the provenance when storage is refused or holds something else', () => {
    const refused = () => {
      throw new DOMException('refusé', 'SecurityError');
    };
    expect(() => rememberArrival(refused, `${SITE}/?utm_source=x`, '')).not.toThrow();
    // A referrer that is no address at all: nothing kept, nothing thrown.
    const storage0 = aSessionStorage();
    expect(() => rememberArrival(() => storage0, `${SITE}/`, 'pas une adresse')).not.toThrow();
    expect(storage0.kept.size).toBe(0);
    expect(keptArrival(refused)).toEqual({});
    const storage = aSessionStorage();
    storage.kept.set(PROVENANCE_STORAGE_KEY, '{pas du JSON');
    expect(keptArrival(() => storage)).toEqual({});
    storage.kept.set(
      PROVENANCE_STORAGE_KEY,
      JSON.stringify({ utmSource: 3, referrer: 'a.dz', x: 'y' }),
    );
    expect(keptArrival(() => storage)).toEqual({ referrer: 'a.dz' });
  });
});

describe('the provenance in the message schema', () => {
  it('keeps each part within its bounds', () => {
    const parsed = contactInputSchema.parse(
      aContactInput({
        pagePath: '/ar/pageContact',
        referrer: 'www.google.com',
        utmSource: 'google',
        utmMedium: 'cpc',
        utmCampaign: 'été 2026',
      }),
    );
    expect(parsed).toMatchObject({
      pagePath: '/ar/pageContact',
      referrer: 'www.google.com',
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'été 2026',
    });
  });

  it.each([
    ['pagePath', `/${'p'.repeat(PROVENANCE_LIMITS.pagePath)}`],
    ['pagePath', '/pageContact?x=1'],
    ['referrer', 'https://www.google.com/'],
    ['referrer', 'a'.repeat(PROVENANCE_LIMITS.referrer + 1)],
    ['utmSource', 'u'.repeat(PROVENANCE_LIMITS.utm + 1)],
    ['utmMedium', 'c\u200Bpc'],
    ['utmCampaign', 'promo \u202Eété'],
    ['utmCampaign', 42],
  ])('drops %s %j, and keeps the message', (field, value) => {
    const parsed = contactInputSchema.safeParse({ ...aContactInput(), [field]: value });
    expect(parsed.success).toBe(true);
    expect((parsed.data as Record<string, unknown> | undefined)?.[field]).toBeUndefined();
  });
});
