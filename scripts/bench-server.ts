/**
 * Benchmark of the embedded server (`npm run bench:server`), run against a real
 * `node src-server/server.ts` process on loopback, with a temporary database:
 *
 * 1. posts per second on POST /api/contacts (autocannon, rate limit raised);
 * 2. time from a post to its event on each of 1,000 open dashboard streams (p50/p95/p99);
 * 3. server memory per open stream;
 * 4. the owner's sign-in, from a device they signed in from before, while a burst of wrong
 *    passwords arrives (real scrypt cost);
 * 5. e-mail notifications: 1,000 messages accepted while the SMTP server is down (their
 *    e-mails wait in the outbox), then the server is started: how long the outbox takes to
 *    drain into it, and the latency of POST /api/contacts meanwhile;
 * 6. at 1,000,000 messages (a real SQLite file seeded in one transaction): the cold start to
 *    the first page, the longest event-loop block during the start, the digest and the daily
 *    backup (perf_hooks.monitorEventLoopDelay inside the server, scripts/bench-loop-probe.ts),
 *    and the RSS at idle, each beside a bare node:http server started the same way.
 *
 * `-- --scale-only` runs part 6 alone; `-- --messages=N` seeds N messages instead;
 * BENCH_NODE_ARGS adds options to part 6's server (a profile: `--cpu-prof --cpu-prof-dir=…`).
 *
 * The client runs in this process, on the same machine: its own work (1,000 sockets to
 * read) is inside the latency figures.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { ContactFormValues } from '../shared/domain/contact.ts';
import { LANGUAGES, notFoundFile, ROUTES } from '../shared/domain/routes.ts';
import { prerenderedFile, SERVED_PAGES } from '../src-server/site.ts';
import type { NotificationStatus } from '../shared/notifications/status.ts';
import { smtpStandIn } from '../tests/fixtures/smtp-stand-in.ts';
import { loadAutocannon } from './bench-tools.ts';
import type { LoopReading } from './bench-loop-probe.ts';
import { openDatabase } from '../src-server/db/database.ts';
import { RemindersRepository } from '../src-server/db/reminders-repository.ts';
import { ReminderScheduler } from '../src-server/leads/reminder-scheduler.ts';
import { listBackups } from '../src-server/backup/database-backups.ts';
import { EVERY_DAY_HOURS } from '../shared/domain/leads/business-hours.ts';

const STREAMS = 1000;
const LATENCY_POSTS = 200;
const LATENCY_SPACING_MS = 25;
const POST_CONNECTIONS = 50;
const POST_SECONDS = 10;
const ADMIN = { email: 'bench@agence.test', password: 'mot de passe du banc d’essai' };
// Typed, so that a field the message gains is asked for here too.
const MESSAGE: ContactFormValues = {
  fullName: 'Banc d’essai',
  service: 'Développement',
  email: 'bench@example.com',
  phone: '0555123456',
  subject: 'Mesure de débit',
  message: 'Message envoyé par scripts/bench-server.ts pour mesurer le serveur.',
};

const SCALE_ONLY = process.argv.includes('--scale-only');
const SCALE_MESSAGES = Number(
  /^--messages=(\d+)$/.exec(process.argv.find((arg) => arg.startsWith('--messages=')) ?? '')?.[1] ??
    1_000_000,
);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

async function rssKiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
}

const BURST_GUESSES = 40;
const BURST_ROUNDS = 5;

/**
 * The owner signs in from their device alone, then while BURST_GUESSES wrong passwords
 * arrive at the same moment; on a fresh server each round, so that no throttle state
 * carries over. Medians of BURST_ROUNDS rounds.
 */
async function signInBehindBurst(root: string) {
  const alone: number[] = [];
  const during: number[] = [];
  const statuses = new Set<number>();
  let checked = 0;
  let refused = 0;
  for (let round = 0; round < BURST_ROUNDS; round++) {
    const { child, url } = await startServer(path.join(root, `burst-${round}`));
    try {
      const attempt = async (password: string, cookie?: string) => {
        const started = performance.now();
        const response = await fetch(`${url}/api/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
          body: JSON.stringify({ email: ADMIN.email, password }),
        });
        await response.body?.cancel();
        const device = response.headers
          .getSetCookie()
          .map((header) => header.split(';')[0] ?? '')
          .find((value) => value.startsWith('device='));
        return { status: response.status, ms: performance.now() - started, device };
      };
      const first = await attempt(ADMIN.password);
      const device = first.device ?? '';
      alone.push((await attempt(ADMIN.password, device)).ms);
      const burst = Array.from({ length: BURST_GUESSES }, (_, i) => attempt(`essai-${i}`));
      const owner = await attempt(ADMIN.password, device);
      statuses.add(owner.status);
      during.push(owner.ms);
      for (const guess of await Promise.all(burst)) {
        if (guess.status === 401) checked += 1;
        if (guess.status === 429) refused += 1;
      }
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
  const median = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    );
  return {
    alone: median(alone),
    during: median(during),
    statuses: [...statuses],
    checked: checked / BURST_ROUNDS,
    refused: refused / BURST_ROUNDS,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startServer(
  root: string,
  env: Record<string, string> = {},
  { probe = false, dataDir }: { probe?: boolean; dataDir?: string } = {},
) {
  const webDir = path.join(root, 'web');
  for (const [file, text] of [
    ...LANGUAGES.map((language) => [notFoundFile(language), '<title>404</title>'] as const),
    ...SERVED_PAGES.map((route) => [prerenderedFile(route), '<title>page</title>'] as const),
  ]) {
    await mkdir(path.dirname(path.join(webDir, file)), { recursive: true });
    await writeFile(path.join(webDir, file), `<!doctype html>${text}`);
  }
  const startedAt = performance.now();
  // BENCH_NODE_ARGS: more options for the measured server (`--cpu-prof --cpu-prof-dir=/tmp/p`).
  const args = probe
    ? [
        '--import',
        './scripts/bench-loop-probe.ts',
        ...(process.env.BENCH_NODE_ARGS?.split(' ') ?? []),
      ]
    : [];
  const child = spawn(process.execPath, [...args, 'src-server/server.ts'], {
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir ?? path.join(root, 'data'),
      WEB_DIR: webDir,
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      CONTACT_RATE_LIMIT: '1000000000',
      CONTACT_SENDER_LIMIT: '1000000000',
      ...env,
    },
    stdio: probe ? ['ignore', 'pipe', 'inherit', 'ipc'] : ['ignore', 'pipe', 'inherit'],
  });
  const { stdout } = child;
  if (stdout === null) throw new Error('no stdout');
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/localhost:(\d+)\//.exec(output);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    });
    child.on('exit', (code) => reject(new Error(`the server stopped (code ${code})`)));
  });
  return { child, url, startedAt };
}

interface Stream {
  arrivals: Map<number, number>;
  request: http.ClientRequest;
}

/** Opens one event stream; records when each `bench-<n>` message arrives. */
function openStream(url: string, cookie: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const arrivals = new Map<number, number>();
    const request = http.get(
      `${url}/api/contacts/events`,
      { agent: false, headers: { cookie, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream refused: ${response.statusCode}`));
          return;
        }
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          const now = performance.now();
          for (const match of chunk.matchAll(/"subject":"bench-(\d+)"/g)) {
            arrivals.set(Number(match[1]), now);
          }
        });
        resolve({ arrivals, request });
      },
    );
    request.on('error', reject);
  });
}

async function main() {
  if (SCALE_ONLY) {
    await atScale();
    return;
  }
  const autocannon = await loadAutocannon();
  const root = await mkdtemp(path.join(os.tmpdir(), 'agence-bench-'));
  const { child, url } = await startServer(root);
  const pid = child.pid ?? 0;
  try {
    console.log(
      `Serveur de mesure : ${url} (pid ${pid}), ${os.cpus().length} cœurs, Node ${process.version}\n`,
    );

    // 2 and 3. 1,000 open streams, measured first, on a server that has not been loaded yet.
    const signIn = await fetch(`${url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const cookies = signIn.headers.getSetCookie().map((header) => header.split(';')[0] ?? '');
    const cookie = cookies.find((value) => value.startsWith('sid=')) ?? '';
    await signIn.body?.cancel();
    await sleep(500);
    const rssBefore = await rssKiB(pid);
    const streams: Stream[] = [];
    for (let i = 0; i < STREAMS; i += 100) {
      streams.push(
        ...(await Promise.all(Array.from({ length: 100 }, () => openStream(url, cookie)))),
      );
    }
    await sleep(1000);
    const rssAfter = await rssKiB(pid);

    const sentAt = new Map<number, number>();
    let failedPosts = 0;
    for (let n = 0; n < LATENCY_POSTS; n++) {
      sentAt.set(n, performance.now());
      try {
        const response = await fetch(`${url}/api/contacts`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...MESSAGE, subject: `bench-${n}` }),
        });
        await response.body?.cancel();
        if (response.status !== 201) throw new Error(`réponse ${response.status}`);
      } catch (error) {
        if (child.exitCode !== null || child.signalCode !== null) {
          throw new Error('le serveur s’est arrêté pendant la mesure', { cause: error });
        }
        failedPosts += 1;
        sentAt.delete(n);
        console.warn(`envoi ${n} en échec :`, error);
      }
      await sleep(LATENCY_SPACING_MS);
    }
    await sleep(1000);

    const deliveries: number[] = [];
    const fanOut: number[] = [];
    let missing = 0;
    for (const [n, sent] of sentAt) {
      let last = 0;
      for (const stream of streams) {
        const arrived = stream.arrivals.get(n);
        if (arrived === undefined) {
          missing += 1;
          continue;
        }
        deliveries.push(arrived - sent);
        last = Math.max(last, arrived - sent);
      }
      fanOut.push(last);
    }
    deliveries.sort((a, b) => a - b);
    fanOut.sort((a, b) => a - b);
    for (const stream of streams) stream.request.destroy();

    // 1. Posts per second (after the streams are closed, so that they do not weigh on it).
    const posts = await autocannon({
      url: `${url}/api/contacts`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(MESSAGE),
      connections: POST_CONNECTIONS,
      duration: POST_SECONDS,
    });

    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log('1. POST /api/contacts (autocannon, boucle locale)');
    console.log(`   connexions simultanées : ${POST_CONNECTIONS}, durée : ${POST_SECONDS} s`);
    console.log(`   messages enregistrés par seconde : ${Math.round(posts.requests.average)}`);
    console.log(`   latence p50 / p99 : ${posts.latency.p50} ms / ${posts.latency.p99} ms`);
    console.log(
      `   total : ${posts.requests.total}, non-2xx : ${posts.non2xx}, erreurs : ${posts.errors}, délais dépassés : ${posts.timeouts}\n`,
    );
    console.log(`2. Du POST à l'événement, ${STREAMS} flux de tableau de bord ouverts`);
    console.log(
      `   ${LATENCY_POSTS} messages espacés de ${LATENCY_SPACING_MS} ms, ${deliveries.length} livraisons, ${missing} manquantes, ${failedPosts} envois en échec`,
    );
    console.log(
      `   par flux  p50 / p95 / p99 : ${ms(percentile(deliveries, 50))} / ${ms(percentile(deliveries, 95))} / ${ms(percentile(deliveries, 99))}`,
    );
    console.log(
      `   dernier des ${STREAMS} flux p50 / p95 / p99 : ${ms(percentile(fanOut, 50))} / ${ms(percentile(fanOut, 95))} / ${ms(percentile(fanOut, 99))}\n`,
    );
    console.log('3. Mémoire du serveur');
    console.log(
      `   RSS avant les flux : ${(rssBefore / 1024).toFixed(1)} Mio, avec ${STREAMS} flux : ${(rssAfter / 1024).toFixed(1)} Mio`,
    );
    console.log(`   par flux ouvert : ${((rssAfter - rssBefore) / STREAMS).toFixed(1)} Kio\n`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  try {
    const burst = await signInBehindBurst(root);
    console.log(
      `4. Connexion du propriétaire (appareil connu) pendant ${BURST_GUESSES} essais simultanés de mot de passe`,
    );
    console.log(
      `   médianes de ${BURST_ROUNDS} passages : seul ${burst.alone.toFixed(0)} ms, pendant les essais ${burst.during.toFixed(0)} ms (réponses ${burst.statuses.join(', ')})`,
    );
    console.log(
      `   par passage, essais vérifiés : ${burst.checked}, refusés d’emblée (429) : ${burst.refused}\n`,
    );
    await outboxDrain(root);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
  console.log('');
  await atScale();
}

const OUTBOX_MESSAGES = 1000;
const OUTBOX_CONCURRENCY = 20;
const PROBE_SPACING_MS = 25;

async function timedPost(url: string, subject: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/api/contacts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...MESSAGE, subject }),
  });
  await response.body?.cancel();
  if (response.status !== 201) throw new Error(`réponse ${response.status}`);
  return performance.now() - started;
}

/** 5. The outbox: e-mails queued during an SMTP outage, then drained. */
async function outboxDrain(root: string) {
  const cleanups: (() => Promise<void> | void)[] = [];
  const smtp = await smtpStandIn((cleanup) => cleanups.push(cleanup));
  const { child, url } = await startServer(path.join(root, 'outbox'), {
    SMTP_URL: smtp.url(),
    NOTIFY_EMAIL: 'patron@agence.test',
    MAIL_FROM: 'site@agence.test',
  });
  try {
    const signIn = await fetch(`${url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const cookie = signIn.headers.getSetCookie().find((value) => value.startsWith('sid='));
    await signIn.body?.cancel();
    const status = async () => {
      const response = await fetch(`${url}/api/notifications`, {
        headers: { cookie: cookie?.split(';')[0] ?? '' },
      });
      return ((await response.json()) as NotificationStatus).email;
    };

    // Accepted while the SMTP server is down.
    const duringOutage: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: OUTBOX_CONCURRENCY }, async () => {
        while (next < OUTBOX_MESSAGES) {
          next += 1;
          duringOutage.push(await timedPost(url, `panne-${next}`));
        }
      }),
    );
    let queued = await status();
    while (queued.pending < OUTBOX_MESSAGES || queued.lastError === null) {
      await sleep(100);
      queued = await status();
    }

    // The SMTP server comes back; visitors keep posting meanwhile.
    await smtp.start();
    const upAt = performance.now();
    const duringDrain: number[] = [];
    let draining = true;
    const probes = (async () => {
      while (draining) {
        duringDrain.push(await timedPost(url, `pendant-${duringDrain.length}`));
        await sleep(PROBE_SPACING_MS);
      }
    })();
    // The e-mails of the probes arrive too: only the backlog's are counted.
    const backlog = () => smtp.mails.filter((mail) => mail.subject?.includes(': panne-')).length;
    let firstAt = 0;
    while (backlog() < OUTBOX_MESSAGES) {
      if (firstAt === 0 && backlog() > 0) firstAt = performance.now();
      await sleep(20);
    }
    const drainedAt = performance.now();
    draining = false;
    await probes;
    duringOutage.sort((a, b) => a - b);
    duringDrain.sort((a, b) => a - b);
    const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(
      `5. Notifications par e-mail : ${OUTBOX_MESSAGES} messages acceptés pendant une panne du serveur SMTP`,
    );
    console.log(
      `   POST pendant la panne p50 / p99 : ${ms(percentile(duringOutage, 50))} / ${ms(percentile(duringOutage, 99))} (${OUTBOX_CONCURRENCY} à la fois)`,
    );
    console.log(
      `   serveur SMTP revenu : premier e-mail après ${seconds((firstAt || drainedAt) - upAt)} (attente du prochain essai), ${OUTBOX_MESSAGES} e-mails livrés après ${seconds(drainedAt - upAt)}`,
    );
    console.log(
      `   vidage de la boîte d’envoi : ${seconds(drainedAt - (firstAt || upAt))}, soit ${Math.round(OUTBOX_MESSAGES / ((drainedAt - (firstAt || upAt)) / 1000))} e-mails par seconde`,
    );
    console.log(
      `   POST pendant le vidage (un tous les ${PROBE_SPACING_MS} ms) p50 / p99 : ${ms(percentile(duringDrain, 50))} / ${ms(percentile(duringDrain, 99))} (${duringDrain.length} envois)`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    for (const cleanup of cleanups) await cleanup();
  }
}

const DAY_MS = 86_400_000;
const SERVICES = ['Développement', 'Design', 'Audiovisuel', 'Gestion des comptes'] as const;
const STATUSES = ['contacte', 'devis-envoye', 'gagne', 'perdu'] as const;

/**
 * A data folder holding `count` messages spread over three years, as a site that has run that
 * long would have: one in 20 with a lead (status changed, one timeline entry), one in 500 of
 * those with a « Relancer le » around today, one in 100 of the last month's kept as spam; the
 * reminders started a week ago, and reminded each « Nouveau » message since. One transaction,
 * prepared statements.
 */
function seedDatabase(dataDir: string, count: number, now: number): number {
  const started = performance.now();
  const db = openDatabase(dataDir);
  try {
    const contact = db.prepare(
      `INSERT INTO contacts (id, full_name, service, email, phone, subject, message, created_at_ms,
         read, language, spam_reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'fr', ?)`,
    );
    const lead = db.prepare(
      `INSERT INTO leads (contact_id, status, lost_reason, status_changed_at_ms, next_action_at_ms)
       VALUES (?, ?, ?, ?, ?)`,
    );
    const timeline = db.prepare(
      `INSERT INTO lead_timeline (id, contact_id, type, at_ms, status, lost_reason)
       VALUES (?, ?, 'status', ?, ?, ?)`,
    );
    // A server that ran all along reminded each message still « Nouveau » as it came.
    const reminded = db.prepare(
      `INSERT INTO lead_reminders (contact_id, reason, due_at_ms, queued_at_ms)
       VALUES (?, 'still-new', ?, ?)`,
    );
    const span = 3 * 365 * DAY_MS;
    db.exec('BEGIN');
    for (let n = 0; n < count; n++) {
      const id = randomUUID();
      const at = now - span + Math.floor((n / count) * (span - 3_600_000));
      // The spam past its 30 days was purged by the hour: only the last month's is left.
      const spam = n % 100 === 99 && at > now - 29 * DAY_MS;
      contact.run(
        id,
        `Client ${n}`,
        SERVICES[n % SERVICES.length] ?? 'Design',
        `client${n}@example.com`,
        `+21355${String(n % 10_000_000).padStart(7, '0')}`,
        `Demande de devis numéro ${n}`,
        `Bonjour, je souhaite un devis pour un site vitrine et une identité visuelle (message ${n}). Merci de me rappeler.`,
        at,
        n % 3 === 0 ? 0 : 1,
        spam ? 'hidden-field' : null,
      );
      if (!spam && n % 20 !== 0 && at >= now - 7 * DAY_MS && at <= now - 2 * 3_600_000) {
        reminded.run(id, at + 2 * 3_600_000, at + 2 * 3_600_000);
      }
      if (spam || n % 20 !== 0) continue;
      const status = STATUSES[(n / 20) % STATUSES.length] ?? 'contacte';
      const changedAt = at + 3_600_000;
      const nextAction =
        n % 10_000 === 0 && status !== 'gagne' && status !== 'perdu'
          ? now + ((n / 10_000) % 7) * DAY_MS - 3 * DAY_MS
          : null;
      const lostReason = status === 'perdu' ? 'prix' : null;
      lead.run(id, status, lostReason, changedAt, nextAction);
      timeline.run(randomUUID(), id, changedAt, status, lostReason);
    }
    db.prepare('INSERT INTO reminder_state (id, since_ms, digest_day) VALUES (1, ?, NULL)').run(
      now - 7 * DAY_MS,
    );
    db.exec('COMMIT');
  } finally {
    db.close();
  }
  return performance.now() - started;
}

/** The reminders' round with the digest due, on the seeded file, timed in this process. */
function digestRound(dataDir: string, now: number): { ms: number; sent: boolean } {
  const db = openDatabase(dataDir);
  try {
    let sent = false;
    const scheduler = new ReminderScheduler({
      repository: new RemindersRepository(db),
      outbox: {
        remind: () => {},
        sendDigest: (_day, digest) => {
          sent = digest !== null;
        },
      },
      clock: () => now,
      digestTime: () => ({ hour: 0, minute: 0 }),
      workingHours: () => EVERY_DAY_HOURS,
      log: { error: (...args: unknown[]) => console.error(...args) } as never,
    });
    const started = performance.now();
    scheduler.check();
    return { ms: performance.now() - started, sent };
  } finally {
    db.close();
  }
}

function readLoop(child: ChildProcess): Promise<LoopReading> {
  return new Promise((resolve) => {
    child.once('message', (reading) => resolve(reading as LoopReading));
    child.send('read');
  });
}

/** A bare node:http server: the floor of a cold start and of the memory at idle. */
async function bareServer() {
  const startedAt = performance.now();
  const child = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((q, s) => s.end('<!doctype html><title>page</title>'))
        .listen(0, '127.0.0.1', function () { console.log('http://localhost:' + this.address().port + '/') })`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /http:\/\/localhost:(\d+)\//.exec(chunk.toString());
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    });
    child.on('exit', (code) => reject(new Error(`the bare server stopped (code ${code})`)));
  });
  return { child, url, startedAt };
}

/** Asks for `/` until it answers 200; the time since `startedAt`. */
async function firstPage(url: string, startedAt: number, page = '/'): Promise<number> {
  for (;;) {
    try {
      const response = await fetch(`${url}${page}`);
      await response.body?.cancel();
      if (response.status === 200) return performance.now() - startedAt;
    } catch {
      // Not listening yet.
    }
    await sleep(5);
  }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/** 6. At a million messages: cold start, event-loop blocks (start, digest, backup), idle RSS. */
async function atScale() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'agence-bench-scale-'));
  const dataDir = path.join(root, 'data');
  const backups = path.join(dataDir, 'backups');
  const now = Date.now();
  const ms = (value: number) => `${Math.round(value).toLocaleString('fr-FR')} ms`;
  const mib = (kib: number) => `${Math.round(kib / 1024)} Mio`;
  try {
    const seeded = seedDatabase(dataDir, SCALE_MESSAGES, now);
    const digest = digestRound(dataDir, now);

    const bare = await bareServer();
    const bareStart = await firstPage(bare.url, bare.startedAt);
    await sleep(3000);
    const bareRss = await rssKiB(bare.child.pid ?? 0);
    await stop(bare.child);

    // The digest is due at once (00:00 has passed): the start's round sends it.
    const { child, url, startedAt } = await startServer(
      root,
      { DIGEST_TIME: '00:00' },
      { probe: true, dataDir },
    );
    try {
      const coldStart = await firstPage(url, startedAt, ROUTES.home);
      const start = await readLoop(child);
      // No backup yet: the start makes one. Pages are asked for while it is written.
      const pings: number[] = [];
      let backupMs = 0;
      const backupStarted = performance.now();
      while (listBackups(backups).length === 0) {
        const asked = performance.now();
        const response = await fetch(`${url}${ROUTES.home}`);
        await response.body?.cancel();
        pings.push(performance.now() - asked);
        await sleep(50);
        if (child.exitCode !== null) throw new Error('le serveur s’est arrêté');
      }
      backupMs = performance.now() - backupStarted;
      const backup = await readLoop(child);
      await sleep(5000);
      const idle = await readLoop(child);
      pings.sort((a, b) => a - b);
      // On a loaded machine, many short « blocks » are the process waiting for a core.
      const blocks = (reading: LoopReading) => {
        const longest = reading.blocks.map((block) => block.ms).sort((a, b) => b - a);
        if (longest.length === 0) return 'aucun au-delà de 50 ms';
        return `${longest.length} au-delà de 50 ms, les plus longs ${longest.slice(0, 5).map(ms).join(', ')}`;
      };

      console.log(
        `6. À ${SCALE_MESSAGES.toLocaleString('fr-FR')} messages (base remplie en ${ms(seeded)}, ${os.loadavg()[0]?.toFixed(1)} de charge)`,
      );
      console.log(
        `   démarrage à froid jusqu’à la première page : ${ms(coldStart)} (serveur node:http nu : ${ms(bareStart)})`,
      );
      console.log(
        `   plus long blocage de la boucle au démarrage : ${ms(start.maxMs)} (blocages : ${blocks(start)})`,
      );
      console.log(
        `   résumé quotidien (un tour des rappels, mesuré à part) : ${ms(digest.ms)}${digest.sent ? '' : ' (rien à envoyer)'}`,
      );
      console.log(
        `   sauvegarde du démarrage : ${ms(backupMs)}, plus long blocage ${ms(backup.maxMs)} (blocages : ${blocks(backup)}) ; une page pendant ce temps p50 / max : ${ms(percentile(pings, 50))} / ${ms(pings.at(-1) ?? Number.NaN)}`,
      );
      console.log(
        `   RSS au repos, 5 s après : ${mib(idle.rssKiB)} (serveur node:http nu : ${mib(bareRss)}) ; plus long blocage au repos ${ms(idle.maxMs)}`,
      );
    } finally {
      await stop(child);
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

await main();
