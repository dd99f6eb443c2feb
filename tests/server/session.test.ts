import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../src-server/db/database.ts';
import {
  OWASP_SCRYPT,
  PasswordHasher,
  scryptKey,
  type ScryptParams,
} from '../../src-server/security/passwords.ts';
import {
  ADMIN,
  build,
  manualClock,
  signIn,
  tempDir,
  TEST_SCRYPT,
  type TestApp,
} from './helpers.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function readDb<T>(dataDir: string, work: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(path.join(dataDir, DATABASE_FILE), { readOnly: true });
  try {
    return work(db);
  } finally {
    db.close();
  }
}

describe('POST /api/session', () => {
  it('signs in and sets an HttpOnly, SameSite=Strict session cookie on /', async () => {
    const { app } = await build();
    const response = await app.inject({ method: 'POST', url: '/api/session', payload: ADMIN });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: ADMIN.email });
    const header = [response.headers['set-cookie']]
      .flat()
      .find((cookie) => cookie?.startsWith('sid='));
    expect(header).toMatch(/^sid=[\w-]{43}; /);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    expect(header).toContain('Path=/;');
    expect(header).not.toContain('Secure');
  });

  it('adds Secure with COOKIE_SECURE=true, or when the request came over HTTPS', async () => {
    const forced = await build({ env: { COOKIE_SECURE: 'true' } });
    const first = await forced.app.inject({ method: 'POST', url: '/api/session', payload: ADMIN });
    expect(String(first.headers['set-cookie'])).toContain('Secure');

    const proxied = await build({ env: { TRUST_PROXY: '1' } });
    const second = await proxied.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { 'x-forwarded-proto': 'https' },
      payload: ADMIN,
    });
    expect(String(second.headers['set-cookie'])).toContain('Secure');
  });

  it('stores only the SHA-256 of the session id and a scrypt hash of the password', async () => {
    const { app, dataDir } = await build();
    const cookie = await signIn(app);
    const token = cookie.slice('sid='.length);
    const { sessions, admins } = readDb(dataDir, (db) => ({
      sessions: db.prepare('SELECT id_hash FROM sessions').all(),
      admins: db.prepare('SELECT email, password_hash FROM admins').all(),
    }));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.id_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(sessions[0]?.id_hash).not.toContain(token);
    expect(admins).toEqual([
      { email: ADMIN.email, password_hash: expect.stringMatching(/^\$scrypt\$ln=10,r=8,p=1\$/) },
    ]);
    expect(JSON.stringify(admins)).not.toContain(ADMIN.password);
  });

  it('uses OWASP scrypt parameters (N=2^17, r=8, p=1) and a 16-byte salt by default', async () => {
    const hasher = new PasswordHasher();
    expect(hasher.params).toEqual(OWASP_SCRYPT);
    const hash = await hasher.hash('correct horse battery staple');
    const [, , params, salt] = hash.split('$');
    expect(params).toBe('ln=17,r=8,p=1');
    expect(Buffer.from(salt ?? '', 'base64url')).toHaveLength(16);
    expect(await hasher.verify('correct horse battery staple', hash)).toBe(true);
    expect(await hasher.verify('correct horse battery stapler', hash)).toBe(false);
  });

  it('gives one generic 401 whether the e-mail is unknown or the password wrong', async () => {
    const { app } = await build();
    const wrongPassword = await app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: ADMIN.email, password: 'pas le bon mot de passe' },
    });
    const unknownEmail = await app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: 'inconnu@agence.test', password: ADMIN.password },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(unknownEmail.body).toBe(wrongPassword.body);
    expect(wrongPassword.json()).toEqual({ error: 'Adresse e-mail ou mot de passe incorrect.' });
    expect(wrongPassword.headers['set-cookie']).toBeUndefined();
  });

  it('runs scrypt for an unknown e-mail too, with the same parameters (equal timing)', async () => {
    // Counted, not timed: a clock on a loaded machine proves nothing either way.
    const hashes: ScryptParams[] = [];
    const { app } = await build({
      deriveKey: (password, salt, params) => {
        hashes.push(params);
        return scryptKey(password, salt, params);
      },
    });
    const hashesFor = async (email: string) => {
      const before = hashes.length;
      const response = await app.inject({
        method: 'POST',
        url: '/api/session',
        payload: { email, password: 'pas le bon mot de passe' },
      });
      expect(response.statusCode).toBe(401);
      return hashes.slice(before);
    };

    const known = await hashesFor(ADMIN.email);
    const unknown = await hashesFor('inconnu@agence.test');
    expect(known).toEqual([TEST_SCRYPT]);
    // The same single scrypt run, at the same cost: nothing tells the two apart.
    expect(unknown).toEqual(known);
    expect(await hashesFor('un.autre.inconnu@agence.test')).toEqual(known);
  });

  it('accepts the e-mail in any case and with spaces around it', async () => {
    const { app } = await build();
    const response = await app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: `  ${ADMIN.email.toUpperCase()} `, password: ADMIN.password },
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers 400 in French when a field is missing', async () => {
    const { app } = await build();
    const response = await app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      email: 'Ce champ est obligatoire.',
      password: 'Ce champ est obligatoire.',
    });
  });

  it('issues a new session id at each sign-in and ends the one the browser had', async () => {
    const { app } = await build();
    const first = await signIn(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { cookie: first },
      payload: ADMIN,
    });
    const second = `sid=${response.cookies.find((c) => c.name === 'sid')?.value}`;
    expect(second).not.toBe(first);
    expect((await app.inject({ url: '/api/session', headers: { cookie: first } })).statusCode).toBe(
      401,
    );
    expect(
      (await app.inject({ url: '/api/session', headers: { cookie: second } })).statusCode,
    ).toBe(200);
  });
});

describe('GET and DELETE /api/session', () => {
  it('tells who is signed in, 401 otherwise', async () => {
    const { app } = await build();
    expect((await app.inject({ url: '/api/session' })).statusCode).toBe(401);
    expect(
      (await app.inject({ url: '/api/session', headers: { cookie: 'sid=forged' } })).statusCode,
    ).toBe(401);
    const cookie = await signIn(app);
    const response = await app.inject({ url: '/api/session', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: ADMIN.email });
  });

  it('signs out with 204, clears the cookie and ends the session server-side', async () => {
    const { app } = await build();
    const cookie = await signIn(app);
    const response = await app.inject({
      method: 'DELETE',
      url: '/api/session',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['set-cookie'])).toMatch(/^sid=; Max-Age=0; /);
    // Replaying the old cookie does not work.
    expect((await app.inject({ url: '/api/contacts', headers: { cookie } })).statusCode).toBe(401);
    // Signing out again is not an error.
    expect((await app.inject({ method: 'DELETE', url: '/api/session' })).statusCode).toBe(204);
  });

  it('ends a session after 2 hours without a request', async () => {
    const time = manualClock();
    const { app } = await build({ clock: time.clock });
    const cookie = await signIn(app);
    time.advance(HOUR + 59 * MINUTE);
    expect((await app.inject({ url: '/api/session', headers: { cookie } })).statusCode).toBe(200);
    // That request counted as activity.
    time.advance(HOUR + 59 * MINUTE);
    expect((await app.inject({ url: '/api/session', headers: { cookie } })).statusCode).toBe(200);
    time.advance(2 * HOUR);
    expect((await app.inject({ url: '/api/session', headers: { cookie } })).statusCode).toBe(401);
  });

  it('ends a session 12 hours after sign-in, however active', async () => {
    const time = manualClock();
    const { app } = await build({ clock: time.clock });
    const cookie = await signIn(app);
    for (let elapsed = 0; elapsed < 11; elapsed++) {
      time.advance(HOUR);
      expect((await app.inject({ url: '/api/contacts', headers: { cookie } })).statusCode).toBe(
        200,
      );
    }
    time.advance(HOUR);
    expect((await app.inject({ url: '/api/contacts', headers: { cookie } })).statusCode).toBe(401);
  });

  it('refuses a session dated in the future, which no timeout would ever end (issue 47, finding 8)', async () => {
    const time = manualClock();
    const { app, dataDir } = await build({ clock: time.clock });
    const cookie = await signIn(app);
    // A restored or edited database: the session says it was opened a year from now.
    const side = new DatabaseSync(path.join(dataDir, DATABASE_FILE));
    try {
      const year = time.clock() + 365 * 24 * HOUR;
      side.prepare('UPDATE sessions SET created_at_ms = ?, last_seen_at_ms = ?').run(year, year);
    } finally {
      side.close();
    }
    expect((await app.inject({ url: '/api/contacts', headers: { cookie } })).statusCode).toBe(401);
    expect(readDb(dataDir, (db) => db.prepare('SELECT count(*) AS n FROM sessions').get())).toEqual(
      { n: 0 },
    );
    // A clock set back a minute by the time service keeps the owner signed in.
    const again = await signIn(app);
    time.advance(-MINUTE);
    expect(
      (await app.inject({ url: '/api/contacts', headers: { cookie: again } })).statusCode,
    ).toBe(200);
  });
});

describe('the admin account', () => {
  it('is chosen by the owner from a one-time link made at every start until then', async () => {
    const dataDir = await tempDir('first-start');
    const owner = { email: 'Patronne@Agence.dz', password: 'mon mot de passe à moi' };
    const setUp = (app: TestApp, token: string | null, account = owner) =>
      app.inject({
        method: 'POST',
        url: '/api/setup',
        payload: { token: token ?? '', ...account },
      });

    const first = await build({ dataDir, noAdminEnv: true });
    const lost = first.app.startFirstPassword();
    expect(lost).toMatch(/^[\w-]{43}$/);
    // No account yet: nobody signs in, whatever they try.
    expect(readDb(dataDir, (db) => db.prepare('SELECT email FROM admins').all())).toEqual([]);
    await first.app.close();

    // The next start makes a new link; the previous one is dead.
    const second = await build({ dataDir, noAdminEnv: true });
    const token = second.app.startFirstPassword();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(token).not.toBe(lost);
    const stale = await setUp(second.app, lost);
    expect(stale.statusCode).toBe(410);
    expect(stale.json<{ error: string }>().error).toMatch(/^Ce lien a déjà servi/);

    const weak = await setUp(second.app, token, { ...owner, password: 'court' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json<{ fields: Record<string, string> }>().fields.password).toBe(
      'Choisissez un mot de passe d’au moins 12 caractères.',
    );

    const done = await setUp(second.app, token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ email: 'patronne@agence.dz' });
    const cookies = done.cookies.map((cookie) => cookie.name);
    expect(cookies).toEqual(expect.arrayContaining(['sid', 'device']));
    const sid = done.cookies.find((cookie) => cookie.name === 'sid')?.value ?? '';
    const session = await second.app.inject({
      url: '/api/session',
      headers: { cookie: `sid=${sid}` },
    });
    expect(session.statusCode).toBe(200);
    // Used once: a second use, even with another password, is refused.
    expect(
      (await setUp(second.app, token, { ...owner, password: 'un autre essai encore' })).statusCode,
    ).toBe(410);
    await second.app.close();

    // Once the password is chosen, no start makes a link any more.
    const third = await build({ dataDir, noAdminEnv: true });
    expect(third.app.startFirstPassword()).toBeNull();
    await signIn(third.app, owner);
  });

  it('makes no link with ADMIN_EMAIL/ADMIN_PASSWORD (a scripted set-up)', async () => {
    const { app } = await build();
    expect(app.startFirstPassword()).toBeNull();
    await signIn(app);
  });

  it('follows ADMIN_EMAIL/ADMIN_PASSWORD: a new password replaces the old and ends its sessions', async () => {
    const dataDir = await tempDir('rotate');
    const first = await build({ dataDir });
    const cookie = await signIn(first.app);
    await first.app.close();

    const kept = await build({ dataDir });
    expect((await kept.app.inject({ url: '/api/session', headers: { cookie } })).statusCode).toBe(
      200,
    );
    await kept.app.close();

    const newPassword = 'un tout autre mot de passe';
    const rotated = await build({ dataDir, env: { ADMIN_PASSWORD: newPassword } });
    expect(
      (await rotated.app.inject({ url: '/api/session', headers: { cookie } })).statusCode,
    ).toBe(401);
    const old = await rotated.app.inject({ method: 'POST', url: '/api/session', payload: ADMIN });
    expect(old.statusCode).toBe(401);
    await signIn(rotated.app, { email: ADMIN.email, password: newPassword });
  });

  it('replaces an account chosen from the link once ADMIN_EMAIL/ADMIN_PASSWORD are given', async () => {
    const dataDir = await tempDir('replace');
    const first = await build({ dataDir, noAdminEnv: true });
    const chosen = await first.app.inject({
      method: 'POST',
      url: '/api/setup',
      payload: {
        token: first.app.startFirstPassword(),
        email: 'autre@agence.dz',
        password: 'mot de passe choisi',
      },
    });
    expect(chosen.statusCode).toBe(200);
    await first.app.close();
    const second = await build({ dataDir });
    await signIn(second.app);
    expect(readDb(dataDir, (db) => db.prepare('SELECT email FROM admins').all())).toEqual([
      { email: ADMIN.email },
    ]);
  });
});
