/**
 * Adding a channel takes one module and one registration. A channel that exists only in the
 * tests (« pigeon », tests/fixtures/pigeon-channel.ts), registered in one line, goes through
 * the durable outbox (the SQLite file), its back-off and retries, a restart, the status and
 * the dashboard's health answer (GET /api/notifications), with no other file touched; one
 * notification per message, or one per subscribed browser, as its module says.
 */
import { describe, expect, it } from 'vitest';
import type { ChannelModule } from '../../../shared/notifications/channel.ts';
import { NOTIFICATION_CHANNEL_REGISTRY } from '../../../shared/notifications/registry.ts';
import { pigeonChannel } from '../../fixtures/pigeon-channel.ts';
import { build, postContact, signIn, VALID_CONTACT, type TestApp } from '../helpers.ts';

const SHORT_RETRY = { firstDelayMs: 50, maxDelayMs: 200, giveUpAfterMs: 3 * 24 * 3600_000 };
const NOT_YET = 'le pigeon est resté au nid : nouvel essai plus tard.';
/** Long enough for a loaded machine; only the limit past which the test fails. */
const WAIT = { timeout: 15_000, interval: 25 };

/** The test's channel: it fails `failures` times, then delivers. */
function pigeon(failures: number) {
  const delivered: string[] = [];
  let attempts = 0;
  const channel = pigeonChannel(async (message) => {
    attempts += 1;
    if (attempts <= failures) return { state: 'error', error: NOT_YET };
    delivered.push(message.id);
    return { state: 'sent' };
  });
  return { channel, delivered, attempts: () => attempts };
}

/** The registry with the test's channel: its one line of registration. */
const withPigeon = (channel: ChannelModule) => [...NOTIFICATION_CHANNEL_REGISTRY, channel];

async function health(app: TestApp): Promise<Record<string, Record<string, unknown>>> {
  const cookie = await signIn(app);
  const response = await app.inject({ url: '/api/notifications', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The health once `ready` holds of it (polled until it does, or the test fails). */
async function healthOnce(
  app: TestApp,
  ready: (health: Record<string, Record<string, unknown>>) => boolean,
) {
  let current: Record<string, Record<string, unknown>> = {};
  await expect
    .poll(async () => {
      current = await health(app);
      return ready(current);
    }, WAIT)
    .toBe(true);
  return current;
}

describe('the channel registry', () => {
  it('answers the health of the product’s channels: e-mail, push and the webhook', async () => {
    const { app } = await build();
    expect(Object.keys(await health(app))).toEqual(['email', 'push', 'webhook']);
  });

  it('carries a channel registered by a test alone through the outbox, its retries and the health', async () => {
    const bird = pigeon(2);
    const { app } = await build({
      notifications: { retry: SHORT_RETRY, channels: withPigeon(bird.channel) },
    });
    const { id } = (await postContact(app, VALID_CONTACT)).json<{ id: string }>();

    // Two failures, each said in the health, then the back-off's third attempt delivers.
    const failing = await healthOnce(app, (current) => Boolean(current.pigeon?.lastError));
    // Its details (its module's `details`) come with its health.
    expect(failing.pigeon).toMatchObject({
      enabled: true,
      lastError: NOT_YET,
      failed: 0,
      loft: 'localhost:3000',
    });
    const delivered = await healthOnce(app, (current) => Boolean(current.pigeon?.lastSuccessAt));
    expect(delivered.pigeon).toMatchObject({ pending: 0, failed: 0 });
    expect(bird.delivered).toEqual([id]);
    expect(bird.attempts()).toBe(3);
    // The other channels are untouched by it.
    expect(Object.keys(delivered)).toEqual(['email', 'push', 'webhook', 'pigeon']);
  });

  it('keeps its notifications pending in the SQLite outbox across a restart', async () => {
    const grounded = pigeon(Number.POSITIVE_INFINITY);
    const first = await build({
      notifications: { retry: SHORT_RETRY, channels: withPigeon(grounded.channel) },
    });
    const { id } = (await postContact(first.app, VALID_CONTACT)).json<{ id: string }>();
    await healthOnce(first.app, (current) => Boolean(current.pigeon?.lastError));
    expect((await health(first.app)).pigeon).toMatchObject({ pending: 1 });
    await first.app.close();

    const flying = pigeon(0);
    const { app } = await build({
      dataDir: first.dataDir,
      notifications: { retry: SHORT_RETRY, channels: withPigeon(flying.channel) },
    });
    await healthOnce(app, (current) => current.pigeon?.pending === 0);
    expect(flying.delivered).toEqual([id]);
  });

  it('sends one notification per subscribed browser on any channel whose module says so, not only push', async () => {
    const flights: string[] = [];
    const perDevice = pigeonChannel(async (message, subscription) => {
      flights.push(`${message.id} → ${subscription?.endpoint ?? 'personne'}`);
      return { state: 'sent' };
    }, 'subscription');
    const { app } = await build({
      env: { TEST_LOOPBACK_ENDPOINTS: 'true' },
      notifications: { channels: withPigeon(perDevice) },
    });
    const cookie = await signIn(app);
    const keys = { p256dh: 'BPhonePublicKey', auth: 'phoneAuth' };
    for (const device of ['phone', 'laptop']) {
      const response = await app.inject({
        method: 'PUT',
        url: '/api/notifications/push-subscriptions',
        headers: { cookie },
        payload: { endpoint: `https://127.0.0.1:9/${device}`, keys },
      });
      expect(response.statusCode).toBe(204);
    }

    const posted = await postContact(app, VALID_CONTACT);
    expect(posted.statusCode).toBe(201);
    const { id } = posted.json<{ id: string }>();
    await expect
      .poll(() => [...flights].sort(), WAIT)
      .toEqual([`${id} → https://127.0.0.1:9/laptop`, `${id} → https://127.0.0.1:9/phone`]);
    expect((await health(app)).pigeon).toMatchObject({ pending: 0, failed: 0 });
  });
});
