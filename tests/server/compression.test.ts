import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, onTestFinished } from 'vitest';
import { acceptedEncoding } from '../../src-server/api/compression.ts';
import { build, listen, openStream, postContact, signIn, VALID_CONTACT } from './helpers.ts';

/**
 * A GET over a real socket, as a browser sends it: node:http, which (unlike fetch) asks for no
 * encoding of its own and unpacks nothing, so the test sees the bytes the server wrote.
 */
function get(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/** A signed-in server holding enough messages for the list to pass 1 KiB. */
async function withMessages() {
  const { app } = await build({ env: { CONTACT_RATE_LIMIT: '1000' } });
  const cookie = await signIn(app);
  for (const subject of ['Un', 'Deux', 'Trois', 'Quatre', 'Cinq']) {
    await postContact(app, { ...VALID_CONTACT, subject });
  }
  return { app, cookie };
}

describe('API compression', () => {
  it('sends the inbox list in Brotli to a browser that takes it, the same JSON once unpacked', async () => {
    const { app, cookie } = await withMessages();
    const plain = await app.inject({ url: '/api/contacts', headers: { cookie } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const packed = await app.inject({
      url: '/api/contacts',
      headers: { cookie, 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(packed.statusCode).toBe(200);
    expect(packed.headers['content-encoding']).toBe('br');
    expect(packed.headers.vary).toMatch(/Accept-Encoding/);
    expect(packed.headers['cache-control']).toBe('no-store');
    expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(packed.rawPayload).toString())).toEqual(plain.json());
    expect(packed.headers['x-last-event-id']).toBe(plain.headers['x-last-event-id']);
  });

  it('falls back to gzip, and leaves small answers as they are', async () => {
    const { app, cookie } = await withMessages();
    const gzipped = await app.inject({
      url: '/api/contacts',
      headers: { cookie, 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toHaveLength(5);

    const small = await app.inject({
      url: '/api/session',
      headers: { cookie, 'accept-encoding': 'br' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('reads Accept-Encoding as HTTP says', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });

  it('over a real connection: gzip to a client that asks for it, plain to one that does not', async () => {
    const { app, cookie } = await withMessages();
    const url = await listen(app);
    const plain = await get(`${url}/api/contacts`, { cookie });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    const messages: unknown = JSON.parse(plain.body.toString());
    expect(messages).toHaveLength(5);

    const gzipped = await get(`${url}/api/contacts`, { cookie, 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/Accept-Encoding/);
    expect(gzipped.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(gunzipSync(gzipped.body).toString())).toEqual(messages);
  });

  it('never packs the event stream: each event arrives as it happens, as plain text', async () => {
    const { app, cookie } = await withMessages();
    const url = await listen(app);
    const stream = await openStream(`${url}/api/events`, {
      cookie,
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    onTestFinished(() => stream.close());
    expect(stream.status).toBe(200);
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    const before = (await stream.waitForEvents(1)).length;
    await postContact(app, { ...VALID_CONTACT, subject: 'Six' });
    const events = await stream.waitForEvents(before + 1);
    expect(events.at(-1)?.data).toContain('Six');
  });
});
