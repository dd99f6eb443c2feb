/**
 * docs/deploy.md, tried: Debian's Caddy with deploy/Caddyfile (its own certificate authority,
 * `tls internal`, instead of Let's Encrypt; local ports) in front of the real server with the
 * guide's settings, HOST=127.0.0.1 and TRUST_PROXY=127.0.0.1.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createHttpBackend } from '../../shared/backend/http/index.ts';
import { ADMIN, makeWebFixture, tempDir, VALID_CONTACT } from '../server/helpers.ts';
import { startServer } from '../server/server-process.ts';
import { cookieKeepingFetch } from '../shared/backend/cookie-fetch.ts';
import { CONTRACT_MESSAGE } from '../shared/backend/contract.ts';
import { A_DRAFT, quotesOf } from '../shared/backend/quotes-contract.ts';
import { aFilledSettings } from '../fixtures/settings.ts';

const CADDY = '/usr/bin/caddy';
const CADDYFILE = path.resolve(import.meta.dirname, '../../deploy/Caddyfile');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface Call {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** The visitor's own address: each 127.0.0.x is another machine to the servers. */
  from?: string;
}

/** deploy/Caddyfile as the guide shows it, pointed at local ports, with Caddy's own CA. */
async function startCaddy(upstreamPort: number) {
  if (!existsSync(CADDY)) {
    throw new Error(
      `Caddy introuvable (${CADDY}) : installez le paquet Debian caddy (apt-get install caddy), comme le fait .ci/run.`,
    );
  }
  const home = await tempDir('caddy');
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  const shown = await readFile(CADDYFILE, 'utf8');
  expect(shown).toContain('www.exemple.dz {');
  expect(shown).toContain('reverse_proxy 127.0.0.1:3000');
  const adapted = [
    // No admin endpoint (nothing to clash with), no change to the system's trust store.
    `{\n\tadmin off\n\thttp_port ${httpPort}\n\thttps_port ${httpsPort}\n\tskip_install_trust\n}\n`,
    shown
      .replace('www.exemple.dz {', `localhost:${httpsPort} {\n\ttls internal`)
      .replace('reverse_proxy 127.0.0.1:3000', `reverse_proxy 127.0.0.1:${upstreamPort}`),
  ].join('\n');
  const config = path.join(home, 'Caddyfile');
  await writeFile(config, adapted);
  const child = spawn(CADDY, ['run', '--config', config, '--adapter', 'caddyfile'], {
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_DATA_HOME: path.join(home, 'data'),
      XDG_CONFIG_HOME: path.join(home, 'config'),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  onTestFinished(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  });
  const rootCertificate = path.join(home, 'data/caddy/pki/authorities/local/root.crt');
  await vi.waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`Caddy s’est arrêté : ${log}`);
      expect(existsSync(rootCertificate)).toBe(true);
    },
    { timeout: 30_000, interval: 100 },
  );
  const ca = await readFile(rootCertificate);
  const origin = `https://localhost:${httpsPort}`;

  const request = (call: Call, onResponse: (response: http.IncomingMessage) => void) =>
    https
      .request({
        host: '127.0.0.1',
        port: httpsPort,
        servername: 'localhost',
        ca,
        family: 4,
        localAddress: call.from ?? '127.0.0.1',
        method: call.method ?? 'GET',
        path: call.path,
        headers: { host: `localhost:${httpsPort}`, ...call.headers },
        agent: false,
      })
      .on('response', onResponse);

  return { origin, request, log: () => log };
}

/** One request, answered in full. `via` makes it (https through Caddy, or http direct). */
function send(
  via: (call: Call, onResponse: (response: http.IncomingMessage) => void) => http.ClientRequest,
  call: Call,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
    const req = via(
      {
        ...call,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...call.headers,
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('the deployment guide’s Caddy in front of the server', () => {
  it('streams, counts visitors by their address, sets HSTS and Secure cookies, and ignores a forged address sent past Caddy', async () => {
    const dataDir = await tempDir('data');
    const webDir = await makeWebFixture(await tempDir('web'));
    // The guide's .env: the server listens on this machine only, behind the one hop, Caddy.
    const server = await startServer(dataDir, webDir, {
      HOST: '127.0.0.1',
      TRUST_PROXY: '127.0.0.1',
      CONTACT_RATE_LIMIT: '3',
    });
    const serverPort = Number(new URL(server.url).port);
    const caddy = await startCaddy(serverPort);
    const viaCaddy = caddy.request;
    const direct = (call: Call, onResponse: (response: http.IncomingMessage) => void) =>
      http
        .request({
          host: '127.0.0.1',
          port: serverPort,
          family: 4,
          localAddress: call.from ?? '127.0.0.1',
          method: call.method ?? 'GET',
          path: call.path,
          headers: call.headers,
          agent: false,
        })
        .on('response', onResponse);

    await vi.waitFor(
      async () => expect((await send(viaCaddy, { path: '/healthz' })).status).toBe(200),
      {
        timeout: 30_000,
        interval: 200,
      },
    );
    const health = await send(viaCaddy, { path: '/healthz' });
    expect(health.headers['strict-transport-security']).toMatch(/max-age=\d+/);

    // Sign-in through Caddy: the session cookie is Secure (the server knows it is HTTPS).
    const signIn = await send(viaCaddy, {
      method: 'POST',
      path: '/api/session',
      headers: { origin: caddy.origin },
      body: ADMIN,
    });
    expect(signIn.status).toBe(200);
    const cookies = signIn.headers['set-cookie'] ?? [];
    const session = cookies.find((cookie) => cookie.startsWith('sid='));
    expect(session).toMatch(/;\s*Secure/i);
    const cookie = session?.split(';')[0] ?? '';

    // The live inbox through Caddy: a new message arrives at once, not when a buffer fills.
    const received: { at: number; data: string }[] = [];
    let streamStatus = 0;
    const stream = viaCaddy(
      { path: '/api/contacts/events', headers: { cookie, accept: 'text/event-stream' } },
      (response) => {
        streamStatus = response.statusCode ?? 0;
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => received.push({ at: Date.now(), data: chunk }));
      },
    );
    stream.on('error', () => undefined);
    stream.end();
    onTestFinished(() => {
      stream.destroy();
    });
    // Open end to end: its headers came back through Caddy.
    await vi.waitFor(() => expect(streamStatus).toBe(200), { timeout: 10_000 });
    const posted = await send(viaCaddy, {
      method: 'POST',
      path: '/api/contacts',
      body: { ...VALID_CONTACT, subject: 'Par Caddy' },
    });
    expect(posted.status).toBe(201);
    const postedAt = Date.now();
    await vi.waitFor(
      () => expect(received.some(({ data }) => data.includes('Par Caddy'))).toBe(true),
      {
        timeout: 10_000,
        interval: 20,
      },
    );
    const arrival = received.find(({ data }) => data.includes('Par Caddy'))?.at ?? Infinity;
    expect(arrival - postedAt).toBeLessThan(2000);

    // The contact limit (3 a minute here) counts the visitor's address, not Caddy's: a forged
    // X-Forwarded-For sent to Caddy changes nothing, and another visitor is not held back.
    const post = (via: typeof viaCaddy, from: string, forged?: string) =>
      send(via, {
        method: 'POST',
        path: '/api/contacts',
        from,
        headers: forged ? { 'x-forwarded-for': forged } : {},
        body: VALID_CONTACT,
      }).then((answer) => answer.status);
    expect(await post(viaCaddy, '127.0.0.2')).toBe(201);
    expect(await post(viaCaddy, '127.0.0.2', '203.0.113.7')).toBe(201);
    expect(await post(viaCaddy, '127.0.0.2', '203.0.113.8')).toBe(201);
    expect(await post(viaCaddy, '127.0.0.2', '203.0.113.9')).toBe(429);
    expect(await post(viaCaddy, '127.0.0.3')).toBe(201);

    // Past Caddy, straight to the server's port: the forged addresses are not believed.
    expect(await post(direct, '127.0.0.4', '198.51.100.1')).toBe(201);
    expect(await post(direct, '127.0.0.4', '198.51.100.2')).toBe(201);
    expect(await post(direct, '127.0.0.4', '198.51.100.3')).toBe(201);
    expect(await post(direct, '127.0.0.4', '198.51.100.4')).toBe(429);
    expect(await post(direct, '127.0.0.5', '127.0.0.4')).toBe(201);
  }, 90_000);

  it('keeps the client’s quote token out of Caddy’s access log and the server’s request log (issue 47, finding 2)', async () => {
    const dataDir = await tempDir('data');
    const webDir = await makeWebFixture(await tempDir('web'));
    // The guide's .env, with a JSON line per request (LOG_REQUESTS=1).
    const server = await startServer(dataDir, webDir, {
      HOST: '127.0.0.1',
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: '',
      LOG_REQUESTS: '1',
    });
    const caddy = await startCaddy(Number(new URL(server.url).port));
    await vi.waitFor(
      async () => expect((await send(caddy.request, { path: '/healthz' })).status).toBe(200),
      { timeout: 30_000, interval: 200 },
    );

    // The owner sends a quote (on the server's own port: only the client's calls matter here).
    const owner = createHttpBackend({ baseUrl: server.url, fetch: cookieKeepingFetch().fetch });
    await owner.session.signIn(ADMIN.email, ADMIN.password);
    // A quote leaves only once « Réglages » holds the agency's legal mentions (issue 49).
    const settings = owner.settings;
    if (!settings) throw new Error('the embedded server has « Réglages »');
    await settings.save(aFilledSettings((await settings.get()).settings));
    const { id } = await owner.messages.send(CONTRACT_MESSAGE);
    const quotes = quotesOf(owner);
    const sent = await quotes.send((await quotes.createDraft(id, A_DRAFT)).id);
    const token = new URL(sent.link).hash.slice(1);
    expect(token.length).toBeGreaterThan(20);

    // The client's page, through Caddy, with the site's own HTTP adapter: it reads the quote
    // and accepts it, as a browser does from the link.
    const viaCaddy: typeof fetch = async (input, init = {}) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const answer = await new Promise<Answer>((resolve, reject) => {
        const request = caddy.request(
          {
            method: init.method ?? 'GET',
            path: `${url.pathname}${url.search}`,
            headers: { ...Object.fromEntries(new Headers(init.headers)), origin: caddy.origin },
          },
          (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (body += chunk));
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
            );
          },
        );
        request.on('error', reject);
        request.end(typeof init.body === 'string' ? init.body : undefined);
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(answer.headers)) {
        for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
          headers.append(name, one);
        }
      }
      return new Response(answer.body, { status: answer.status, headers });
    };
    const client = quotesOf(createHttpBackend({ baseUrl: caddy.origin, fetch: viaCaddy }));
    expect((await client.readByToken(token)).number).toBe(sent.quote.number);
    expect((await client.answer(token, { decision: 'accepte' })).status).toBe('accepte');

    // Both logs wrote the client's requests, and neither holds the token.
    await vi.waitFor(
      () => {
        expect(caddy.log().match(/\/api\/quote-links\//gu)?.length ?? 0).toBeGreaterThanOrEqual(2);
        expect(server.stdout().match(/\/api\/quote-links\//gu)?.length ?? 0).toBeGreaterThanOrEqual(
          2,
        );
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(caddy.log()).not.toContain(token);
    expect(server.stdout()).not.toContain(token);
  }, 90_000);
});
