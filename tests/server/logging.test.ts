/**
 * What the server logs: by default a console a person can read (French lines, no line per
 * request); JSON lines per request only when asked for. What npm start prints as a whole:
 * npm-start.test.ts.
 */
import Fastify from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { serverLogger } from '../../src-server/logging.ts';

const DATE_TIME = String.raw`\d\d/\d\d/\d{4} \d\d:\d\d:\d\d`;

describe('serverLogger', () => {
  it('by default writes warnings and errors as one French line each, and no request', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: serverLogger({ LOG_LEVEL: undefined, LOG_REQUESTS: false }, (line) =>
        lines.push(line),
      ),
    });
    onTestFinished(() => app.close());
    app.get('/panne', () => {
      throw new Error('disque plein\nà la ligne');
    });
    app.get('/bien', () => 'ok');

    await app.inject('/bien');
    await app.inject('/absente');
    expect(lines).toEqual([]);
    await app.inject('/panne');
    app.log.warn('La file des notifications prend du retard');
    app.log.info('pas pour une personne');

    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^${DATE_TIME} Erreur : .* : disque plein à la ligne$`)),
      expect.stringMatching(
        new RegExp(`^${DATE_TIME} Avertissement : La file des notifications prend du retard$`),
      ),
    ]);
  });

  it('gives Fastify’s JSON lines, requests included, with LOG_LEVEL or LOG_REQUESTS', () => {
    expect(serverLogger({ LOG_LEVEL: 'debug', LOG_REQUESTS: false })).toEqual({ level: 'debug' });
    expect(serverLogger({ LOG_LEVEL: undefined, LOG_REQUESTS: true })).toEqual({ level: 'info' });
    expect(serverLogger({ LOG_LEVEL: 'silent', LOG_REQUESTS: true })).toBe(false);
  });
});
