import { describe, expect, it } from 'vitest';
import { A_REAL_SELLER } from '../shared/backend/quotes-contract.ts';
import {
  build,
  manualClock,
  postContact,
  sendQuoteOf,
  signIn,
  VALID_CONTACT,
  type TestApp,
} from './helpers.ts';

/*
 * The client's quote links (POST /api/quote-links/read and /answer, the token in the body) are public: a dead
 * link counts against the address that asked, and past QUOTE_LINK_FAILURE_LIMIT within ten
 * minutes that address is refused (429, in French, Retry-After) until the window ends.
 */

/** 26 November 2026, 10:00 in Algiers. */
const START = Date.UTC(2026, 10, 26, 9, 0, 0);
const TEN_MINUTES_MS = 10 * 60_000;

/** A lead, and a quote for it sent by the owner: the token of its link. */
async function sentQuoteToken(app: TestApp): Promise<string> {
  expect((await postContact(app, VALID_CONTACT)).statusCode).toBe(201);
  const cookie = await signIn(app);
  const [lead] = (await app.inject({ url: '/api/contacts', headers: { cookie } })).json<
    { id: string }[]
  >();
  return sendQuoteOf(app, cookie, lead?.id);
}

/** A well-formed token that leads nowhere, different each time. */
const guess = (n: number) => `${'g'.repeat(40)}${String(n).padStart(3, '0')}`;

describe('the client’s quote links, rate-limited per address', () => {
  it('refuses an address after too many dead links, even with the right token, until the window ends', async () => {
    const time = manualClock(START);
    const { app } = await build({
      clock: time.clock,
      env: { QUOTE_LINK_FAILURE_LIMIT: '5' },
      // A quote is sent only with the agency's real mentions (issue 49).
      seller: () => A_REAL_SELLER,
    });
    const token = await sentQuoteToken(app);
    const read = (linkToken: string, remoteAddress = '127.0.0.1') =>
      app.inject({
        method: 'POST',
        url: '/api/quote-links/read',
        remoteAddress,
        payload: { token: linkToken },
      });

    // The client reads the quote as often as they like: a live link never counts.
    for (let i = 0; i < 8; i++) expect((await read(token)).statusCode).toBe(200);

    // A script guessing tokens: five dead links, then refused, whatever it asks.
    for (let i = 0; i < 5; i++) {
      const dead = await read(guess(i));
      expect(dead.statusCode).toBe(404);
      expect(dead.json().error).toMatch(/^Ce lien ne mène plus à un devis/u);
    }
    time.advance(60_000);
    const limited = await read(guess(5));
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('540');
    expect(limited.json().error).toBe(
      'Trop de tentatives en peu de temps, réessayez dans 9 minutes.',
    );
    // Even the right token, read or answered, from that address.
    expect((await read(token)).statusCode).toBe(429);
    const answer = (remoteAddress = '127.0.0.1') =>
      app.inject({
        method: 'POST',
        url: '/api/quote-links/answer',
        remoteAddress,
        payload: { token, decision: 'accepte' },
      });
    expect((await answer()).statusCode).toBe(429);
    // Another address is not affected.
    expect((await read(token, '10.0.0.2')).statusCode).toBe(200);

    // The window over, the right client reads and answers again.
    time.advance(TEN_MINUTES_MS - 60_000);
    expect((await read(token)).statusCode).toBe(200);
    const accepted = await answer();
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepte' });
  });

  it('counts dead links by default up to 20 in ten minutes', async () => {
    const { app } = await build();
    const answers: number[] = [];
    for (let i = 0; i < 22; i++) {
      const dead = await app.inject({
        method: 'POST',
        url: '/api/quote-links/read',
        payload: { token: guess(i) },
      });
      answers.push(dead.statusCode);
    }
    expect(answers).toEqual([...Array<number>(20).fill(404), 429, 429]);
  });
});
