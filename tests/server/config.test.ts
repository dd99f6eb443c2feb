import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  loadConfig,
  mailFrom,
  readSettings,
  SERVER_VARIABLES,
  unquotedHash,
} from '../../src-server/config.ts';

describe('loadConfig', () => {
  it('has working defaults', () => {
    expect(loadConfig({})).toEqual({
      PORT: 3000,
      HOST: '0.0.0.0',
      WEB_DIR: 'dist/web',
      DATA_DIR: 'data',
      LOG_REQUESTS: false,
      CONTACT_RATE_LIMIT: 30,
      CONTACT_SENDER_LIMIT: 3,
      QUOTE_LINK_FAILURE_LIMIT: 20,
      COOKIE_SECURE: false,
      TRUST_PROXY: false,
      SSE_HEARTBEAT_MS: 20_000,
      SESSION_IDLE_MINUTES: 120,
      SESSION_ABSOLUTE_HOURS: 12,
      SIGN_IN_MAX_FAILURES: 5,
      SIGN_IN_WINDOW_MINUTES: 15,
      DIGEST_TIME: '08:00',
      TEST_LOOPBACK_ENDPOINTS: false,
      PASSWORD_HASH_COST: 17,
      TEST_CHEAP_PASSWORD_HASHING: false,
    });
  });

  it('hashes passwords at OWASP’s cost or more, a cheaper cost only with the tests’ own switch', () => {
    expect(loadConfig({ PASSWORD_HASH_COST: '18' }).PASSWORD_HASH_COST).toBe(18);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '16' })).toThrow(
      /PASSWORD_HASH_COST ne descend pas sous 17/,
    );
    expect(() => loadConfig({ PASSWORD_HASH_COST: '10', TEST_CHEAP_PASSWORD_HASHING: '' })).toThrow(
      /PASSWORD_HASH_COST/,
    );
    expect(
      loadConfig({ PASSWORD_HASH_COST: '10', TEST_CHEAP_PASSWORD_HASHING: 'true' })
        .PASSWORD_HASH_COST,
    ).toBe(10);
    // Not below 2^10, even in the tests.
    expect(() =>
      loadConfig({ PASSWORD_HASH_COST: '4', TEST_CHEAP_PASSWORD_HASHING: 'true' }),
    ).toThrow(/PASSWORD_HASH_COST/);
  });

  it('wants ADMIN_EMAIL and ADMIN_PASSWORD together, the password at least 12 characters', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@agence.test' })).toThrow(/ensemble/);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'assez long pour passer' })).toThrow(/ensemble/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@agence.test', ADMIN_PASSWORD: 'court' })).toThrow(
      /au moins 12 caractères/,
    );
    expect(() =>
      loadConfig({ ADMIN_EMAIL: 'pas une adresse', ADMIN_PASSWORD: 'assez long pour passer' }),
    ).toThrow(/ADMIN_EMAIL/);
    const config = loadConfig({
      ADMIN_EMAIL: 'a@agence.test',
      ADMIN_PASSWORD: 'assez long pour passer',
    });
    expect(config.ADMIN_EMAIL).toBe('a@agence.test');
    // Empty values count as unset (a copied .env.example).
    expect(loadConfig({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '' }).ADMIN_EMAIL).toBeUndefined();
  });

  it('reads the notification settings, and says in French what is wrong, never the password', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://contact%40agence.dz:s3cr%40t@ssl0.ovh.net:465',
      PUBLIC_URL: 'https://www.agence.dz',
      NOTIFY_EMAIL: 'patron@agence.dz',
    });
    expect(config.SMTP_URL).toBe('smtps://contact%40agence.dz:s3cr%40t@ssl0.ovh.net:465');
    // The SMTP user name is the sender when it is an address.
    expect(mailFrom(config)).toBe('contact@agence.dz');

    const failure = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
      throw new Error('expected a configuration error');
    };
    const malformed = failure({ SMTP_URL: 'https://user:motdepasse@smtp.exemple.dz' });
    expect(malformed).toMatch(/SMTP_URL doit être une adresse smtp:\/\/ ou smtps:\/\//);
    expect(malformed).not.toContain('motdepasse');
    // A « % » left bare in the password is refused here, not by a URIError at start.
    const barepercent = failure({ SMTP_URL: 'smtps://contact%40agence.dz:100%sur@ssl0.ovh.net' });
    expect(barepercent).toMatch(/% en %25/);
    expect(barepercent).not.toContain('100%sur');
    expect(
      failure({
        SMTP_URL: 'smtp://relais:cle@smtp-relay.brevo.com:587',
        NOTIFY_EMAIL: 'patron@agence.dz',
      }),
    ).toMatch(/MAIL_FROM est obligatoire/);
    expect(
      loadConfig({
        SMTP_URL: 'smtp://relais:cle@smtp-relay.brevo.com:587',
        MAIL_FROM: 'Site de l’agence <site@agence.dz>',
        NOTIFY_EMAIL: 'patron@agence.dz',
      }).MAIL_FROM,
    ).toBe('Site de l’agence <site@agence.dz>');
    expect(failure({ MAIL_FROM: 'pas une adresse' })).toMatch(/MAIL_FROM doit être/);
    expect(failure({ NOTIFY_EMAIL: 'patron' })).toMatch(/NOTIFY_EMAIL/);
    expect(failure({ PUBLIC_URL: 'ftp://agence.dz' })).toMatch(/PUBLIC_URL/);
    expect(failure({ VAPID_PUBLIC_KEY: 'A'.repeat(87) })).toMatch(/VAPID.*ensemble/);
    expect(failure({ VAPID_PUBLIC_KEY: 'court', VAPID_PRIVATE_KEY: 'court' })).toMatch(/65 octets/);
  });

  it('wants NOTIFY_EMAIL with SMTP_URL, and not an address under .localhost', () => {
    const smtp = { SMTP_URL: 'smtps://contact%40agence.dz:s3cr%40t@ssl0.ovh.net:465' };
    const problem = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return null;
      } catch (error) {
        return error instanceof Error ? error.message.split('\n') : [String(error)];
      }
    };
    for (const notifyEmail of [undefined, 'admin@agence.localhost', 'moi@Boite.LOCALHOST']) {
      const lines = problem(notifyEmail ? { ...smtp, NOTIFY_EMAIL: notifyEmail } : smtp);
      expect(lines).toEqual([
        'Configuration invalide :',
        expect.stringMatching(/^ {2}NOTIFY_EMAIL: NOTIFY_EMAIL est obligatoire avec SMTP_URL/),
      ]);
    }
    expect(problem({ ...smtp, NOTIFY_EMAIL: 'patron@agence.dz' })).toBeNull();
    // Without SMTP_URL no e-mail is sent: nothing to require.
    expect(problem({})).toBeNull();
  });

  it('reads numbers, booleans and the proxy setting', () => {
    const config = loadConfig({
      CONTACT_RATE_LIMIT: '1000',
      COOKIE_SECURE: 'true',
      TRUST_PROXY: '1',
      SSE_HEARTBEAT_MS: '500',
    });
    expect(config.CONTACT_RATE_LIMIT).toBe(1000);
    expect(config.COOKIE_SECURE).toBe(true);
    expect(config.TRUST_PROXY).toBe(1);
    expect(config.SSE_HEARTBEAT_MS).toBe(500);
    // true would let any client choose its address behind a proxy that appends to the header.
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY=true laisserait chaque client choisir son adresse/,
    );
    expect(() => loadConfig({ TRUST_PROXY: 'nginx' })).toThrow(/TRUST_PROXY doit être/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY doit être/);
    expect(loadConfig({ TRUST_PROXY: '::1, 192.168.1.10' }).TRUST_PROXY).toBe('::1,192.168.1.10');
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1,10.0.0.0/8' }).TRUST_PROXY).toBe(
      '127.0.0.1,10.0.0.0/8',
    );
    expect(() => loadConfig({ CONTACT_RATE_LIMIT: '0' })).toThrow(/CONTACT_RATE_LIMIT/);
    expect(() => loadConfig({ COOKIE_SECURE: 'peut-être' })).toThrow(/COOKIE_SECURE/);
  });
});

describe('.env.example', () => {
  const text = readFileSync(path.resolve(import.meta.dirname, '../../.env.example'), 'utf8');
  const lines = text.split('\n');

  it('documents every server variable, each under a French comment', () => {
    expect(text).toContain('# Serveur local');
    for (const name of SERVER_VARIABLES) {
      const index = lines.findIndex((line) => line.startsWith(`${name}=`));
      expect(index, name).toBeGreaterThan(0);
      expect(
        lines.slice(0, index).some((line) => line.startsWith('#')),
        name,
      ).toBe(true);
    }
  });

  it('holds values the server accepts', () => {
    const env = Object.fromEntries(
      lines
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(() => loadConfig(env)).not.toThrow();
  });

  it('says to quote a value with « # », and is itself read as written', () => {
    expect(text).toContain("ADMIN_PASSWORD='Horizon-Numerique#2026!'");
    expect(unquotedHash(text)).toBeNull();
  });
});

describe('readSettings', () => {
  it('puts the environment over the file, and says which file it read', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'agence-settings-'));
    try {
      writeFileSync(path.join(dir, '.env'), 'PORT=4000\nHOST=127.0.0.1\n# commentaire\n');
      const settings = readSettings({ PORT: '5000' }, dir);
      expect(loadConfig(settings.env)).toMatchObject({ PORT: 5000, HOST: '127.0.0.1' });
      expect(settings.file).toBe(path.join(dir, '.env'));

      rmSync(path.join(dir, '.env'));
      expect(readSettings({}, dir)).toMatchObject({
        file: null,
        line: expect.stringMatching(/^Aucun fichier de réglages /),
      });

      // A .env that cannot be read stops the start with a French line.
      mkdirSync(path.join(dir, '.env'));
      expect(() => readSettings({}, dir)).toThrow(/^Le fichier de réglages .* est illisible/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads a password with « # » as written when quoted, and refuses it unquoted in one line that says to quote it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'agence-settings-'));
    try {
      const file = path.join(dir, '.env');
      // Node's parseEnv would read « Horizon-Numerique »: the owner's password cut short.
      writeFileSync(
        file,
        'ADMIN_EMAIL=patron@agence.test\nADMIN_PASSWORD=Horizon-Numerique#2026!\n',
      );
      let message = '';
      try {
        readSettings({}, dir);
      } catch (error) {
        message = error instanceof Error ? error.message : String(error);
      }
      expect(message).toMatch(/ADMIN_PASSWORD/);
      expect(message).toMatch(/guillemets/);
      expect(message).toMatch(/ligne 2/);
      expect(message).not.toContain('\n');
      // The value is a secret: never repeated in the message.
      expect(message).not.toContain('2026!');

      // An inline comment after a value is refused the same way (is « # » part of it?).
      writeFileSync(file, 'WEBHOOK_SECRET=un-secret-assez-long #2\n');
      expect(() => readSettings({}, dir)).toThrow(/WEBHOOK_SECRET/);

      // Quoted, every value is read exactly as written.
      writeFileSync(
        file,
        [
          '# un commentaire # avec dièse',
          'ADMIN_EMAIL=patron@agence.test',
          "ADMIN_PASSWORD='Horizon-Numerique#2026!'",
          'WEBHOOK_SECRET="un#secret#assez#long"',
          '',
        ].join('\n'),
      );
      expect(readSettings({}, dir).env).toMatchObject({
        ADMIN_PASSWORD: 'Horizon-Numerique#2026!',
        WEBHOOK_SECRET: 'un#secret#assez#long',
      });

      // A multi-line quoted value is no line of its own.
      writeFileSync(file, 'MAIL_FROM="Site\nX=a#b"\nPORT=4000\n');
      expect(readSettings({}, dir).env).toMatchObject({ PORT: '4000' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads the first variable of a .env that starts with a UTF-8 byte order mark', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'agence-settings-'));
    try {
      // Windows' Notepad writes one: the first variable was silently dropped.
      writeFileSync(path.join(dir, '.env'), '\uFEFFADMIN_EMAIL=patron@agence.test\nPORT=4000\n');
      expect(readSettings({}, dir).env).toMatchObject({
        ADMIN_EMAIL: 'patron@agence.test',
        PORT: '4000',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
