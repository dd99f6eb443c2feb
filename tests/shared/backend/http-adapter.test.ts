import { EventSource } from 'eventsource';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { smtpStandIn } from '../../fixtures/smtp-stand-in.ts';
import { createHttpBackend } from '../../../shared/backend/http/index.ts';
import type { EventSourceConstructor } from '../../../shared/backend/http/index.ts';
import { BackendError, type Backend } from '../../../shared/backend/ports.ts';
import { ADMIN, createTestApp } from '../../server/helpers.ts';
import {
  CONTRACT_MESSAGE,
  describeBackendContract,
  describeRestartContract,
  record,
} from './contract.ts';
import { cookieKeepingFetch } from './cookie-fetch.ts';
import { aMessage } from '../../fixtures/messages.ts';

/**
 * Node has no cookie jar and (without a flag) no EventSource: each client gets a fetch that
 * keeps cookies and an EventSource (from the `eventsource` package) that uses that fetch.
 */
function nodeClient(baseUrl: string, jar = cookieKeepingFetch()): Backend {
  const jarFetch = jar.fetch;
  const JarEventSource: EventSourceConstructor = class extends EventSource {
    constructor(url: string, init?: { withCredentials?: boolean }) {
      super(url, { ...init, fetch: jarFetch });
    }
  };
  return createHttpBackend({
    baseUrl,
    fetch: jarFetch,
    EventSource: JarEventSource,
    reconnectDelayMs: { initial: 100, max: 500 },
  });
}

async function startServer(env: Record<string, string> = {}, dataDir?: string) {
  const built = await createTestApp({
    env: {
      CONTACT_RATE_LIMIT: '1000',
      CONTACT_SENDER_LIMIT: '1000',
      SSE_HEARTBEAT_MS: '1000',
      ...env,
    },
    ...(dataDir ? { dataDir } : {}),
  });
  const baseUrl = await built.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...built, baseUrl };
}

describeBackendContract(
  'http adapter + src-server',
  async () => {
    // The owner's e-mails go to a real SMTP server: the contract checks who is notified.
    const cleanups: (() => Promise<void> | void)[] = [];
    const smtp = await smtpStandIn((cleanup) => cleanups.push(cleanup));
    await smtp.start();
    const server = await startServer({
      SMTP_URL: smtp.url(),
      NOTIFY_EMAIL: 'proprietaire@agence.test',
      MAIL_FROM: 'Site de l’agence <site@agence.test>',
    });
    const mailsAbout = (subject: string) =>
      smtp.mails.filter((mail) => mail.subject?.endsWith(`: ${subject}`)).length;
    return {
      client: () => nodeClient(server.baseUrl),
      admin: ADMIN,
      notifications: {
        mailsAbout,
        untilMailAbout: (subject) =>
          vi.waitFor(() => expect(mailsAbout(subject)).toBeGreaterThan(0), {
            timeout: 20_000,
            interval: 20,
          }),
      },
      dispose: async () => {
        await server.dispose();
        for (const cleanup of cleanups) await cleanup();
      },
    };
  },
  { notifiesOwner: true, marksSpam: true },
);

describeRestartContract('http adapter + src-server restarted on its data', async () => {
  const first = await startServer();
  const port = Number(new URL(first.baseUrl).port);
  const servers = [first];
  return {
    client: () => nodeClient(first.baseUrl),
    admin: ADMIN,
    // Same data, same port: a restart.
    restart: async (whileDown) => {
      await servers.at(-1)?.app.close();
      await whileDown();
      const next = await createTestApp({
        dataDir: first.dataDir,
        env: { CONTACT_RATE_LIMIT: '1000', CONTACT_SENDER_LIMIT: '1000', SSE_HEARTBEAT_MS: '1000' },
      });
      servers.push({ ...next, baseUrl: first.baseUrl });
      await next.app.listen({ port, host: '127.0.0.1' });
    },
    dispose: async () => {
      // The first last: it made the data folder.
      for (const server of servers.reverse()) await server.dispose();
    },
  };
});

describe('http adapter specifics', () => {
  async function running(env: Record<string, string> = {}) {
    const server = await startServer(env);
    onTestFinished(server.dispose);
    return server;
  }

  it('reads or cancels every answer it gets, failures included (none is left hanging)', async () => {
    const server = await running();
    const answers: { what: string; response: Response }[] = [];
    const recordingFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      // The event stream is read as it comes, for as long as it is open.
      const stream = new Headers(init?.headers).get('accept')?.includes('text/event-stream');
      if (!stream) answers.push({ what: `${response.status} ${String(input)}`, response });
      return response;
    };
    const backend = nodeClient(server.baseUrl, cookieKeepingFetch(recordingFetch));

    expect(await backend.session.current()).toBeNull(); // 401
    await expect(backend.session.signIn(ADMIN.email, 'mauvais mot de passe')).rejects.toThrow();
    await backend.session.signIn(ADMIN.email, ADMIN.password);
    const { id } = await backend.messages.send(CONTRACT_MESSAGE);
    const watch = record(backend.messages);
    onTestFinished(watch.stop);
    await watch.untilList((list) => list.some((message) => message.id === id), 'the message');
    await backend.messages.setRead(id, true);
    await backend.messages.remove([id]);
    await expect(backend.messages.setRead(id, false)).rejects.toThrow(); // 404
    await backend.session.signOut(); // 204

    expect(answers.length).toBeGreaterThanOrEqual(9);
    const left = answers.filter(({ response }) => response.body !== null && !response.bodyUsed);
    expect(left.map(({ what }) => what)).toEqual([]);
  });

  it("maps 429 to 'rate-limited' with retryAfterSeconds and a French message", async () => {
    const server = await running({ CONTACT_RATE_LIMIT: '1' });
    const { messages } = nodeClient(server.baseUrl);
    await messages.send(CONTRACT_MESSAGE);
    const error = await messages.send(CONTRACT_MESSAGE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackendError);
    expect(error).toMatchObject({ code: 'rate-limited', retryAfterSeconds: expect.any(Number) });
    expect((error as BackendError).retryAfterSeconds).toBeGreaterThan(0);
    expect((error as BackendError).message).toMatch(
      /^trop de tentatives en peu de temps, réessayez dans \d+ secondes?\.$/,
    );
  });

  it("maps an unreachable server to 'network' with the message shown after the popup's text", async () => {
    const server = await startServer();
    const { baseUrl } = server;
    await server.dispose();
    const error = await nodeClient(baseUrl)
      .messages.send(CONTRACT_MESSAGE)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'network',
      message: 'le serveur est injoignable, vérifiez votre connexion puis réessayez.',
    });
  });

  it("maps 5xx to 'unavailable' and a 403 to 'refused'", async () => {
    const answer = (status: number) =>
      createHttpBackend({
        fetch: async () => new Response(JSON.stringify({ error: 'x' }), { status }),
      });
    await expect(answer(503).messages.send(CONTRACT_MESSAGE)).rejects.toMatchObject({
      code: 'unavailable',
    });
    await expect(answer(500).session.current()).rejects.toMatchObject({ code: 'unavailable' });
    await expect(answer(403).session.signOut()).rejects.toMatchObject({ code: 'refused' });
    await expect(answer(415).messages.send(CONTRACT_MESSAGE)).rejects.toMatchObject({
      code: 'refused',
    });
  });

  it('drops what the server sends that is not a contact message', async () => {
    const valid = aMessage({
      ...CONTRACT_MESSAGE,
      id: 'valide',
      phone: '661234567',
      language: 'ar',
      receivedAt: 1_767_000_000_000,
    });
    const malformed = [
      { id: 'sans-champs', fullName: 'Seulement un nom' },
      { ...valid, id: 'service-inconnu', service: 'Plomberie' },
      { ...valid, id: 'date-en-texte', receivedAt: '2026-01-01' },
      { ...valid, id: 'langue-inconnue', language: 'en' },
    ];
    const backend = createHttpBackend({
      fetch: async () =>
        new Response(JSON.stringify([...malformed, valid]), {
          status: 200,
          headers: { 'Content-Type': 'application/json', 'X-Last-Event-Id': '4' },
        }),
      // No live stream here: the first list is all this test reads.
      EventSource: undefined,
    });
    const watch = record(backend.messages);
    onTestFinished(watch.stop);
    const list = await watch.untilList(() => true, 'the first list');
    expect(list).toEqual([valid]);
  });

  it("tells the session listeners and the watch when the session is gone ('unauthorized')", async () => {
    const server = await running();
    const jar = cookieKeepingFetch();
    const admin = nodeClient(server.baseUrl, jar);
    await admin.session.signIn(ADMIN.email, ADMIN.password);
    const seen: unknown[] = [];
    admin.session.onChange((state) => seen.push(state));
    const watch = record(admin.messages);
    await watch.untilStatus('live');

    // Signed out elsewhere (another tab of the same browser shares the cookie).
    await server.app.inject({
      method: 'DELETE',
      url: '/api/session',
      headers: { cookie: jar.header() },
    });
    expect((await watch.untilError()).code).toBe('unauthorized');
    await expect.poll(() => seen.at(-1)).toBeNull();
  }, 20_000);
});
