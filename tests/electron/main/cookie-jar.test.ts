import { describe, expect, it } from 'vitest';
import {
  createCookieFetch,
  createCookieJar,
  parseSetCookie,
  type StoredCookie,
} from '../../../src-electron/main/cookie-jar.ts';

const ORIGIN = 'http://127.0.0.1:3000';
const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);

describe('parseSetCookie', () => {
  it('reads the name, the value and the end of life', () => {
    expect(parseSetCookie('sid=abc=def; Path=/; HttpOnly; SameSite=Strict', NOW)).toEqual({
      name: 'sid',
      value: 'abc=def',
      expiresAt: null,
    });
    expect(parseSetCookie('sid=x; Max-Age=60', NOW)?.expiresAt).toBe(NOW + 60_000);
    expect(parseSetCookie('sid=; Expires=Thu, 01 Jan 1970 00:00:00 GMT', NOW)?.expiresAt).toBe(0);
    // Max-Age wins over Expires, whatever the order.
    expect(
      parseSetCookie('sid=x; Max-Age=10; Expires=Thu, 01 Jan 1970 00:00:00 GMT', NOW)?.expiresAt,
    ).toBe(NOW + 10_000);
    expect(parseSetCookie('=x', NOW)).toBeNull();
    expect(parseSetCookie('pas-de-valeur', NOW)).toBeNull();
  });
});

describe('createCookieJar', () => {
  it('keeps the backend’s cookies, sends them only to it, and forgets cleared ones', () => {
    let now = NOW;
    const changes: StoredCookie[][] = [];
    const jar = createCookieJar({
      origin: ORIGIN,
      now: () => now,
      onChange: (c) => changes.push(c),
    });
    jar.store(`${ORIGIN}/api/session`, ['sid=jeton; HttpOnly', 'pref=1; Max-Age=5']);
    expect(jar.headerFor(`${ORIGIN}/api/contacts`)).toBe('sid=jeton; pref=1');
    expect(jar.headerFor('http://autre.example/api/contacts')).toBeNull();

    jar.store('http://autre.example/', ['sid=vol']);
    expect(jar.headerFor(`${ORIGIN}/`)).toBe('sid=jeton; pref=1');

    now += 6000;
    expect(jar.headerFor(`${ORIGIN}/`)).toBe('sid=jeton');

    jar.store(`${ORIGIN}/api/session`, ['sid=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT']);
    expect(jar.headerFor(`${ORIGIN}/`)).toBeNull();
    expect(changes.at(-1)).toEqual([]);
  });

  it('starts from stored cookies', () => {
    const jar = createCookieJar({
      origin: ORIGIN,
      initial: [{ name: 'sid', value: 'ancien', expiresAt: null }],
    });
    expect(jar.headerFor(`${ORIGIN}/api/session`)).toBe('sid=ancien');
    jar.clear();
    expect(jar.snapshot()).toEqual([]);
  });
});

describe('createCookieFetch', () => {
  it('adds the Cookie header and keeps Set-Cookie from the answer', async () => {
    const seen: (string | null)[] = [];
    const baseFetch: typeof fetch = async (_input, init) => {
      seen.push(new Headers(init?.headers).get('Cookie'));
      return new Response('{}', { headers: [['Set-Cookie', 'sid=nouveau; HttpOnly']] });
    };
    const jar = createCookieJar({ origin: ORIGIN });
    const cookieFetch = createCookieFetch(baseFetch, jar);
    await cookieFetch(`${ORIGIN}/api/session`, { headers: { Accept: 'application/json' } });
    await cookieFetch(new URL(`${ORIGIN}/api/contacts`));
    expect(seen).toEqual([null, 'sid=nouveau']);
  });
});
