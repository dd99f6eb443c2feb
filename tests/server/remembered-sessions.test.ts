import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../src-server/db/database.ts';
import { ADMIN, build, listen, manualClock, openStream } from './helpers.ts';

// « Rester connecté sur cet appareil » and « Se déconnecter partout » (issue 45,
// docs/inbox.md, « Rester connecté »).

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function sessionCookieHeader(setCookie: string | string[] | undefined): string {
  const header = [setCookie].flat().find((cookie) => cookie?.startsWith('sid='));
  if (!header) throw new Error('no session cookie');
  return header;
}

describe('« Rester connecté sur cet appareil »', () => {
  it('checked: the cookie lasts 30 days (Max-Age), and so does the session, however idle', async () => {
    const time = manualClock();
    const { app } = await build({ clock: time.clock });
    const response = await app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { ...ADMIN, remember: true },
    });
    expect(response.statusCode).toBe(200);
    const header = sessionCookieHeader(response.headers['set-cookie']);
    expect(header).toContain(`Max-Age=${30 * 24 * 3600}`);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    expect(header).toContain('Path=/');
    const cookie = header.split(';')[0] ?? '';

    // A phone left in a drawer for 13 days: still signed in (an unmarked session ends after
    // 2 hours idle or 12 hours in all).
    time.advance(13 * DAY);
    expect((await app.inject({ url: '/api/session', headers: { cookie } })).statusCode).toBe(200);
    // Fixed, not sliding: that request did not push the end back.
    time.advance(17 * DAY - 60_000);
    expect((await app.inject({ url: '/api/contacts', headers: { cookie } })).statusCode).toBe(200);
    time.advance(60_000);
    expect((await app.inject({ url: '/api/contacts', headers: { cookie } })).statusCode).toBe(401);
  });

  it('unchecked: a session cookie (no Max-Age, no Expires) and today’s 2-hour idle limit', async () => {
    const time = manualClock();
    const { app } = await build({ clock: time.clock });
    for (const payload of [ADMIN, { ...ADMIN, remember: false }]) {
      const response = await app.inject({ method: 'POST', url: '/api/session', payload });
      expect(response.statusCode).toBe(200);
      const header = sessionCookieHeader(response.headers['set-cookie']);
      expect(header).not.toMatch(/Max-Age|Expires/i);
      const cookie = header.split(';')[0] ?? '';
      time.advance(2 * HOUR);
      expect((await app.inject({ url: '/api/session', headers: { cookie } })).statusCode).toBe(401);
    }
  });

  it('refuses anything but true or false, and stores nothing then', async () => {
    const { app, dataDir } = await build();
    const response = await app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { ...ADMIN, remember: 'oui' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['set-cookie']).toBeUndefined();
    const db = new DatabaseSync(path.join(dataDir, DATABASE_FILE), { readOnly: true });
    try {
      expect(db.prepare('SELECT count(*) AS n FROM sessions').get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });
});

describe('« Se déconnecter partout » (DELETE /api/sessions), on a real HTTP server', () => {
  async function signInOver(url: string, remember: boolean): Promise<string> {
    const response = await fetch(`${url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...ADMIN, remember }),
    });
    expect(response.status).toBe(200);
    return sessionCookieHeader(response.headers.getSetCookie()).split(';')[0] ?? '';
  }

  it('ends every session of the owner, on the other devices too, and their event streams', async () => {
    const { app } = await build({ env: { SSE_HEARTBEAT_MS: '200' } });
    const url = await listen(app);
    const phone = await signInOver(url, true);
    const laptop = await signInOver(url, false);
    const stream = await openStream(`${url}/api/events`, { cookie: phone });
    expect(stream.status).toBe(200);

    // Without a session, nobody can end the owner's sessions.
    expect((await fetch(`${url}/api/sessions`, { method: 'DELETE' })).status).toBe(401);
    expect((await fetch(`${url}/api/session`, { headers: { cookie: phone } })).status).toBe(200);

    const ended = await fetch(`${url}/api/sessions`, {
      method: 'DELETE',
      headers: { cookie: laptop },
    });
    expect(ended.status).toBe(204);
    expect(sessionCookieHeader(ended.headers.getSetCookie())).toMatch(/^sid=; Max-Age=0; /);

    // The phone, remembered for 30 days, is signed out, and its open dashboard is cut off.
    await stream.closed;
    for (const cookie of [phone, laptop]) {
      expect((await fetch(`${url}/api/session`, { headers: { cookie } })).status).toBe(401);
      expect((await fetch(`${url}/api/contacts`, { headers: { cookie } })).status).toBe(401);
    }
    // A new sign-in works as before.
    const again = await signInOver(url, false);
    expect((await fetch(`${url}/api/session`, { headers: { cookie: again } })).status).toBe(200);
  });
});
