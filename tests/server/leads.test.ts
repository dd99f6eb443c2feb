/**
 * The lead pipeline of the embedded server, where the contract suite (which runs on both
 * backends, tests/shared/backend/lead-pipeline-contract.ts) cannot go: a database from before
 * the pipeline keeps every message, as « Nouveau »; the server's clock decides the
 * 10 minutes of a note's correction and whether a new « Relancer le » lies ahead; spam has no
 * pipeline; and the routes refuse what the schemas refuse, in French.
 */
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE, loadMigrations, migrate } from '../../src-server/db/database.ts';
import {
  build,
  manualClock,
  postContact,
  signIn,
  tempDir,
  VALID_CONTACT,
  type TestApp,
} from './helpers.ts';

const MINUTE = 60_000;

function call(
  app: TestApp,
  cookie: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  body?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

async function received(app: TestApp, extra: Record<string, unknown> = {}): Promise<string> {
  const response = await postContact(app, { ...VALID_CONTACT, ...extra });
  expect(response.statusCode).toBe(201);
  return (response.json() as { id: string }).id;
}

describe('the lead pipeline on the embedded server', () => {
  it('keeps every message of a database from before the pipeline, as « Nouveau », and works on them', async () => {
    const dataDir = await tempDir('leads');
    const db = new DatabaseSync(path.join(dataDir, DATABASE_FILE));
    migrate(db, loadMigrations().slice(0, 12));
    const insert = db.prepare(
      `INSERT INTO contacts (id, full_name, service, email, phone, subject, message, created_at_ms, read)
       VALUES (?, 'Entreprise', 'Design', 'a@exemple.dz', '+213550123456', 'Sujet', 'Un message assez long.', 0, ?)`,
    );
    insert.run('ancien-lu', 1);
    insert.run('ancien-non-lu', 0);
    db.close();

    const { app } = await build({ dataDir });
    const cookie = await signIn(app);
    const messages = (await call(app, cookie, 'GET', '/api/contacts')).json() as { id: string }[];
    expect(messages.map((message) => message.id).sort()).toEqual(['ancien-lu', 'ancien-non-lu']);
    // Nothing recorded: both are « Nouveau » (no reply was ever recorded, so none is « Contacté »).
    expect((await call(app, cookie, 'GET', '/api/leads')).json()).toEqual([]);

    const contacted = await call(app, cookie, 'POST', '/api/leads/ancien-lu/status', {
      status: 'contacte',
    });
    expect(contacted.statusCode).toBe(200);
    expect(contacted.json()).toMatchObject({ id: 'ancien-lu', status: 'contacte' });
  });

  it('lets a note be corrected for 10 minutes by the server’s clock, then refuses in French', async () => {
    const time = manualClock();
    const { app } = await build({ clock: time.clock });
    const cookie = await signIn(app);
    const id = await received(app);
    const added = await call(app, cookie, 'POST', `/api/leads/${id}/notes`, {
      text: 'Rappeler jeudi.',
    });
    expect(added.statusCode).toBe(201);
    const { noteId } = added.json() as { noteId: string };

    time.advance(10 * MINUTE);
    const corrected = await call(app, cookie, 'PATCH', `/api/leads/${id}/notes/${noteId}`, {
      text: 'Rappeler vendredi.',
    });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json()).toMatchObject({
      timeline: [{ id: noteId, text: 'Rappeler vendredi.', correctedAt: time.clock() }],
    });

    time.advance(1);
    const late = await call(app, cookie, 'PATCH', `/api/leads/${id}/notes/${noteId}`, {
      text: 'Trop tard.',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      error:
        'Cette note ne peut plus être corrigée : 10 minutes sont passées depuis qu’elle a été ajoutée. Ajoutez plutôt une nouvelle note.',
    });
    // Nothing changed, and the note is still there.
    const [lead] = (await call(app, cookie, 'GET', '/api/leads')).json() as {
      timeline: { text: string }[];
    }[];
    expect(lead?.timeline.map((event) => event.text)).toEqual(['Rappeler vendredi.']);
  });

  it('takes « Relancer le » ahead of the server’s clock only, and defaults from it', async () => {
    const time = manualClock();
    const { app } = await build({ clock: time.clock });
    const cookie = await signIn(app);
    const id = await received(app);
    const past = await call(app, cookie, 'PUT', `/api/leads/${id}/next-action`, {
      nextActionAt: time.clock() - 1,
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({
      error: 'Certains champs sont invalides, corrigez-les puis réessayez.',
      fields: { nextActionAt: 'La date de relance est déjà passée : choisissez une date à venir.' },
    });
    const ahead = await call(app, cookie, 'PUT', `/api/leads/${id}/next-action`, {
      nextActionAt: time.clock() + 1,
    });
    expect(ahead.json()).toMatchObject({ nextActionAt: time.clock() + 1 });

    const quoted = await call(app, cookie, 'POST', `/api/leads/${id}/status`, {
      status: 'devis-envoye',
    });
    expect(quoted.json()).toMatchObject({
      status: 'devis-envoye',
      statusChangedAt: time.clock(),
      nextActionAt: time.clock() + 5 * 24 * 60 * MINUTE,
    });
    // Once overdue, the same date may be sent again (a status change that keeps it).
    time.advance(6 * 24 * 60 * MINUTE);
    const later = await signIn(app); // the session of six days ago has expired
    const kept = await call(app, later, 'POST', `/api/leads/${id}/status`, {
      status: 'contacte',
      nextActionAt: time.clock() - 24 * 60 * MINUTE,
    });
    expect(kept.statusCode).toBe(200);
  });

  it('has no pipeline for spam, nor for a message that is not there; refuses bad bodies in French', async () => {
    const { app } = await build();
    const cookie = await signIn(app);
    const spam = await received(app, { pot_de_miel: 'https://robot.example' });
    for (const id of [spam, 'inexistant']) {
      const refused = await call(app, cookie, 'POST', `/api/leads/${id}/notes`, { text: 'Note' });
      expect(refused.statusCode).toBe(404);
    }
    const id = await received(app);
    const bad = await call(app, cookie, 'POST', `/api/leads/${id}/status`, {
      status: 'perdu',
      lostReason: 'meteo',
      extra: true,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      fields: {
        lostReason:
          'Raison inconnue : choisissez prix, délai, pas de réponse, projet abandonné ou autre.',
        extra: 'Champ inconnu.',
      },
    });
    const value = await call(app, cookie, 'PUT', `/api/leads/${id}/estimated-value`, {
      estimatedValue: '150000',
    });
    expect(value.json()).toMatchObject({
      fields: {
        estimatedValue:
          'La valeur estimée doit être un nombre entier de dinars (DZD), sans centimes.',
      },
    });
    expect((await call(app, cookie, 'GET', '/api/leads')).json()).toEqual([]);
    // Without a session, nothing.
    expect((await app.inject({ method: 'GET', url: '/api/leads' })).statusCode).toBe(401);
  });
});
