/**
 * Issue 47, finding 9: a full disk while the outbox recorded « sent » made every pending
 * notification go out twice once space came back (10 of 10): the batch's outcomes were lost
 * with the failed write, and the next run sent again what the database still held as pending.
 * Here the write of the outcomes fails for real in SQLite: another connection holds the
 * database's write lock (as `npm run backup` or a script could), so the outbox's write waits
 * its busy timeout and fails, as it fails on a full disk. Then the lock goes (space comes back).
 */
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../../src-server/db/database.ts';
import type { ChannelModule } from '../../../shared/notifications/channel.ts';
import { NOTIFICATION_CHANNEL_REGISTRY } from '../../../shared/notifications/registry.ts';
import { pigeonChannel } from '../../fixtures/pigeon-channel.ts';
import { build, postContact, signIn, VALID_CONTACT, type TestApp } from '../helpers.ts';

const WAIT = { timeout: 60_000, interval: 50 };
const MESSAGES = 10;

async function pending(app: TestApp): Promise<number> {
  const cookie = await signIn(app);
  const response = await app.inject({ url: '/api/notifications', headers: { cookie } });
  return response.json<Record<string, { pending: number }>>().pigeon?.pending ?? -1;
}

describe('a failed write of what was sent', () => {
  it('sends no notification twice when « sent » cannot be recorded, and says so on the console', async () => {
    // The pigeon waits at the gate until the test opens it, then counts each delivery.
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const flights = new Map<string, number>();
    let waiting = 0;
    const channel = pigeonChannel(async (message) => {
      waiting += 1;
      await gate;
      flights.set(message.id, (flights.get(message.id) ?? 0) + 1);
      return { state: 'sent' };
    });
    const channels: ChannelModule[] = [...NOTIFICATION_CHANNEL_REGISTRY, channel];
    const { app, dataDir, announced } = await build({ notifications: { channels } });
    const ids: string[] = [];
    for (let n = 0; n < MESSAGES; n++) {
      const response = await postContact(app, { ...VALID_CONTACT, subject: `Demande ${n + 1}` });
      ids.push(response.json<{ id: string }>().id);
    }
    // The first notification is in flight; the others are pending behind it.
    await expect.poll(() => waiting, WAIT).toBeGreaterThan(0);

    // The disk « fills »: no write goes through until the lock is released.
    const side = new DatabaseSync(path.join(dataDir, DATABASE_FILE));
    side.exec('BEGIN IMMEDIATE');
    try {
      open();
      // Either the outbox says it cannot record (and stops), or it sends something again.
      const cannotRecord = () =>
        announced.some((line) => line.startsWith('Impossible d’enregistrer dans la base'));
      const sentTwice = () => [...flights.values()].some((count) => count > 1);
      await expect.poll(() => cannotRecord() || sentTwice(), WAIT).toBe(true);
      expect(sentTwice()).toBe(false);
    } finally {
      side.exec('COMMIT');
      side.close();
    }

    // Space is back: every notification goes out, each once, and the console says it resumed.
    await expect.poll(() => pending(app), WAIT).toBe(0);
    expect(flights.size).toBe(MESSAGES);
    expect([...flights.keys()].sort()).toEqual([...ids].sort());
    expect([...flights.values()].every((count) => count === 1)).toBe(true);
    expect(announced).toContain(
      'Les notifications envoyées sont de nouveau enregistrées : les envois reprennent.',
    );
  }, 120_000);
});
