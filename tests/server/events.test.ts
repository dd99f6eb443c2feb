import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../src-server/db/database.ts';
import { build, listen, openStream, postContact, signIn, VALID_CONTACT } from './helpers.ts';
import { aMessage } from '../fixtures/messages.ts';

const FAST = { SSE_HEARTBEAT_MS: '200', CONTACT_RATE_LIMIT: '1000' };

async function setUp(env: Record<string, string> = FAST) {
  const built = await build({ env });
  const cookie = await signIn(built.app);
  const url = await listen(built.app);
  return { ...built, cookie, url };
}

describe('GET /api/contacts/events', () => {
  it('answers 401 without a session', async () => {
    const { url } = await setUp();
    const stream = await openStream(`${url}/api/contacts/events`);
    expect(stream.status).toBe(401);
    await stream.closed;
  });

  it('sends one event per new message, numbered in order', async () => {
    const { app, url, cookie } = await setUp();
    const stream = await openStream(`${url}/api/contacts/events`, { cookie });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('no-store');

    const ids: string[] = [];
    for (const subject of ['Un', 'Deux', 'Trois']) {
      ids.push((await postContact(app, { ...VALID_CONTACT, subject })).json().id);
    }
    const events = await stream.waitForEvents(3);
    expect(events.map((event) => event.id)).toEqual(['1', '2', '3']);
    const messages = events.map((event) => JSON.parse(event.data));
    expect(messages.map((message) => message.id)).toEqual(ids);
    expect(messages[0]).toEqual(
      aMessage({ subject: 'Un', id: ids[0], receivedAt: expect.any(Number) }),
    );
    stream.close();
  });

  it('replays what was missed after Last-Event-ID (header, or query parameter)', async () => {
    const { app, url, cookie } = await setUp();
    for (const subject of ['Un', 'Deux', 'Trois', 'Quatre']) {
      await postContact(app, { ...VALID_CONTACT, subject });
    }
    const byHeader = await openStream(`${url}/api/contacts/events`, {
      cookie,
      'last-event-id': '2',
    });
    const replayed = await byHeader.waitForEvents(2);
    expect(replayed.map((event) => event.id)).toEqual(['3', '4']);
    expect(JSON.parse(replayed[1]?.data ?? '').subject).toBe('Quatre');

    const byQuery = await openStream(`${url}/api/contacts/events?lastEventId=3`, { cookie });
    expect((await byQuery.waitForEvents(1)).map((event) => event.id)).toEqual(['4']);

    // The header (sent by a reconnecting EventSource) wins over the query of the first open.
    const both = await openStream(`${url}/api/contacts/events?lastEventId=0`, {
      cookie,
      'last-event-id': '3',
    });
    await both.waitForEvents(1);

    // No id: only what comes next.
    const fresh = await openStream(`${url}/api/contacts/events`, { cookie });
    await postContact(app, { ...VALID_CONTACT, subject: 'Cinq' });
    const expected = new Map([
      [byHeader, ['3', '4', '5']],
      [byQuery, ['4', '5']],
      [both, ['4', '5']],
      [fresh, ['5']],
    ]);
    for (const [stream, ids] of expected) {
      const events = await stream.waitForEvents(ids.length);
      expect(events.map((event) => event.id)).toEqual(ids);
    }
    for (const stream of [byHeader, byQuery, both, fresh]) stream.close();
  });

  it('sends a heartbeat comment regularly', async () => {
    const { url, cookie } = await setUp();
    const stream = await openStream(`${url}/api/contacts/events`, { cookie });
    expect(await stream.waitForComment(2000)).toBe('heartbeat');
    expect(await stream.waitForComment(2000)).toBe('heartbeat');
    stream.close();
  });

  it("ends the session's open streams on sign-out, and only those", async () => {
    const { app, url, cookie } = await setUp();
    const otherCookie = await signIn(app);
    const streams = await Promise.all([
      openStream(`${url}/api/contacts/events`, { cookie }),
      openStream(`${url}/api/contacts/events`, { cookie }),
    ]);
    const other = await openStream(`${url}/api/contacts/events`, { cookie: otherCookie });

    const signOut = await app.inject({
      method: 'DELETE',
      url: '/api/session',
      headers: { cookie },
    });
    expect(signOut.statusCode).toBe(204);
    await Promise.all(streams.map((stream) => stream.closed));

    await postContact(app, VALID_CONTACT);
    expect(await other.waitForEvents(1)).toHaveLength(1);
    expect(other.isClosed()).toBe(false);
    const again = await openStream(`${url}/api/contacts/events`, { cookie });
    expect(again.status).toBe(401);
    other.close();
  });

  it('closes the streams of a session that expired, at the next heartbeat', async () => {
    const { app, url, cookie, dataDir } = await setUp();
    const stream = await openStream(`${url}/api/contacts/events`, { cookie });
    // Expire it behind the server's back, as the idle timeout would.
    const db = new DatabaseSync(path.join(dataDir, DATABASE_FILE));
    db.exec('UPDATE sessions SET created_at_ms = 0');
    db.close();
    await stream.closed;
    expect((await app.inject({ url: '/api/session', headers: { cookie } })).statusCode).toBe(401);
  });
});

describe('GET /api/events (both logs in one stream)', () => {
  const note = (app: Awaited<ReturnType<typeof setUp>>['app'], cookie: string, id: string) =>
    app.inject({
      method: 'POST',
      url: `/api/leads/${id}/notes`,
      headers: { cookie, 'content-type': 'application/json' },
      payload: { text: 'Rappeler jeudi.' },
    });

  it('answers 401 without a session', async () => {
    const { url } = await setUp();
    const stream = await openStream(`${url}/api/events`);
    expect(stream.status).toBe(401);
    await stream.closed;
  });

  it('says where it starts, then carries the inbox and the pipeline, each id the cursor of both', async () => {
    const { app, url, cookie } = await setUp();
    const stream = await openStream(`${url}/api/events`, { cookie });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const [ready] = await stream.waitForEvents(1);
    expect(ready).toEqual({ id: '0.0', event: 'ready', data: '{"contacts":0,"leads":0}' });

    const first = (await postContact(app, { ...VALID_CONTACT, subject: 'Un' })).json().id;
    expect((await note(app, cookie, first)).statusCode).toBe(201);
    await postContact(app, { ...VALID_CONTACT, subject: 'Deux' });
    const events = (await stream.waitForEvents(4)).slice(1);
    expect(events.map((event) => [event.event ?? 'message', event.id])).toEqual([
      ['message', '1.0'],
      ['lead', '1.1'],
      ['message', '2.1'],
    ]);
    expect(JSON.parse(events[1]?.data ?? '')).toMatchObject({ id: first });
    stream.close();
  });

  it('resumes both logs from Last-Event-ID; a part left empty means « from now »', async () => {
    const { app, url, cookie } = await setUp();
    const first = (await postContact(app, { ...VALID_CONTACT, subject: 'Un' })).json().id;
    await note(app, cookie, first);
    await postContact(app, { ...VALID_CONTACT, subject: 'Deux' });
    await note(app, cookie, first);

    // Missed: the second message and the second note.
    const resumed = await openStream(`${url}/api/events?lastEventId=0.0`, {
      cookie,
      'last-event-id': '1.1',
    });
    const replayed = await resumed.waitForEvents(3);
    expect(replayed.map((event) => [event.event ?? 'message', event.id])).toEqual([
      ['ready', '1.1'],
      ['message', '2.1'],
      ['lead', '2.2'],
    ]);

    // The inbox from its first change, the pipeline from now.
    const half = await openStream(`${url}/api/events?lastEventId=1.`, { cookie });
    const halfEvents = await half.waitForEvents(2);
    expect(halfEvents.map((event) => [event.event ?? 'message', event.id])).toEqual([
      ['ready', '1.2'],
      ['message', '2.2'],
    ]);

    // Then each new change, once, to both.
    await note(app, cookie, first);
    for (const stream of [resumed, half]) {
      const events = await stream.waitForEvents(stream === resumed ? 4 : 3);
      expect(events.at(-1)).toMatchObject({ event: 'lead', id: '2.3' });
    }
    resumed.close();
    half.close();
  });

  it('ends on sign-out, as the streams of one log do', async () => {
    const { app, url, cookie } = await setUp();
    const stream = await openStream(`${url}/api/events`, { cookie });
    await stream.waitForEvents(1);
    await app.inject({ method: 'DELETE', url: '/api/session', headers: { cookie } });
    await stream.closed;
    expect((await openStream(`${url}/api/events`, { cookie })).status).toBe(401);
  });
});
