/**
 * Requests that Fastify or Node refuse before any of our routes runs are answered like ours:
 * the right status and `{ error }` with a French sentence, never Fastify's English JSON.
 */
import { connect } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { build, listen, signIn } from './helpers.ts';

/** Sends raw bytes and resolves with the whole answer once the server closes. */
function rawRequest(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    onTestFinished(() => {
      socket.destroy();
    });
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
    socket.write(request);
  });
}

function expectFrench(body: unknown) {
  expect(body).toEqual({ error: expect.stringMatching(/^[A-ZÉÀ].*[.!]$/u) });
  expect(JSON.stringify(body)).not.toMatch(/Bad Request|not a valid|statusCode|FST_/);
}

describe('errors raised by Fastify and Node themselves', () => {
  it('a URL the router cannot read gets a 400 in French, on the site and under /api', async () => {
    const { app } = await build();
    for (const url of ['/%zz', '/pageAccueil%', '/api/contacts/%E0%A4%A']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expectFrench(response.json());
      expect(response.json().error).toBe('L’adresse demandée n’est pas valide.');
    }
  });

  it('an id too long to be one gets a 414 in French', async () => {
    const { app } = await build();
    const cookie = await signIn(app);
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/contacts/${'a'.repeat(200)}`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ error: 'L’adresse demandée est trop longue.' });
  });

  it('a body that is not JSON, or a broken one, outside /api too, gets a 4xx in French', async () => {
    const { app } = await build();
    const xml = await app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: { 'content-type': 'text/xml' },
      payload: '<message/>',
    });
    expect(xml.statusCode).toBe(415);
    expectFrench(xml.json());

    const broken = await app.inject({
      method: 'POST',
      url: '/pageContact',
      headers: { 'content-type': 'application/json' },
      payload: '{pas du json',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: 'Le corps de la requête n’est pas un JSON valide.' });
  });

  it('headers or a URL too large for Node get a 431 in French, and the connection is closed', async () => {
    const { app } = await build();
    const url = await listen(app);
    const answer = await rawRequest(url, `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toMatch(/content-type: application\/json; charset=utf-8/i);
    expectFrench(JSON.parse(body));
  });

  it('malformed HTTP gets a 400 in French', async () => {
    const { app } = await build();
    const url = await listen(app);
    const answer = await rawRequest(url, 'PAS DU HTTP\r\n\r\n');
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(body)).toEqual({ error: 'Requête invalide.' });
  });
});
