/**
 * Sign-in throttling as an attacker and as the owner meet it, through the real API: guesses
 * are counted before their password is checked, an address or an (account, address) pair is
 * stopped, the account itself is only slowed down, and the owner's own device goes through.
 */
import { describe, expect, it } from 'vitest';
import { addressKey } from '../../src-server/security/address-key.ts';
import { PasswordHasher, scryptKey } from '../../src-server/security/passwords.ts';
import { ADMIN, build, manualClock, type TestApp } from './helpers.ts';

const MINUTE = 60_000;
const WRONG = 'mauvais mot de passe';

function attempt(
  app: TestApp,
  remoteAddress: string,
  password: string,
  options: { email?: string; device?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/session',
    remoteAddress,
    payload: { email: options.email ?? ADMIN.email, password },
    ...(options.device ? { cookies: { device: options.device } } : {}),
  });
}

/** Signs the owner in once from `address` and returns the device cookie they were given. */
async function ownerDevice(app: TestApp, address: string): Promise<string> {
  const response = await attempt(app, address, ADMIN.password);
  expect(response.statusCode).toBe(200);
  const device = response.cookies.find((cookie) => cookie.name === 'device');
  if (!device) throw new Error('no device cookie');
  return device.value;
}

describe('sign-in throttle', () => {
  it('counts a guess before checking it: of 40 parallel guesses from one address, 5 at most are checked', async () => {
    const { app } = await build();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => attempt(app, '10.0.2.1', WRONG)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - checked);
  });

  it('stops an (account, address) pair for the rest of the window, in French', async () => {
    const time = manualClock();
    const { app } = await build({ clock: time.clock });
    for (let i = 0; i < 5; i++)
      expect((await attempt(app, '10.0.2.2', WRONG)).statusCode).toBe(401);

    const blocked = await attempt(app, '10.0.2.2', ADMIN.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('900');
    // An unknown device, and no SMTP_URL to e-mail it a link: what to do instead.
    expect(blocked.json().error).toContain(
      'Connectez-vous depuis un navigateur ou la console où vous vous êtes déjà connecté, réessayez dans 15 minutes, ou redémarrez le serveur',
    );

    time.advance(15 * MINUTE);
    expect((await attempt(app, '10.0.2.2', ADMIN.password)).statusCode).toBe(200);
  });

  it('stops an address that tries many accounts, and only that address', async () => {
    const { app } = await build();
    for (let i = 0; i < 20; i++) {
      const answer = await attempt(app, '10.0.3.1', WRONG, { email: `essai${i}@agence.test` });
      expect(answer.statusCode).toBe(401);
    }
    expect((await attempt(app, '10.0.3.1', WRONG, { email: 'autre@agence.test' })).statusCode).toBe(
      429,
    );
    expect((await attempt(app, '10.0.3.2', ADMIN.password)).statusCode).toBe(200);
  });

  it('slows an account down across addresses (1 s, 2 s, 4 s… up to a minute), never locks it', async () => {
    const time = manualClock();
    const { app } = await build({ clock: time.clock });
    let address = 0;
    const fromNewAddress = (password: string) => attempt(app, `10.0.4.${++address}`, password);

    for (let i = 0; i < 6; i++) expect((await fromNewAddress(WRONG)).statusCode).toBe(401);
    const waits: string[] = [];
    for (let i = 0; i < 8; i++) {
      const refused = await fromNewAddress(WRONG);
      expect(refused.statusCode).toBe(429);
      const wait = refused.headers['retry-after'];
      waits.push(String(wait));
      time.advance(Number(wait) * 1000);
      expect((await fromNewAddress(WRONG)).statusCode).toBe(401);
    }
    expect(waits).toEqual(['1', '2', '4', '8', '16', '32', '60', '60']);

    // The right password, once the wait is over, gets in, from anywhere.
    time.advance(MINUTE);
    expect((await fromNewAddress(ADMIN.password)).statusCode).toBe(200);
  });

  it('lets the owner in from their own device while guesses from everywhere else are refused', async () => {
    const time = manualClock();
    const { app } = await build({ clock: time.clock });
    const device = await ownerDevice(app, '192.0.2.10');

    // A guesser on many addresses, one of them the owner's own (a shared mobile address).
    for (let i = 0; i < 12; i++) await attempt(app, `10.0.5.${i}`, WRONG);
    for (let i = 0; i < 6; i++) await attempt(app, '192.0.2.10', WRONG);
    expect((await attempt(app, '10.0.5.99', ADMIN.password)).statusCode).toBe(429);
    expect((await attempt(app, '192.0.2.10', ADMIN.password)).statusCode).toBe(429);

    const owner = await attempt(app, '192.0.2.10', ADMIN.password, { device });
    expect(owner.statusCode).toBe(200);
    // A known device is not given a second cookie.
    expect(owner.cookies.find((cookie) => cookie.name === 'device')).toBeUndefined();
  });

  it('gives the device cookie HttpOnly, SameSite=Strict, a year, and only for the sign-in route', async () => {
    const { app } = await build();
    const response = await attempt(app, '10.0.6.1', ADMIN.password);
    const device = response.cookies.find((cookie) => cookie.name === 'device');
    expect(device).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/session',
      maxAge: 365 * 24 * 3600,
    });
  });

  it('trusts a device cookie only for the account it was issued to, and only 5 wrong passwords', async () => {
    const time = manualClock();
    const { app } = await build({ clock: time.clock });
    const device = await ownerDevice(app, '10.0.7.1');

    // Someone else's account, from this device: the usual limits apply.
    for (let i = 0; i < 5; i++) {
      await attempt(app, '10.0.7.2', WRONG, { email: 'autre@agence.test', device });
    }
    expect(
      (await attempt(app, '10.0.7.2', WRONG, { email: 'autre@agence.test', device })).statusCode,
    ).toBe(429);

    // The device itself: after 5 wrong passwords it is an unknown device like any other.
    for (let i = 0; i < 5; i++) {
      expect((await attempt(app, '10.0.7.3', WRONG, { device })).statusCode).toBe(401);
    }
    for (let i = 0; i < 5; i++) await attempt(app, '10.0.7.3', WRONG, { device });
    expect((await attempt(app, '10.0.7.3', ADMIN.password, { device })).statusCode).toBe(429);
  });
});

/**
 * An app whose password checks, once `close()` is called, wait at a gate until `open()`: a
 * spray's checks are all in flight when the owner arrives, whatever the machine's speed.
 */
async function gatedApp() {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let gated = false;
  const { app } = await build({
    deriveKey: async (password, salt, params) => {
      if (gated) await gate;
      return scryptKey(password, salt, params);
    },
  });
  return {
    app,
    close: () => {
      gated = true;
    },
    open: () => open(),
  };
}

/**
 * Sends `attempts` at once and resolves once `refusals` of them have been answered 429: the
 * others are then in flight, held at the gate.
 */
async function sprayUntilRefused(
  attempts: Promise<Awaited<ReturnType<typeof attempt>>>[],
  refusals: number,
) {
  let refused = 0;
  for (const answer of attempts) {
    void answer.then((response) => {
      if (response.statusCode === 429) refused += 1;
    });
  }
  await expect.poll(() => refused).toBe(refusals);
}

/** Resolves once the attempts sent before it have gone past the throttle (admitted or not). */
async function afterThrottle(app: TestApp) {
  // Refused by the schema before any limit: once it is answered, the attempts sent before it
  // have been admitted or refused.
  const probe = await app.inject({
    method: 'POST',
    url: '/api/session',
    remoteAddress: '10.9.9.10',
    payload: { email: 'pas une adresse', password: WRONG },
  });
  expect(probe.statusCode).toBe(400);
}

describe('addressKey', () => {
  it('counts an IPv6 address by its /64, an IPv4 one (written either way) by itself', () => {
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});

describe('checks in flight', () => {
  it('40 addresses each keeping two checks in flight do not keep the owner out of a new device', async () => {
    const { app, close, open } = await gatedApp();
    close();
    // 80 checks wanted: more than the 64 all addresses used to share.
    const spray = Array.from({ length: 40 }, (_, worker) =>
      Array.from({ length: 3 }, (_, n) =>
        attempt(app, `10.40.0.${worker}`, WRONG, { email: `inconnu-${worker}-${n}@agence.test` }),
      ),
    ).flat();
    await sprayUntilRefused(spray, 40);
    const owner = attempt(app, '192.0.2.77', ADMIN.password);
    await afterThrottle(app);
    open();
    await Promise.all(spray);
    expect((await owner).statusCode).toBe(200);
  });

  it('one IPv6 /64 counts as one address: a hundred of its addresses get two checks in flight, the owner gets in', async () => {
    const { app, close, open } = await gatedApp();
    close();
    const spray = Array.from({ length: 100 }, (_, n) =>
      attempt(app, `2001:db8:bad:1::${(n + 1).toString(16)}`, WRONG, {
        email: `inconnu-${n}@agence.test`,
      }),
    );
    await sprayUntilRefused(spray, 98);
    const owner = attempt(app, '2001:db8:600d:1::1', ADMIN.password);
    await afterThrottle(app);
    open();
    const answers = await Promise.all(spray);
    expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(2);
    expect((await owner).statusCode).toBe(200);
  });

  it('8 workers spraying unknown accounts from their addresses do not keep the owner out of a new device', async () => {
    const { app, close, open } = await gatedApp();
    close();
    const spray = Array.from({ length: 8 }, (_, worker) =>
      Array.from({ length: 3 }, (_, n) =>
        attempt(app, `10.8.0.${worker}`, WRONG, { email: `inconnu-${worker}-${n}@agence.test` }),
      ),
    ).flat();
    // Each address gets its share of the checks (2), the rest of its burst is told to wait:
    // once the 8 refusals are in, the 16 others are in flight, held at the gate.
    await sprayUntilRefused(spray, 8);
    const owner = attempt(app, '10.9.9.9', ADMIN.password);
    await afterThrottle(app);
    open();
    const answers = await Promise.all(spray);
    expect((await owner).statusCode).toBe(200);
    const refused = answers.filter((answer) => answer.statusCode === 429).length;
    expect(refused).toBe(8);
  });
});

describe('password checks', () => {
  it('puts the owner’s check ahead of the guesses already waiting', async () => {
    // Checks long enough (tens of milliseconds each) that the order they end in follows the
    // order they start in, not the jitter of a loaded machine's thread scheduling: at 2 ** 12
    // (about 4 ms each), the owner's check once ended last in a run next to another build.
    const hasher = new PasswordHasher({ cost: 2 ** 14, blockSize: 8, parallelization: 1 });
    const stored = await hasher.hash('le bon mot de passe');
    const finished: string[] = [];
    const check = (label: string, first = false) =>
      hasher.verify(label, stored, first).then(() => finished.push(label));

    const guesses = Array.from({ length: 8 }, (_, i) => check(`essai-${i}`));
    const owner = check('proprietaire', true);
    await Promise.all([...guesses, owner]);

    // Two guesses were running when the owner arrived: the owner's check starts at once,
    // alongside them, instead of after the six waiting (it would finish last). However the
    // threads are scheduled, it ends before most of those six.
    expect(finished.indexOf('proprietaire')).toBeLessThanOrEqual(4);
  });
});
