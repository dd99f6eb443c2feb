import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../shared/domain/routes.ts';
import { PAGE_SCRIPT_LOADER_CSP_SOURCE } from '../../src-server/security/headers.ts';
import { build, postContact, signIn, VALID_CONTACT } from './helpers.ts';

describe('security headers', () => {
  it('sends the CSP (with the OpenStreetMap frame) on pages, the not-found page and the API', async () => {
    const { app } = await build();
    for (const url of [ROUTES.contact, '/nulle-part', '/api/contacts']) {
      const response = await app.inject({ url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      // Only the public pages' loader of their script runs inline, allowed by its hash.
      expect(csp, url).toContain(`script-src 'self' ${PAGE_SCRIPT_LOADER_CSP_SOURCE};`);
      expect(csp, url).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp, url).toContain("img-src 'self' data:");
      expect(csp, url).toContain('frame-src https://www.openstreetmap.org');
      // Fonts and connections fall back on default-src 'self', event handlers on script-src.
      expect(csp, url).not.toMatch(/(connect|font)-src|script-src-attr/);
      expect(csp.match(/script-src [^;]*/)?.[0], url).not.toContain('unsafe');
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("form-action 'self'");
      expect(csp, url).toContain("base-uri 'self'");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).not.toContain('upgrade-insecure-requests');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      // Headers only browsers and plug-ins of the past read stay: none is traded for bytes.
      expect(response.headers['x-xss-protection'], url).toBe('0');
      expect(response.headers['x-download-options'], url).toBe('noopen');
      expect(response.headers['x-permitted-cross-domain-policies'], url).toBe('none');
    }
  });

  it('sends HSTS only over HTTPS', async () => {
    const { app } = await build({ env: { TRUST_PROXY: '1' } });
    const plain = await app.inject({ url: ROUTES.home });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await app.inject({
      url: ROUTES.home,
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(secure.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  it('takes the address the proxy saw, whatever the client writes in X-Forwarded-For', async () => {
    const { app } = await build({
      env: { TRUST_PROXY: '1', CONTACT_RATE_LIMIT: '2' },
    });
    // The proxy (127.0.0.1, one hop) appends the address it saw to what the client sent.
    const viaProxy = (forged: string) =>
      postContact(app, VALID_CONTACT, { 'x-forwarded-for': `${forged}, 203.0.113.7` });
    expect((await viaProxy('1.1.1.1')).statusCode).toBe(201);
    expect((await viaProxy('2.2.2.2')).statusCode).toBe(201);
    // A new forged address each time does not make a new client.
    expect((await viaProxy('3.3.3.3')).statusCode).toBe(429);
    expect(
      (await postContact(app, VALID_CONTACT, { 'x-forwarded-for': '203.0.113.8' })).statusCode,
    ).toBe(201);
  });
});

describe('cross-site request checks on unsafe methods', () => {
  const host = 'agence.test';

  it('refuses with 403 a request from another origin', async () => {
    const { app } = await build();
    const refused: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: `http://${host}.evil.example` },
      // Same host, other scheme: another origin.
      { origin: `https://${host}` },
      { origin: `ftp://${host}` },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      // Sec-Fetch-Site wins over a forged-looking Origin.
      { 'sec-fetch-site': 'cross-site', origin: `http://${host}` },
    ];
    for (const headers of refused) {
      const response = await postContact(app, VALID_CONTACT, { host, ...headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual({
        error: 'Requête refusée : elle ne provient pas de ce site.',
      });
    }
    const signInAttempt = await app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { host, origin: 'https://evil.example' },
      payload: { email: 'a@b.c', password: 'x' },
    });
    expect(signInAttempt.statusCode).toBe(403);
  });

  it('refuses a cross-site sign-out (which would end the admin session)', async () => {
    const { app } = await build();
    const cookie = await signIn(app);
    const response = await app.inject({
      method: 'DELETE',
      url: '/api/session',
      headers: { cookie, host, 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
    expect((await app.inject({ url: '/api/session', headers: { cookie } })).statusCode).toBe(200);
  });

  it('accepts same-origin requests, and requests with neither header (not from a browser)', async () => {
    const { app } = await build({ env: { CONTACT_RATE_LIMIT: '100' } });
    const accepted: Record<string, string>[] = [
      { origin: `http://${host}` },
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      {},
    ];
    for (const headers of accepted) {
      const response = await postContact(app, VALID_CONTACT, { host, ...headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(201);
    }
  });

  it('behind a trusted HTTPS proxy, takes the scheme the browser used', async () => {
    const { app } = await build({ env: { TRUST_PROXY: '1' } });
    const post = (origin: string) =>
      postContact(app, VALID_CONTACT, { host, origin, 'x-forwarded-proto': 'https' });
    expect((await post(`https://${host}`)).statusCode).toBe(201);
    expect((await post(`http://${host}`)).statusCode).toBe(403);
  });

  it('leaves safe methods alone', async () => {
    const { app } = await build();
    const response = await app.inject({
      url: ROUTES.home,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('the rest of /api', () => {
  it('answers 401 to anything without a session, 404 with one for unknown paths', async () => {
    const { app } = await build();
    for (const [method, url] of [
      ['GET', '/api/nothing'],
      ['GET', '/api'],
      ['PUT', '/api/contacts'],
      ['DELETE', '/api/contacts'],
      ['GET', '/api/contacts/events'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().error).toMatch(/^Votre session a expiré/);
    }
    const cookie = await signIn(app);
    const unknown = await app.inject({ url: '/api/nothing', headers: { cookie } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Introuvable.' });
  });

  it('keeps serving the site around the API', async () => {
    const { app } = await build();
    expect((await app.inject({ url: ROUTES.dashboard })).statusCode).toBe(200);
    const missing = await app.inject({ url: '/nulle-part' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^text\/html/);
  });
});
