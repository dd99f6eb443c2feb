import { describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../../src-server/app.ts';
import { HONEYPOT_FIELD } from '../../shared/domain/contact.ts';
import { build, manualClock, postContact, signIn, VALID_CONTACT } from './helpers.ts';

describe('POST /api/contacts', () => {
  it('stores a valid message and answers 201 with its id, once committed', async () => {
    const { app } = await build();
    const response = await postContact(app, VALID_CONTACT);
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const cookie = await signIn(app);
    const list = await app.inject({ url: '/api/contacts', headers: { cookie } });
    expect(list.json()).toEqual([
      expect.objectContaining({ ...VALID_CONTACT, phone: '+213555123456', id }),
    ]);
  });

  it('sets the timestamp itself, and refuses one sent by the client', async () => {
    const { clock } = manualClock(Date.UTC(2026, 2, 1, 12, 0, 0, 250));
    const { app } = await build({ clock });
    expect((await postContact(app, VALID_CONTACT)).statusCode).toBe(201);
    const forged = await postContact(app, { ...VALID_CONTACT, timestamp: { seconds: 1 } });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().fields).toEqual({ timestamp: 'Champ inconnu.' });

    const cookie = await signIn(app);
    const [message] = (await app.inject({ url: '/api/contacts', headers: { cookie } })).json();
    expect(message.receivedAt).toBe(Date.UTC(2026, 2, 1, 12, 0, 0, 250));
  });

  it('stores the language the message was sent in; without one, French; any other, 400', async () => {
    const { app } = await build({ env: { CONTACT_RATE_LIMIT: '100' } });
    const arabic = await postContact(app, { ...VALID_CONTACT, language: 'ar' });
    const french = await postContact(app, { ...VALID_CONTACT, language: 'fr' });
    const unsaid = await postContact(app, VALID_CONTACT);
    expect([arabic.statusCode, french.statusCode, unsaid.statusCode]).toEqual([201, 201, 201]);
    const english = await postContact(app, { ...VALID_CONTACT, language: 'en' });
    expect(english.statusCode).toBe(400);
    expect(english.json().fields).toEqual({
      language: 'Langue inconnue : « fr » ou « ar » attendu.',
    });

    const cookie = await signIn(app);
    const list = (await app.inject({ url: '/api/contacts', headers: { cookie } })).json<
      { id: string; language: string }[]
    >();
    const ids = [arabic, french, unsaid].map((response) => response.json<{ id: string }>().id);
    expect(ids.map((id) => list.find((message) => message.id === id)?.language)).toEqual([
      'ar',
      'fr',
      'fr',
    ]);
  });

  it('answers 400 with a French message per invalid field', async () => {
    const { app } = await build();
    const response = await postContact(app, {
      fullName: 'A',
      service: 'Plomberie',
      email: 'pas-une-adresse',
      phone: '05-55',
      subject: '',
      message: 'court',
      extra: 'x',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Certains champs sont invalides, corrigez-les puis réessayez.',
      fields: {
        fullName: 'Le nom complet doit contenir au moins 2 caractères.',
        service: 'Choisissez un des services proposés.',
        email: 'Saisissez une adresse e-mail valide, par exemple nom@exemple.com.',
        phone:
          'Saisissez un numéro de téléphone valide, par exemple 0550 12 34 56, ou +33 6 12 34 56 78 depuis l’étranger.',
        subject: 'Ce champ est obligatoire.',
        message: 'Le message doit contenir au moins 10 caractères.',
        extra: 'Champ inconnu.',
      },
    });
  });

  it('refuses control characters in single-line fields', async () => {
    const { app } = await build();
    const response = await postContact(app, { ...VALID_CONTACT, subject: 'Bonjour\u0007' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.subject).toBe('Le sujet contient des caractères non autorisés.');
  });

  it('answers 400 in French for a body that is not a JSON object, or not JSON at all', async () => {
    const { app } = await build({ env: { CONTACT_RATE_LIMIT: '100' } });
    for (const body of ['[1, 2]', '42', 'null', '{"fullName": ']) {
      const response = await postContact(app, body);
      expect(response.statusCode, body).toBe(400);
      expect(response.json().error, body).toMatch(/^Le corps de la requête/);
    }
    const empty = await app.inject({ method: 'POST', url: '/api/contacts' });
    expect(empty.statusCode).toBe(400);
  });

  it('answers 413 above 16 KiB', async () => {
    const { app } = await build();
    const response = await postContact(app, {
      ...VALID_CONTACT,
      message: 'x'.repeat(BODY_LIMIT_BYTES),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: 'La requête est trop volumineuse (16 Kio au maximum).',
    });
  });

  it('answers 415 for a body that is not JSON', async () => {
    const { app } = await build({ env: { CONTACT_RATE_LIMIT: '100' } });
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/contacts',
        headers: { 'content-type': type },
        payload: 'fullName=Boulangerie',
      });
      expect(response.statusCode, type).toBe(415);
      expect(response.json().error, type).toMatch(/JSON/);
    }
  });

  it('answers 429 with Retry-After past CONTACT_RATE_LIMIT posts a minute from one client', async () => {
    const time = manualClock();
    const { app } = await build({ clock: time.clock, env: { CONTACT_RATE_LIMIT: '3' } });
    for (let i = 0; i < 3; i++)
      expect((await postContact(app, VALID_CONTACT)).statusCode).toBe(201);

    time.advance(20_000);
    const limited = await postContact(app, VALID_CONTACT);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('40');
    expect(limited.json().error).toMatch(
      /^Trop de tentatives en peu de temps, réessayez dans \d+ secondes\.$/,
    );

    // Another client is not affected.
    const other = await app.inject({
      method: 'POST',
      url: '/api/contacts',
      remoteAddress: '10.0.0.2',
      payload: VALID_CONTACT,
    });
    expect(other.statusCode).toBe(201);

    time.advance(40_000);
    expect((await postContact(app, VALID_CONTACT)).statusCode).toBe(201);
  });

  it('counts an IPv6 client by its /64, as sign-in does: one machine holds all of it', async () => {
    const { app } = await build({ env: { CONTACT_RATE_LIMIT: '3', CONTACT_SENDER_LIMIT: '1000' } });
    const from = (remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/api/contacts', remoteAddress, payload: VALID_CONTACT });
    const answers = [];
    for (let n = 1; n <= 60; n++)
      answers.push((await from(`2001:db8:aa:bb::${n.toString(16)}`)).statusCode);
    expect(answers.slice(0, 3)).toEqual([201, 201, 201]);
    expect(answers.slice(3)).toEqual(Array<number>(57).fill(429));
    // The next /64 is someone else.
    expect((await from('2001:db8:aa:bc::1')).statusCode).toBe(201);
  });

  /** A visitor of their own: their e-mail, phone and text differ from everyone else's. */
  function visitor(n: number) {
    return {
      ...VALID_CONTACT,
      fullName: `Visiteur ${n}`,
      email: `visiteur${n}@exemple.dz`,
      phone: `0555${String(100000 + n).slice(-6)}`,
      message: `Bonjour, je suis le visiteur numéro ${n} et je voudrais un devis.`,
    };
  }

  it('accepts 20 different visitors from one address in a minute (carrier-grade NAT, offices)', async () => {
    const time = manualClock();
    // The defaults, as a real start has them.
    const { app } = await build({ clock: time.clock, env: { CONTACT_SENDER_LIMIT: '3' } });
    for (let n = 1; n <= 20; n++) {
      const response = await postContact(app, visitor(n));
      expect(response.statusCode, `visiteur ${n}`).toBe(201);
      time.advance(2_000);
    }
  });

  it('holds one sender to 3 messages per 10 minutes: same e-mail, same phone or same text', async () => {
    const time = manualClock();
    const base = visitor(1);
    const repeats = {
      'la même adresse e-mail': (n: number) => ({ ...visitor(100 + n), email: base.email }),
      'le même téléphone, écrit autrement': (n: number) => ({
        ...visitor(200 + n),
        phone: n % 2 ? '+213 555 100 001' : '0555 10 00 01',
      }),
      'le même texte, casse et espaces mis à part': (n: number) => ({
        ...visitor(300 + n),
        message: n % 2 ? base.message.toUpperCase() : base.message.replaceAll(' ', '  '),
      }),
    };
    for (const [how, repeat] of Object.entries(repeats)) {
      // A fresh server for each way, so that only that way is repeated.
      const { app } = await build({ clock: time.clock, env: { CONTACT_SENDER_LIMIT: '3' } });
      expect((await postContact(app, base)).statusCode, how).toBe(201);
      time.advance(60_000);
      expect((await postContact(app, repeat(1))).statusCode, how).toBe(201);
      expect((await postContact(app, repeat(2))).statusCode, how).toBe(201);
      time.advance(60_000);
      const limited = await postContact(app, repeat(3));
      expect(limited.statusCode, how).toBe(429);
      // The first of the three leaves the window 10 minutes after it was sent.
      expect(limited.headers['retry-after'], how).toBe('480');
      expect(limited.json<{ error: string }>().error, how).toBe(
        'Trop de tentatives en peu de temps, réessayez dans 8 minutes.',
      );
      // Someone else, from the same address meanwhile, is not held up.
      expect((await postContact(app, visitor(999))).statusCode, how).toBe(201);
      time.advance(480_000);
      expect((await postContact(app, repeat(4))).statusCode, how).toBe(201);
      time.advance(600_000);
    }
  });

  it('lets posts kept as spam take nothing of a sender’s real allowance (issue 47, finding 7)', async () => {
    const time = manualClock();
    const { app } = await build({ clock: time.clock, env: { CONTACT_SENDER_LIMIT: '3' } });
    const prospect = visitor(1);
    // Someone posts the prospect's e-mail and phone three times with the hidden field filled
    // (what a robot does): each is kept in « Indésirables », answered as usual…
    for (let n = 1; n <= 3; n++) {
      const hostile = {
        ...visitor(500 + n),
        email: prospect.email,
        phone: prospect.phone,
        [HONEYPOT_FIELD]: 'https://pirate.example',
      };
      expect((await postContact(app, hostile)).statusCode, `spam ${n}`).toBe(201);
    }
    time.advance(1_000);
    // … and the prospect's real message still gets through (it was refused for 10 minutes).
    const real = await postContact(app, prospect);
    expect(real.statusCode).toBe(201);
    // Spam alone is still held to its own allowance: a flood of it is no way around the limit.
    const flood = { ...visitor(600), [HONEYPOT_FIELD]: 'x' };
    const answers: number[] = [];
    for (let n = 0; n < 4; n++) answers.push((await postContact(app, flood)).statusCode);
    expect(answers).toEqual([201, 201, 201, 429]);
  });
});

describe('GET /api/contacts', () => {
  it('answers 401 without a session', async () => {
    const { app } = await build();
    const response = await app.inject({ url: '/api/contacts' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: 'Votre session a expiré ou n’est pas ouverte, reconnectez-vous.',
    });
  });

  it('lists every message newest first, with its reception time in milliseconds', async () => {
    const time = manualClock();
    const { app } = await build({ clock: time.clock, env: { CONTACT_RATE_LIMIT: '100' } });
    const start = time.clock();
    for (const subject of ['Premier', 'Deuxième', 'Troisième']) {
      await postContact(app, { ...VALID_CONTACT, subject });
      time.advance(1500);
    }
    const cookie = await signIn(app);
    const response = await app.inject({ url: '/api/contacts', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-last-event-id']).toBe('3');
    const list = response.json<Record<string, unknown>[]>();
    expect(list.map((m) => m.subject)).toEqual(['Troisième', 'Deuxième', 'Premier']);
    for (const message of list) {
      expect(Object.keys(message).sort()).toEqual(
        [
          'email',
          'fullName',
          'id',
          'message',
          'phone',
          'service',
          'subject',
          'language',
          'receivedAt',
          'read',
          // Where it was sent from (null when the visitor came without them).
          'pagePath',
          'referrer',
          'utmSource',
          'utmMedium',
          'utmCampaign',
          // From the site's form ('formulaire'), or how a lead typed in came (« Nouveau contact »).
          'source',
        ].sort(),
      );
    }
    expect(list.map((m) => m.receivedAt)).toEqual([start + 3000, start + 1500, start]);
  });
});
