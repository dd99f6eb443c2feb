/**
 * A client that sends its request slowly (a dying phone connection, or someone holding
 * sockets on purpose) is answered 408 and let go, over a real socket; the dashboard's event
 * stream, a request that is complete at once, stays open.
 */
import { connect } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { HTTP_TIMEOUTS } from '../../src-server/app.ts';
import { build, listen, openStream, signIn } from './helpers.ts';

const SHORT = { requestMs: 1000, headersMs: 800, checkIntervalMs: 100, keepAliveMs: 5000 };

/** Sends the headers of a POST, then one byte of its body every 200 ms, until cut off. */
function trickle(url: string) {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => undefined);
  socket.write(
    'POST /api/contacts HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
  );
  const timer = setInterval(() => socket.write(' '), 200);
  const closed = new Promise<string>((resolve) =>
    socket.on('close', () => {
      clearInterval(timer);
      resolve(received);
    }),
  );
  onTestFinished(() => {
    clearInterval(timer);
    socket.destroy();
  });
  return closed;
}

describe('slow clients', () => {
  it('answers 408 and closes a request whose body trickles in', async () => {
    const { app } = await build({ httpTimeouts: SHORT });
    const url = await listen(app);
    const started = performance.now();

    const answer = await trickle(url);

    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(answer.split('\r\n\r\n')[1] ?? '')).toEqual({
      error: 'La requête a mis trop de temps à arriver : vérifiez votre connexion et réessayez.',
    });
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('cuts a slow client within 30 s with the default limits', () => {
    expect(HTTP_TIMEOUTS.requestMs + HTTP_TIMEOUTS.checkIntervalMs).toBeLessThanOrEqual(30_000);
    expect(HTTP_TIMEOUTS.headersMs).toBeLessThan(HTTP_TIMEOUTS.requestMs);
  });

  it('keeps the event stream open well past the request limit', async () => {
    const { app } = await build({ httpTimeouts: SHORT, env: { SSE_HEARTBEAT_MS: '400' } });
    const cookie = await signIn(app);
    const url = await listen(app);
    const stream = await openStream(`${url}/api/contacts/events`, { cookie });
    onTestFinished(() => stream.close());
    expect(stream.status).toBe(200);

    // Five heartbeats: twice the request limit, and the check ran twenty times meanwhile.
    for (let beat = 0; beat < 5; beat++) await stream.waitForComment();
    expect(stream.isClosed()).toBe(false);
  });
});
