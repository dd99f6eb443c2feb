import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, onTestFinished } from 'vitest';
import { buildApp, type AppOptions } from '../../src-server/app.ts';
import type { Clock } from '../../src-server/clock.ts';
import { loadConfig, type ServerConfig } from '../../src-server/config.ts';
import type { ScryptParams } from '../../src-server/security/passwords.ts';
import { notFoundFile } from '../../shared/domain/routes.ts';
import { prerenderedFile, SERVED_PAGES } from '../../src-server/site.ts';
import { aContactInput } from '../fixtures/messages.ts';

export const ADMIN = { email: 'admin@agence.test', password: 'un mot de passe solide' };

/** Cheap scrypt parameters: the production ones (128 MiB, ~0.3 s) would make the suite slow. */
export const TEST_SCRYPT: ScryptParams = { cost: 2 ** 10, blockSize: 8, parallelization: 1 };

/** What a visitor sends (tests/fixtures/messages.ts); stored, it reads as `aMessage()`. */
export const VALID_CONTACT = aContactInput();

export async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `agence-${prefix}-`));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** The least the site plugin needs: the 404 pages and one page per route it serves. */
export async function makeWebFixture(dir: string): Promise<string> {
  await mkdir(path.join(dir, 'routes/ar'), { recursive: true });
  await writeFile(path.join(dir, '404.html'), '<!doctype html><title>Introuvable</title>');
  await writeFile(path.join(dir, notFoundFile('ar')), '<!doctype html><title>غير موجودة</title>');
  for (const route of SERVED_PAGES) {
    await writeFile(
      path.join(dir, prerenderedFile(route)),
      `<!doctype html><title>${route}</title>`,
    );
  }
  return dir;
}

export interface BuildOptions {
  env?: Record<string, string>;
  clock?: Clock;
  /** Reuse a data folder (to simulate a restart). */
  dataDir?: string;
  /** Without ADMIN_EMAIL/ADMIN_PASSWORD (a first start makes a first-password link). */
  noAdminEnv?: boolean;
  passwordParams?: ScryptParams;
  deriveKey?: AppOptions['deriveKey'];
  httpTimeouts?: AppOptions['httpTimeouts'];
  notifications?: AppOptions['notifications'];
  spamPurgeIntervalMs?: number;
  seller?: AppOptions['seller'];
  reminderCheckIntervalMs?: number;
}

export type TestApp = Awaited<ReturnType<typeof buildApp>>;

export interface Built {
  app: TestApp;
  config: ServerConfig;
  dataDir: string;
  /** The start-up lines about notifications. */
  announced: string[];
}

/**
 * Builds the app on fresh temporary folders (unless `dataDir` is given); `dispose` closes it
 * and removes the folders it made. For hooks; tests use `build`.
 */
export async function createTestApp(
  options: BuildOptions = {},
): Promise<Built & { dispose(): Promise<void> }> {
  const made: string[] = [];
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'agence-data-')));
  if (!options.dataDir) made.push(dataDir);
  const webDir = await makeWebFixture(await mkdtemp(path.join(tmpdir(), 'agence-web-')));
  made.push(webDir);
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIR: webDir,
    // Tests send the same sample message again and again; the sender limit's own tests (and
    // any test that passes CONTACT_SENDER_LIMIT) get the real one.
    CONTACT_SENDER_LIMIT: '1000000',
    ...(options.noAdminEnv ? {} : { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
    ...options.env,
  });
  const announced: string[] = [];
  const app = await buildApp({
    config,
    ...(options.clock ? { clock: options.clock } : {}),
    passwordParams: options.passwordParams ?? TEST_SCRYPT,
    ...(options.deriveKey ? { deriveKey: options.deriveKey } : {}),
    ...(options.httpTimeouts ? { httpTimeouts: options.httpTimeouts } : {}),
    ...(options.notifications ? { notifications: options.notifications } : {}),
    ...(options.spamPurgeIntervalMs ? { spamPurgeIntervalMs: options.spamPurgeIntervalMs } : {}),
    ...(options.seller ? { seller: options.seller } : {}),
    ...(options.reminderCheckIntervalMs
      ? { reminderCheckIntervalMs: options.reminderCheckIntervalMs }
      : {}),
    announce: (line) => announced.push(line),
  });
  return {
    app,
    config,
    dataDir,
    announced,
    async dispose() {
      await app.close();
      await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })));
    },
  };
}

/** Builds the app on a fresh temporary DATA_DIR and WEB_DIR; it is closed after the test. */
export async function build(options: BuildOptions = {}): Promise<Built> {
  const { dispose, ...built } = await createTestApp(options);
  onTestFinished(dispose);
  return built;
}

/** A clock the test moves by hand. */
export function manualClock(start = Date.UTC(2026, 0, 15, 9, 0, 0)) {
  let now = start;
  const clock: Clock = () => now;
  return {
    clock,
    advance(ms: number) {
      now += ms;
    },
  };
}

export function postContact(app: TestApp, body: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/contacts',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Signs in and returns the `Cookie` header value to send afterwards. */
export async function signIn(app: TestApp, credentials = ADMIN): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/session', payload: credentials });
  if (response.statusCode !== 200) {
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  }
  const cookie = response.cookies.find((c) => c.name === 'sid');
  if (!cookie) throw new Error('no session cookie');
  return `sid=${cookie.value}`;
}

/** Listens on a random loopback port and returns the base URL. */
/**
 * The owner sends a one-line quote (120 000 DA HT at 19 %) to a lead's company: the token of
 * its client link.
 */
export async function sendQuoteOf(
  app: TestApp,
  cookie: string,
  leadId: string | undefined,
  legalName = 'Transport Oran Sud',
): Promise<string> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/quotes',
    headers: { cookie },
    payload: {
      leadId,
      draft: {
        language: 'fr',
        validityDays: 30,
        client: { kind: 'entreprise', legalName, address: 'Oran', nif: '000016001234567' },
        lines: [
          {
            designation: 'Site vitrine',
            quantity: '1',
            unit: 'forfait',
            unitPrice: '120 000',
            vatRate: 19,
          },
        ],
        paidInCash: false,
      },
    },
  });
  expect(created.statusCode).toBe(201);
  const sent = await app.inject({
    method: 'POST',
    url: `/api/quotes/${created.json<{ id: string }>().id}/send`,
    headers: { cookie },
    payload: {},
  });
  expect(sent.statusCode).toBe(200);
  return new URL(sent.json<{ link: string }>().link).hash.slice(1);
}

export async function listen(app: TestApp): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

export interface ServerSentEvent {
  id: string | undefined;
  /** The `event:` field; undefined for a plain `message` event. */
  event?: string;
  data: string;
}

/** A raw reader of one event stream, to look at events, comments and the end of the stream. */
export interface StreamReader {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: ServerSentEvent[];
  comments: string[];
  closed: Promise<void>;
  isClosed(): boolean;
  /** Resolves once at least `count` events have arrived. */
  waitForEvents(count: number, timeoutMs?: number): Promise<ServerSentEvent[]>;
  waitForComment(timeoutMs?: number): Promise<string>;
  close(): void;
}

export function openStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<StreamReader> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { headers: { accept: 'text/event-stream', ...headers } },
      (response) => {
        response.setEncoding('utf8');
        const events: ServerSentEvent[] = [];
        const comments: string[] = [];
        const waiters = new Set<() => void>();
        let buffer = '';
        let closed = false;
        const notify = () => waiters.forEach((waiter) => waiter());
        const closedPromise = new Promise<void>((done) => {
          response.on('close', () => {
            closed = true;
            notify();
            done();
          });
        });
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let id: string | undefined;
            let event: string | undefined;
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments.push(line.slice(1).trim());
              else if (line.startsWith('id:')) id = line.slice(3).trim();
              else if (line.startsWith('event:')) event = line.slice(6).trim();
              else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
            }
            if (data.length > 0) {
              events.push({ id, ...(event ? { event } : {}), data: data.join('\n') });
            }
            end = buffer.indexOf('\n\n');
          }
          notify();
        });
        const waitFor = <T>(ready: () => T | undefined, timeoutMs: number, what: string) =>
          new Promise<T>((done, fail) => {
            const check = () => {
              const value = ready();
              if (value !== undefined) {
                waiters.delete(check);
                clearTimeout(timer);
                done(value);
              } else if (closed) {
                waiters.delete(check);
                clearTimeout(timer);
                fail(new Error(`stream closed while waiting for ${what}`));
              }
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`timed out waiting for ${what} (got ${events.length} events)`));
            }, timeoutMs);
            waiters.add(check);
            check();
          });
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          events,
          comments,
          closed: closedPromise,
          isClosed: () => closed,
          waitForEvents: (count, timeoutMs = 10_000) =>
            waitFor(
              () => (events.length >= count ? events : undefined),
              timeoutMs,
              `${count} events`,
            ),
          waitForComment: (timeoutMs = 10_000) => {
            const seen = comments.length;
            return waitFor(() => comments[seen], timeoutMs, 'a comment');
          },
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', reject);
  });
}
