import { describe, expect, it } from 'vitest';
import { build, manualClock, signIn } from './helpers.ts';

/*
 * The public pages' WhatsApp button (docs/inbox.md, « Les contacts par WhatsApp »): the
 * first-party redirect /go/whatsapp counts the tap, cookie-free, then answers 302 to the
 * agency's chat on wa.me and nowhere else; the owner reads the taps for « Sources ».
 */

const START = Date.UTC(2026, 10, 28, 19, 0, 0);
const PLAN_TAP =
  '/go/whatsapp?page=%2FpageServices&langue=fr&offre=site-dynamique' +
  '&texte=Bonjour%2C+je+suis+int%C3%A9ress%C3%A9+par+l%E2%80%99offre+Site+dynamique+%2832%C2%A0000%C2%A0DZD%29.' +
  '&ref=www.facebook.com&utm_source=facebook&utm_medium=cpc&utm_campaign=rentree';

describe('GET /go/whatsapp', () => {
  it('counts the tap with its page, language, plan and arrival, and opens the agency’s chat with the text', async () => {
    const time = manualClock(START);
    const { app } = await build({ clock: time.clock });
    const answer = await app.inject({ url: PLAN_TAP });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(
      `https://wa.me/213550123456?text=${encodeURIComponent('Bonjour, je suis intéressé par l’offre Site dynamique (32\u00a0000\u00a0DZD).')}`,
    );
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(answer.headers['cache-control']).toBe('no-store');

    const cookie = await signIn(app);
    const taps = await app.inject({
      url: `/api/whatsapp-taps?since=${START - 1}`,
      headers: { cookie },
    });
    expect(taps.statusCode).toBe(200);
    expect(taps.json()).toEqual([
      {
        at: START,
        pagePath: '/pageServices',
        language: 'fr',
        plan: 'site-dynamique',
        referrer: 'www.facebook.com',
        utmSource: 'facebook',
        utmMedium: 'cpc',
        utmCampaign: 'rentree',
      },
    ]);
    // Only the taps after the instant asked.
    const later = await app.inject({
      url: `/api/whatsapp-taps?since=${START}`,
      headers: { cookie },
    });
    expect(later.json()).toEqual([]);
  });

  it('never sends the visitor anywhere but the agency’s chat', async () => {
    const { app } = await build();
    for (const url of [
      '/go/whatsapp?to=https://evil.example',
      '/go/whatsapp?page=//evil.example&langue=fr&texte=x',
      '/go/whatsapp?page=/pageAccueil&langue=fr&texte=%0d%0aLocation:%20https://evil.example',
      '/go/whatsapp?page=/pageAccueil&langue=fr&wa=33612345678',
    ]) {
      const answer = await app.inject({ url });
      expect(answer.statusCode, url).toBe(302);
      expect(String(answer.headers.location), url).toMatch(
        /^https:\/\/wa\.me\/213550123456(\?text=[^\r\n]*)?$/,
      );
    }
  });

  it('does not count a tap naming no page of the site, or past the address’s limit, but still opens the chat', async () => {
    const time = manualClock(START);
    const { app } = await build({ clock: time.clock, env: { CONTACT_RATE_LIMIT: '2' } });
    expect((await app.inject({ url: '/go/whatsapp?langue=fr&texte=Bonjour' })).statusCode).toBe(
      302,
    );
    expect((await app.inject({ url: '/go/whatsapp?page=/x&langue=xx' })).statusCode).toBe(302);
    for (let tap = 0; tap < 4; tap += 1) {
      const answer = await app.inject({ url: PLAN_TAP, remoteAddress: '203.0.113.7' });
      expect(answer.statusCode).toBe(302);
    }
    await app.inject({ url: PLAN_TAP, remoteAddress: '198.51.100.9' });
    const cookie = await signIn(app);
    const since = async () =>
      (await app.inject({ url: `/api/whatsapp-taps?since=0`, headers: { cookie } })).json<
        unknown[]
      >();
    expect(await since()).toHaveLength(3);
    // A new minute, a new count for the address.
    time.advance(60_000);
    await app.inject({ url: PLAN_TAP, remoteAddress: '203.0.113.7' });
    expect(await since()).toHaveLength(4);
  });

  it('keeps the taps for the owner alone', async () => {
    const { app } = await build();
    expect((await app.inject({ url: '/api/whatsapp-taps?since=0' })).statusCode).toBe(401);
  });
});
