import { describe, expect, it } from 'vitest';
import { PROVENANCE_STORAGE_KEY } from '../../../shared/domain/provenance.ts';
import {
  readWhatsappTap,
  whatsappTapHref,
  withVisitArrival,
} from '../../../shared/domain/whatsapp-taps.ts';

const storageWith = (value: unknown) => () => ({
  getItem: (key: string) => (key === PROVENANCE_STORAGE_KEY ? JSON.stringify(value) : null),
});

describe('the public pages’ WhatsApp link', () => {
  const href = whatsappTapHref({
    pagePath: '/pageServices',
    language: 'fr',
    plan: 'site-dynamique',
    text: 'Bonjour, je suis intéressé par l’offre Site dynamique (32\u00a0000\u00a0DZD).',
  });

  it('goes to the first-party redirect, which opens the agency’s chat with the text', () => {
    expect(href.startsWith('/go/whatsapp?')).toBe(true);
    const { location, tap } = readWhatsappTap(href.slice(href.indexOf('?')));
    expect(location).toBe(
      `https://wa.me/213550123456?text=${encodeURIComponent('Bonjour, je suis intéressé par l’offre Site dynamique (32\u00a0000\u00a0DZD).')}`,
    );
    expect(tap).toEqual({
      pagePath: '/pageServices',
      language: 'fr',
      plan: 'site-dynamique',
      referrer: null,
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
    });
  });

  it('carries the visit’s arrival once the pages’ script adds it', () => {
    const withArrival = withVisitArrival(
      href,
      storageWith({ referrer: 'l.facebook.com', utmSource: 'facebook', utmCampaign: 'rentrée' }),
    );
    const { tap } = readWhatsappTap(withArrival.slice(withArrival.indexOf('?')));
    expect(tap).toMatchObject({
      referrer: 'l.facebook.com',
      utmSource: 'facebook',
      utmMedium: null,
      utmCampaign: 'rentrée',
    });
    // Nothing kept, storage refused, or kept garbage: the link as it was.
    expect(withVisitArrival(href, storageWith(null))).toBe(href);
    expect(
      withVisitArrival(href, () => {
        throw new Error('SecurityError');
      }),
    ).toBe(href);
  });

  it('drops what a form message would refuse, and counts nothing without a page and a language', () => {
    const { tap } = readWhatsappTap(
      '?page=/pageAccueil&langue=ar&offre=Not%20A%20Plan&ref=evil.example/path&utm_source=' +
        'x'.repeat(101),
    );
    expect(tap).toMatchObject({
      pagePath: '/pageAccueil',
      language: 'ar',
      plan: null,
      referrer: null,
      utmSource: null,
    });
    expect(readWhatsappTap('?page=https://evil.example&langue=fr').tap).toBeNull();
    expect(readWhatsappTap('?page=/pageAccueil&langue=en').tap).toBeNull();
    expect(readWhatsappTap('?page=/pageAccueil').tap).toBeNull();
  });

  it('only ever leads to the agency’s chat, its text cut to 500 characters without control characters', () => {
    expect(readWhatsappTap('').location).toBe('https://wa.me/213550123456');
    const long = readWhatsappTap(`?texte=${'a'.repeat(600)}%0D%0ALocation`).location;
    expect(long).toBe(`https://wa.me/213550123456?text=${'a'.repeat(500)}`);
    expect(readWhatsappTap('?texte=%0d%0aSet-Cookie:x').location).not.toMatch(/[\r\n]/);
  });
});
