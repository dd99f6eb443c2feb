import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { ContactsRepository } from '../../src-server/db/contacts-repository.ts';
import { loadMigrations, migrate } from '../../src-server/db/database.ts';
import { build, listen, openStream, postContact, signIn, VALID_CONTACT } from './helpers.ts';
import { aContactFields } from '../fixtures/messages.ts';

const FAST = { SSE_HEARTBEAT_MS: '200', CONTACT_RATE_LIMIT: '1000' };

async function setUp() {
  const built = await build({ env: FAST });
  const cookie = await signIn(built.app);
  const ids: string[] = [];
  for (const subject of ['Un', 'Deux', 'Trois']) {
    ids.push((await postContact(built.app, { ...VALID_CONTACT, subject })).json().id);
  }
  return { ...built, cookie, ids };
}

const json = { 'content-type': 'application/json' };

describe("the owner's operations on messages", () => {
  it('lists new messages as unread', async () => {
    const { app, cookie } = await setUp();
    const list = (await app.inject({ url: '/api/contacts', headers: { cookie } })).json();
    expect(list.map((message: { read: boolean }) => message.read)).toEqual([false, false, false]);
  });

  it('PATCH /api/contacts/:id sets the read flag, and only that', async () => {
    const { app, cookie, ids } = await setUp();
    const id = ids[1] ?? '';
    const patch = (payload: unknown) =>
      app.inject({
        method: 'PATCH',
        url: `/api/contacts/${id}`,
        headers: { cookie, ...json },
        payload: JSON.stringify(payload),
      });

    const done = await patch({ read: true });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ id, read: true });
    const list = (await app.inject({ url: '/api/contacts', headers: { cookie } })).json();
    expect(list.find((message: { id: string }) => message.id === id).read).toBe(true);

    const forged = await patch({ read: true, subject: 'Autre' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().fields).toEqual({ subject: 'Champ inconnu.' });
    expect((await patch({ read: 'oui' })).statusCode).toBe(400);
    expect((await patch({})).json().error).toBe(
      'Certains champs sont invalides, corrigez-les puis réessayez.',
    );

    const missing = await app.inject({
      method: 'PATCH',
      url: '/api/contacts/inconnu',
      headers: { cookie, ...json },
      payload: '{"read":true}',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Ce message n’existe plus (il a peut-être été supprimé).');
  });

  it('DELETE /api/contacts/:id and POST /api/contacts/delete remove messages', async () => {
    const { app, cookie, ids } = await setUp();
    const [first, second, third] = ids;
    const one = await app.inject({
      method: 'DELETE',
      url: `/api/contacts/${first}`,
      headers: { cookie },
    });
    expect(one.statusCode).toBe(204);
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/contacts/${first}`,
      headers: { cookie },
    });
    expect(again.statusCode).toBe(404);

    const bulk = await app.inject({
      method: 'POST',
      url: '/api/contacts/delete',
      headers: { cookie, ...json },
      payload: JSON.stringify({ ids: [second, third, first, 'inconnu'] }),
    });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json()).toEqual({ deleted: [second, third] });
    const list = (await app.inject({ url: '/api/contacts', headers: { cookie } })).json();
    expect(list).toEqual([]);

    for (const payload of [{ ids: [] }, { ids: 'x' }, { ids: ['a'], extra: 1 }]) {
      const refused = await app.inject({
        method: 'POST',
        url: '/api/contacts/delete',
        headers: { cookie, ...json },
        payload: JSON.stringify(payload),
      });
      expect(refused.statusCode).toBe(400);
    }
  });

  it('answers 401 without a session and 403 from another site, changing nothing', async () => {
    const { app, cookie, ids } = await setUp();
    const id = ids[0] ?? '';
    const attempts = [
      { method: 'PATCH' as const, url: `/api/contacts/${id}`, payload: '{"read":true}' },
      { method: 'DELETE' as const, url: `/api/contacts/${id}` },
      { method: 'POST' as const, url: '/api/contacts/delete', payload: `{"ids":["${id}"]}` },
    ];
    for (const attempt of attempts) {
      const headers = attempt.payload ? json : {};
      const anonymous = await app.inject({ ...attempt, headers });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().error).toBe(
        'Votre session a expiré ou n’est pas ouverte, reconnectez-vous.',
      );
      const crossSite = await app.inject({
        ...attempt,
        headers: { ...headers, cookie, 'sec-fetch-site': 'cross-site' },
      });
      expect(crossSite.statusCode).toBe(403);
    }
    const list = (await app.inject({ url: '/api/contacts', headers: { cookie } })).json();
    expect(list).toHaveLength(3);
    expect(list.every((message: { read: boolean }) => !message.read)).toBe(true);
  });

  it('broadcasts updated and deleted events, numbered after the new messages, replayable', async () => {
    const { app, cookie, ids } = await setUp();
    const url = await listen(app);
    const live = await openStream(`${url}/api/contacts/events`, { cookie });
    await app.inject({
      method: 'PATCH',
      url: `/api/contacts/${ids[0]}`,
      headers: { cookie, ...json },
      payload: '{"read":true}',
    });
    // Setting the flag it already has changes nothing and announces nothing.
    await app.inject({
      method: 'PATCH',
      url: `/api/contacts/${ids[0]}`,
      headers: { cookie, ...json },
      payload: '{"read":true}',
    });
    await app.inject({
      method: 'POST',
      url: '/api/contacts/delete',
      headers: { cookie, ...json },
      payload: JSON.stringify({ ids: [ids[1], ids[2]] }),
    });
    const events = await live.waitForEvents(2);
    expect(events).toEqual([
      { id: '4', event: 'updated', data: JSON.stringify({ ids: [ids[0]], read: true }) },
      { id: '5', event: 'deleted', data: JSON.stringify({ ids: [ids[1], ids[2]] }) },
    ]);

    const list = await app.inject({ url: '/api/contacts', headers: { cookie } });
    expect(list.headers['x-last-event-id']).toBe('5');

    // A dashboard that saw up to event 1 gets the rest, without the deleted messages' data.
    const replay = await openStream(`${url}/api/contacts/events`, {
      cookie,
      'last-event-id': '1',
    });
    const replayed = await replay.waitForEvents(2);
    expect(replayed.map((event) => [event.id, event.event ?? 'message'])).toEqual([
      ['4', 'updated'],
      ['5', 'deleted'],
    ]);
    live.close();
    replay.close();
  });

  it('migration 008 reads the messages already stored as French, and stores Arabic ones', () => {
    const db = new DatabaseSync(':memory:');
    const migrations = loadMigrations();
    const before = migrations.filter((migration) => migration.version < 8);
    migrate(db, before);
    db.prepare(
      `INSERT INTO contacts (id, full_name, service, email, phone, subject, message, created_at_ms)
       VALUES ('ancien', 'Boulangerie El Bahia', 'Design', 'a@b.dz', '+213555123456', 'Sujet',
         'Un message assez long', 1)`,
    ).run();
    migrate(db, migrations);
    const repository = new ContactsRepository(db);
    expect(repository.listNewestFirst().map((message) => message.language)).toEqual(['fr']);
    const [stored] = repository.insertMany([
      {
        id: 'nouveau',
        createdAtMs: 2,
        fields: aContactFields({
          fullName: 'مخبزة البهجة',
          subject: 'موقع جديد',
          message: 'مرحبا، نريد موقعا جديدا لمخبزتنا.',
          language: 'ar',
        }),
      },
    ]);
    expect(stored?.message.language).toBe('ar');
    expect(repository.listNewestFirst().map((message) => [message.id, message.language])).toEqual([
      ['nouveau', 'ar'],
      ['ancien', 'fr'],
    ]);
    // The table itself refuses what is not a language code (since 012 the list is the schema's).
    expect(() => db.prepare(`UPDATE contacts SET language = 'FR'`).run()).toThrow(/CHECK/);
    db.close();
  });

  it('migration 002 keeps the event numbers of the messages already stored', () => {
    const db = new DatabaseSync(':memory:');
    const [initial, ...rest] = loadMigrations();
    if (!initial) throw new Error('no migration');
    migrate(db, [initial]);
    const insert = db.prepare(
      `INSERT INTO contacts (id, full_name, service, email, phone, subject, message, created_at_ms)
       VALUES (?, 'Boulangerie El Bahia', 'Design', 'a@b.dz', '555123456', 'Sujet', 'Un message assez long', 1)`,
    );
    for (const id of ['a', 'b', 'c']) insert.run(id);
    migrate(db, [initial, ...rest]);
    const repository = new ContactsRepository(db);
    expect(repository.lastSeq()).toBe(3);
    expect(repository.listAfter(1).map((event) => [event.seq, event.type])).toEqual([
      [2, 'created'],
      [3, 'created'],
    ]);
    expect(repository.listNewestFirst().map((message) => message.read)).toEqual([
      false,
      false,
      false,
    ]);
    const removed = repository.remove(['c'], 2);
    expect(removed).toEqual({ seq: 4, type: 'deleted', ids: ['c'] });
    // The created event of a deleted message is no longer replayed.
    expect(repository.listAfter(2).map((event) => event.type)).toEqual(['deleted']);
    db.close();
  });
});
