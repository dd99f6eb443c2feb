/**
 * Adding a channel takes one module and one registration. A channel that exists only in the
 * tests (« pigeon », tests/fixtures/pigeon-channel.ts), registered in one line after the
 * registry's own, goes through the durable
 * outbox (the SQLite file), its back-off and retries, a restart, the status and the
 * dashboard's health answer (GET /api/notifications), with no other file touched. The health
 * schema's channels are the shared registry's.
 */
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_CHANNEL_REGISTRY } from '../../../shared/notifications/registry.ts';
import {
  NOTIFICATION_CHANNELS,
  notificationStatusSchema,
} from '../../../shared/notifications/status.ts';
import { pigeonChannel } from '../../fixtures/pigeon-channel.ts';
import { build, postContact, signIn, VALID_CONTACT, type TestApp } from '../helpers.ts';

const SHORT_RETRY = { firstDelayMs: 50, maxDelayMs: 200, giveUpAfterMs: 3 * 24 * 3600_000 };
const NOT_YET = 'le pigeon est resté au nid : nouvel essai plus tard.';

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
const withPigeon = (bird: ReturnType<typeof pigeon>) => [
  ...NOTIFICATION_CHANNEL_REGISTRY,
  bird.channel,
];

async function health(app: TestApp): Promise<Record<string, Record<string, unknown>>> {
  const cookie = await signIn(app);
  const response = await app.inject({ url: '/api/notifications', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function waitFor<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() - started > 15_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('the channel registry', () => {
  it('lists in the health schema exactly the shared registry’s channels', () => {
    expect(Object.keys(notificationStatusSchema.shape)).toEqual(NOTIFICATION_CHANNELS);
    expect(NOTIFICATION_CHANNELS).toEqual(NOTIFICATION_CHANNEL_REGISTRY.map(({ name }) => name));
  });

  it('answers the health of every registered channel, and of those alone', async () => {
    const { app } = await build();
    expect(Object.keys(await health(app)).sort()).toEqual([...NOTIFICATION_CHANNELS].sort());
  });

  it('carries a channel registered by a test alone through the outbox, its retries and the health', async () => {
    const bird = pigeon(2);
    const { app } = await build({
      notifications: { retry: SHORT_RETRY, channels: withPigeon(bird) },
    });
    const { id } = (await postContact(app, VALID_CONTACT)).json<{ id: string }>();

    // Two failures, each said in the health, then the back-off's third attempt delivers.
    const failing = await waitFor(async () => {
      const current = await health(app);
      return current.pigeon?.lastError ? current : undefined;
    }, 'the first failure to be recorded');
    // Its details (its module's `details`) come with its health.
    expect(failing.pigeon).toMatchObject({
      enabled: true,
      lastError: NOT_YET,
      failed: 0,
      loft: 'localhost:3000',
    });
    const delivered = await waitFor(async () => {
      const current = await health(app);
      return current.pigeon?.lastSuccessAt ? current : undefined;
    }, 'the delivery after the retries');
    expect(delivered.pigeon).toMatchObject({ pending: 0, failed: 0 });
    expect(bird.delivered).toEqual([id]);
    expect(bird.attempts()).toBe(3);
    // The other channels are untouched by it.
    expect(Object.keys(delivered).sort()).toEqual([...NOTIFICATION_CHANNELS, 'pigeon'].sort());
  });

  it('keeps its notifications pending in the SQLite outbox across a restart', async () => {
    const grounded = pigeon(Number.POSITIVE_INFINITY);
    const first = await build({
      notifications: { retry: SHORT_RETRY, channels: withPigeon(grounded) },
    });
    const { id } = (await postContact(first.app, VALID_CONTACT)).json<{ id: string }>();
    await waitFor(async () => {
      const current = await health(first.app);
      return current.pigeon?.lastError ? current : undefined;
    }, 'the failure to be recorded');
    expect((await health(first.app)).pigeon).toMatchObject({ pending: 1 });
    await first.app.close();

    const flying = pigeon(0);
    const { app } = await build({
      dataDir: first.dataDir,
      notifications: { retry: SHORT_RETRY, channels: withPigeon(flying) },
    });
    await waitFor(async () => {
      const current = await health(app);
      return current.pigeon?.pending === 0 ? current : undefined;
    }, 'the pending notification to be delivered after the restart');
    expect(flying.delivered).toEqual([id]);
  });
});
