/**
 * Push notifications: web-push sends to a local push service; the test decrypts what it
 * received as the browser would, and checks what the owner's phone would show.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import type { NotificationStatus } from '../../../shared/notifications/status.ts';
import { browserKeys, decryptPushBody, pushService } from '../../fixtures/push-endpoint.ts';
import { stalledSmtpServer } from '../../fixtures/smtp-stand-in.ts';
import { build, postContact, signIn, VALID_CONTACT, type TestApp } from '../helpers.ts';
import { waitForValue } from '../../wait.ts';
import { outboxRows } from './outbox-rows.ts';

async function status(app: TestApp, cookie: string): Promise<NotificationStatus> {
  return (await app.inject({ url: '/api/notifications', headers: { cookie } })).json();
}

function subscribe(app: TestApp, cookie: string, body: Record<string, unknown>) {
  return app.inject({
    method: 'PUT',
    url: '/api/notifications/push-subscriptions',
    headers: { cookie },
    payload: body,
  });
}

/** The test-only setting that lets the server reach the local push service on 127.0.0.1. */
const LOOPBACK = { TEST_LOOPBACK_ENDPOINTS: 'true' };

describe('push notifications', () => {
  it('pushes each new message, encrypted for each subscribed browser, signed with the VAPID key', async () => {
    const service = await pushService(onTestFinished);
    const { app } = await build({ env: LOOPBACK, notifications: { pushAgent: service.agent } });
    const cookie = await signIn(app);
    const phone = browserKeys();
    const laptop = browserKeys();
    expect(
      (await subscribe(app, cookie, { endpoint: service.endpoint('/phone'), keys: phone.json }))
        .statusCode,
    ).toBe(204);
    expect(
      (await subscribe(app, cookie, { endpoint: service.endpoint('/laptop'), keys: laptop.json }))
        .statusCode,
    ).toBe(204);
    const before = await status(app, cookie);
    expect(before.push.subscriptions).toBe(2);

    const { id } = (await postContact(app, VALID_CONTACT)).json<{ id: string }>();
    const pushes = await service.waitForPushes(2);

    const expected = {
      title: 'Nouveau message de Boulangerie El Bahia',
      body: 'FR · Design · Refonte du site',
      url: `/pageDashboard?message=${id}`,
      tag: id,
    };
    for (const [path, keys] of [
      ['/phone', phone],
      ['/laptop', laptop],
    ] as const) {
      const push = pushes.find((request) => request.path === path);
      if (!push) throw new Error(`nothing pushed to ${path}`);
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(push.headers.urgency).toBe('high');
      expect(Number(push.headers.ttl)).toBeGreaterThan(0);
      // VAPID (RFC 8292): signed with the key the browsers subscribed with.
      expect(push.headers.authorization).toMatch(
        new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${before.push.publicKey}$`),
      );
      expect(JSON.parse(decryptPushBody(push.body, keys))).toEqual(expected);
      // Encrypted for that browser only: another's keys cannot read it.
      const other = keys === phone ? laptop : phone;
      expect(() => decryptPushBody(push.body, other)).toThrow();
    }
    const after = await waitForValue(async () => {
      const current = await status(app, cookie);
      return current.push.pending === 0 ? current : undefined;
    }, 'the pushes to be recorded');
    expect(after.push.lastSuccessAt).not.toBeNull();
  });

  it('pushes a new message at once while the SMTP server accepts connections and never replies', async () => {
    const stalled = await stalledSmtpServer(onTestFinished);
    const service = await pushService(onTestFinished);
    const { app } = await build({
      env: {
        SMTP_URL: stalled.url,
        NOTIFY_EMAIL: 'proprietaire@agence.test',
        PUBLIC_URL: 'https://www.agence.test',
        ...LOOPBACK,
      },
      notifications: { pushAgent: service.agent },
    });
    const cookie = await signIn(app);
    const phone = browserKeys();
    await subscribe(app, cookie, { endpoint: service.endpoint('/phone'), keys: phone.json });

    await postContact(app, VALID_CONTACT);
    await service.waitForPushes(1);
    // The first message's e-mail now hangs on the server; the next message's push still goes.
    const later = { ...VALID_CONTACT, subject: 'Un autre projet' };
    const { id } = (await postContact(app, later)).json<{ id: string }>();
    const pushes = await service.waitForPushes(2);
    const payloads = pushes.map((push) => JSON.parse(decryptPushBody(push.body, phone)) as unknown);
    expect(payloads).toContainEqual(expect.objectContaining({ tag: id }));
    // The sender's contact in the VAPID token is the site's https address (Apple refuses a
    // made-up e-mail address).
    const token = /^vapid t=([\w-]+)\.([\w-]+)\./.exec(pushes[0]?.headers.authorization ?? '');
    const claims = JSON.parse(Buffer.from(token?.[2] ?? '', 'base64url').toString()) as unknown;
    expect(claims).toMatchObject({ sub: 'https://www.agence.test' });
    expect(stalled.connections()).toBeGreaterThan(0);
    const { email } = await status(app, cookie);
    expect(email.pending).toBe(2);
  });

  it('forgets a subscription the push service reports gone (410), and keeps pushing to the others', async () => {
    const service = await pushService(onTestFinished);
    const { app } = await build({ env: LOOPBACK, notifications: { pushAgent: service.agent } });
    const cookie = await signIn(app);
    await subscribe(app, cookie, { endpoint: service.endpoint('/kept'), keys: browserKeys().json });
    await subscribe(app, cookie, { endpoint: service.endpoint('/gone'), keys: browserKeys().json });
    service.markGone('/gone');

    await postContact(app, VALID_CONTACT);
    await service.waitForPushes(2);
    const current = await waitForValue(async () => {
      const value = await status(app, cookie);
      return value.push.subscriptions === 1 && value.push.pending === 0 ? value : undefined;
    }, 'the gone subscription to be removed');
    expect(current.push.failed).toBe(0);

    await postContact(app, { ...VALID_CONTACT, subject: 'Deuxième message' });
    const pushes = await service.waitForPushes(3);
    expect(pushes.slice(2).map((push) => push.path)).toEqual(['/kept']);
  });

  it('stops pushing to a browser that turned notifications off, and refuses a malformed subscription', async () => {
    const service = await pushService(onTestFinished);
    const { app } = await build({ env: LOOPBACK, notifications: { pushAgent: service.agent } });
    const cookie = await signIn(app);
    const endpoint = service.endpoint('/off');
    await subscribe(app, cookie, { endpoint, keys: browserKeys().json });
    const off = await app.inject({
      method: 'POST',
      url: '/api/notifications/push-subscriptions/delete',
      headers: { cookie },
      payload: { endpoint },
    });
    expect(off.statusCode).toBe(204);
    expect((await status(app, cookie)).push.subscriptions).toBe(0);

    const bad = await subscribe(app, cookie, {
      endpoint: 'pas une adresse',
      keys: { p256dh: '', auth: '' },
    });
    expect(bad.statusCode).toBe(400);
    const anonymous = await app.inject({
      method: 'PUT',
      url: '/api/notifications/push-subscriptions',
      payload: { endpoint, keys: browserKeys().json },
    });
    expect(anonymous.statusCode).toBe(401);

    // Another browser still subscribed gets the next message; the one turned off gets nothing.
    await subscribe(app, cookie, { endpoint: service.endpoint('/kept'), keys: browserKeys().json });
    expect((await postContact(app, VALID_CONTACT)).statusCode).toBe(201);
    await service.waitForPushes(1);
    await waitForValue(
      async () => ((await status(app, cookie)).push.pending === 0 ? true : undefined),
      'every push to be delivered',
    );
    expect(service.received.map((push) => push.path)).toEqual(['/kept']);
  });

  it('refuses a push service on this machine or the internal network, in French, and stores nothing', async () => {
    const service = await pushService(onTestFinished);
    // Without the test-only setting: as in production.
    const { app, dataDir } = await build({ notifications: { pushAgent: service.agent } });
    const cookie = await signIn(app);
    const port = new URL(service.endpoint('/')).port;
    for (const endpoint of [
      service.endpoint('/phone'),
      `https://localhost:${port}/phone`,
      'https://foo.localhost/phone',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.1:8443/admin',
      'https://192.168.1.1/',
      `https://[::1]:${port}/phone`,
      `https://[::ffff:127.0.0.1]:${port}/phone`,
      'https://[fd00::1]/',
    ]) {
      const answer = await subscribe(app, cookie, { endpoint, keys: browserKeys().json });
      expect(answer.statusCode, endpoint).toBe(422);
      expect(answer.json<{ error: string }>().error, endpoint).toMatch(
        /^Ce service de notifications n’est pas accepté : l’adresse .+ mène à cette machine ou à un réseau privé/,
      );
    }
    expect((await status(app, cookie)).push.subscriptions).toBe(0);
    // The message's notifications are written with it, before the 201: no push was queued
    // (e-mail and the webhook are off here), so none will ever be sent.
    expect((await postContact(app, VALID_CONTACT)).statusCode).toBe(201);
    expect(outboxRows(dataDir)).toEqual([]);
    expect(service.received).toHaveLength(0);
  });

  it('checks the address again at each send: a stored subscription that now leads inside is not contacted', async () => {
    const service = await pushService(onTestFinished);
    // Stored while the local address was allowed (as a name whose DNS answer changed since)…
    const first = await build({ env: LOOPBACK, notifications: { pushAgent: service.agent } });
    const cookie = await signIn(first.app);
    await subscribe(first.app, cookie, {
      endpoint: service.endpoint('/phone'),
      keys: browserKeys().json,
    });
    await first.app.close();
    // …then sent by a server that only contacts public addresses.
    const { app } = await build({
      dataDir: first.dataDir,
      notifications: { pushAgent: service.agent },
    });
    const again = await signIn(app);
    await postContact(app, VALID_CONTACT);
    const current = await waitForValue(async () => {
      const value = await status(app, again);
      return value.push.lastError ? value : undefined;
    }, 'the refused push to be recorded');
    expect(current.push.lastError).toMatch(
      /^l’adresse 127\.0\.0\.1 mène à cette machine ou à un réseau privé/,
    );
    expect(service.received).toHaveLength(0);
  });

  it('says in French that a push service is unreachable, never the socket’s own words', async () => {
    const service = await pushService(onTestFinished);
    const { app } = await build({ env: LOOPBACK, notifications: { pushAgent: service.agent } });
    const cookie = await signIn(app);
    // A port where nothing listens (the push service's port, once it is closed).
    const closed = await pushService(onTestFinished);
    const endpoint = closed.endpoint('/phone');
    await subscribe(app, cookie, { endpoint, keys: browserKeys().json });
    await closed.close();
    await postContact(app, VALID_CONTACT);
    const current = await waitForValue(async () => {
      const value = await status(app, cookie);
      return value.push.lastError ? value : undefined;
    }, 'the failed push to be recorded');
    expect(current.push.lastError).toBe(
      `le service de notifications ${new URL(endpoint).host} est injoignable : nouvel essai plus tard.`,
    );
    expect(current.push.lastError).not.toMatch(/ECONN|connect|socket/i);
  });

  it('accepts 20 browsers at most; subscribing one of them again is still fine', async () => {
    const service = await pushService(onTestFinished);
    const { app } = await build({ env: LOOPBACK, notifications: { pushAgent: service.agent } });
    const cookie = await signIn(app);
    for (let index = 0; index < 20; index += 1) {
      const answer = await subscribe(app, cookie, {
        endpoint: service.endpoint(`/device-${index}`),
        keys: browserKeys().json,
      });
      expect(answer.statusCode).toBe(204);
    }
    const extra = await subscribe(app, cookie, {
      endpoint: service.endpoint('/device-20'),
      keys: browserKeys().json,
    });
    expect(extra.statusCode).toBe(422);
    expect(extra.json<{ error: string }>().error).toBe(
      '20 appareils reçoivent déjà les notifications, le maximum : désactivez-les sur un appareil que vous n’utilisez plus, puis réessayez.',
    );
    const again = await subscribe(app, cookie, {
      endpoint: service.endpoint('/device-3'),
      keys: browserKeys().json,
    });
    expect(again.statusCode).toBe(204);
    expect((await status(app, cookie)).push.subscriptions).toBe(20);
  });
});
