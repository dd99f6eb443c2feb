import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../shared/domain/admin.ts';
import {
  DEFAULT_DIGEST_TIME,
  DIGEST_TIME_ERROR,
  parseDigestTime,
} from '../shared/domain/leads/digest-time.ts';
import { readSmtpUrl, smtpAccountAddress } from '../shared/notifications/smtp-url.ts';

/** The contact form's limits (see CONTACT_RATE_LIMIT and CONTACT_SENDER_LIMIT below). */
export const CONTACT_LIMIT_DEFAULTS = {
  perAddressPerMinute: 30,
  perSender: 3,
};

/** The window of CONTACT_SENDER_LIMIT: 3 messages per 10 minutes by default. */
export const CONTACT_SENDER_WINDOW_MS = 10 * 60_000;

/** The window of QUOTE_LINK_FAILURE_LIMIT: 20 dead links per 10 minutes by default. */
export const QUOTE_LINK_FAILURE_WINDOW_MS = 10 * 60_000;
export const QUOTE_LINK_FAILURE_DEFAULT = 20;
/** scrypt's production cost, as a power of two: OWASP's N = 2^17 (security/passwords.ts). */
export const PASSWORD_HASH_COST_FLOOR = 17;

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** An IPv4 or IPv6 address, with or without a /prefix (CIDR). */
function isAddressOrRange(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Fastify's `trustProxy`: `false` (the default, the server faces clients directly), a number
 * of proxy hops, or a comma-separated list of the proxies' addresses/CIDRs. Never `true`
 * (trust every hop): behind a proxy that appends to X-Forwarded-For, the client would choose
 * its own address by sending the header, and escape every per-address limit.
 */
const trustProxyFromEnv = z
  .string()
  .trim()
  .refine((value) => value !== 'true', {
    message:
      'TRUST_PROXY=true laisserait chaque client choisir son adresse (en-tête X-Forwarded-For) : donnez le nombre de proxys devant le serveur (1 le plus souvent) ou leurs adresses (ex. 127.0.0.1,10.0.0.0/8).',
  })
  .refine(
    (value) =>
      value === '' ||
      value === 'false' ||
      /^\d+$/.test(value) ||
      value.split(',').every((entry) => isAddressOrRange(entry.trim())),
    {
      message:
        'TRUST_PROXY doit être false, un nombre de proxys (ex. 1) ou une liste d’adresses IP ou de plages CIDR séparées par des virgules (ex. 127.0.0.1,10.0.0.0/8).',
    },
  )
  .transform((value): false | number | string => {
    if (value === '' || value === 'false') return false;
    if (/^\d+$/.test(value)) return Number(value);
    return value
      .split(',')
      .map((entry) => entry.trim())
      .join(',');
  });

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** `Nom <adresse@domaine>` or `adresse@domaine`: the From of the notification e-mails. */
const MAILBOX = /^(?:[^<>\p{Cc}]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/u;

/** SMTP_URL, never repeated in an error: it holds a password. */
const smtpUrl = z.string().refine((value) => readSmtpUrl(value) !== null, {
  message:
    'SMTP_URL doit être une adresse smtp:// ou smtps:// avec le serveur, par exemple smtps://utilisateur:mot-de-passe@smtp.exemple.dz:465 (encodez les caractères spéciaux du mot de passe, comme @ en %40 et % en %25).',
});

/** A VAPID key in base64url: 65 bytes for the public key, 32 for the private one. */
function vapidKey(name: string, bytes: number) {
  return z
    .string()
    .regex(/^[\w-]+$/, `${name} doit être en base64url (lettres, chiffres, - et _).`)
    .refine(
      (value) => Buffer.from(value, 'base64url').length === bytes,
      `${name} doit faire ${bytes} octets une fois décodée (générez la paire avec npx web-push generate-vapid-keys).`,
    );
}

/**
 * Every setting of the local server, read from the environment and validated here, once.
 * `.env.example` documents each variable.
 */
const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    /** Folder of the built site (prerendered pages and assets). */
    WEB_DIR: z.string().min(1).default('dist/web'),
    /** Folder of the SQLite database. */
    DATA_DIR: z.string().min(1).default('data'),
    /**
     * Folder of the daily database backups (DATA_DIR/backups by default): a mounted disk or a
     * synced folder keeps them off the database's disk.
     */
    BACKUP_DIR: optionalText.pipe(
      z
        .string()
        .refine((value) => !value.includes('\0'), 'BACKUP_DIR doit être un chemin de dossier.')
        .optional(),
    ),
    /**
     * Unset: warnings and errors in French, one line each (logging.ts). Set: Fastify's JSON
     * lines from that level on, a line per request included.
     */
    LOG_LEVEL: optionalText.pipe(
      z
        .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
          error:
            'LOG_LEVEL doit être fatal, error, warn, info, debug, trace ou silent (vide : avertissements et erreurs en français).',
        })
        .optional(),
    ),
    /** A JSON line per request (at info) without choosing a LOG_LEVEL. */
    LOG_REQUESTS: booleanFromEnv.default(false),
    ADMIN_EMAIL: optionalText.pipe(z.email('ADMIN_EMAIL doit être une adresse e-mail.').optional()),
    ADMIN_PASSWORD: optionalText.pipe(
      z
        .string()
        .min(
          MIN_PASSWORD_LENGTH,
          `ADMIN_PASSWORD doit contenir au moins ${MIN_PASSWORD_LENGTH} caractères.`,
        )
        .max(1024)
        .optional(),
    ),
    /**
     * Posts accepted per client address and per minute on POST /api/contacts. Generous: an
     * Algerian mobile network puts many phones behind one address (carrier-grade NAT), and an
     * office shares one too, so 20 different visitors from one address in a minute must all
     * get through. It only stops a flood from one machine; a visitor repeating themselves is
     * CONTACT_SENDER_LIMIT's business. Load tests raise it.
     */
    CONTACT_RATE_LIMIT: z.coerce
      .number()
      .int()
      .min(1)
      .default(CONTACT_LIMIT_DEFAULTS.perAddressPerMinute),
    /**
     * Messages accepted from one sender within CONTACT_SENDER_WINDOW_MS: the same e-mail, or
     * the same phone, or the same message text (ignoring case and spaces). What a real
     * visitor never needs more of (a message, a correction, a reminder), and what stops one
     * person or script from filling the inbox whatever addresses it comes from. Tests that
     * send many messages from one sender raise it.
     */
    CONTACT_SENDER_LIMIT: z.coerce.number().int().min(1).default(CONTACT_LIMIT_DEFAULTS.perSender),
    /**
     * Client's quote links (GET /api/quote-links/:token and its answer) that lead nowhere,
     * allowed per client address within QUOTE_LINK_FAILURE_WINDOW_MS; past it, every request
     * of that address to these routes is refused (429) until the window ends. A client opens
     * one link, maybe an old one too; a script guessing tokens is stopped after a few tries
     * (docs/quotes.md, « Le lien du client »). Only dead links count: a client behind a
     * shared address reading a quote again and again is never refused for it.
     */
    QUOTE_LINK_FAILURE_LIMIT: z.coerce.number().int().min(1).default(QUOTE_LINK_FAILURE_DEFAULT),
    /** Force the Secure flag on the session cookie (it is set anyway over HTTPS). */
    COOKIE_SECURE: booleanFromEnv.default(false),
    TRUST_PROXY: trustProxyFromEnv.default(false),
    /** Interval of the keep-alive comment on the event stream. */
    SSE_HEARTBEAT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
    /** A session ends after this long without a request (an open event stream counts). */
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
    /** A session ends this long after sign-in, whatever happens. */
    SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(12),
    /**
     * Failed sign-ins allowed per account and per address within the window below; the other
     * limits derive from it (see signInLimits in auth/sign-in-throttle.ts).
     */
    SIGN_IN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
    SIGN_IN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
    /** Without it, no e-mail is sent (the start-up says so). */
    SMTP_URL: optionalText.pipe(smtpUrl.optional()),
    /** Who receives the e-mails: required with SMTP_URL (see the check below). */
    NOTIFY_EMAIL: optionalText.pipe(
      z.email('NOTIFY_EMAIL doit être une adresse e-mail.').optional(),
    ),
    /** The e-mails' sender; by default the SMTP user name when it is an e-mail address. */
    MAIL_FROM: optionalText.pipe(
      z
        .string()
        .regex(
          MAILBOX,
          'MAIL_FROM doit être une adresse e-mail, éventuellement avec un nom : Site de l’agence <site@exemple.dz>.',
        )
        .optional(),
    ),
    /** The site's public address, for the links in the e-mails and notifications. */
    PUBLIC_URL: optionalText.pipe(
      z
        .url({
          protocol: /^https?$/,
          error: 'PUBLIC_URL doit être l’adresse du site, en http:// ou https://.',
        })
        .optional(),
    ),
    /** The push notifications' VAPID key pair; generated into DATA_DIR when absent. */
    VAPID_PUBLIC_KEY: optionalText.pipe(vapidKey('VAPID_PUBLIC_KEY', 65).optional()),
    VAPID_PRIVATE_KEY: optionalText.pipe(vapidKey('VAPID_PRIVATE_KEY', 32).optional()),
    /**
     * Each new message is also POSTed as signed JSON to this https address (Slack through a
     * relay, n8n, Zapier…); checked like a push endpoint: public addresses only.
     */
    WEBHOOK_URL: optionalText.pipe(
      z
        .url({
          protocol: /^https$/,
          error:
            'WEBHOOK_URL doit être une adresse https://, par exemple https://n8n.exemple.dz/webhook/messages.',
        })
        .max(2000)
        .optional(),
    ),
    /**
     * When the daily digest e-mail goes out, Algiers time (HH:MM, 08:00 by default), or `off`
     * (docs/inbox.md, « Le résumé quotidien »).
     */
    DIGEST_TIME: optionalText.pipe(
      z
        .string()
        .refine((value) => parseDigestTime(value) !== undefined, DIGEST_TIME_ERROR)
        .default(DEFAULT_DIGEST_TIME),
    ),
    /**
     * The key the clients' quote links are derived with (HMAC, shared/node/quote-link-token.ts),
     * 32 characters at least; empty: one generated on the first start into DATA_DIR
     * (quote-link.key, readable by the server only). Changing it cuts every link already sent.
     */
    QUOTE_LINK_SECRET: optionalText.pipe(
      z
        .string()
        .min(
          32,
          'QUOTE_LINK_SECRET doit faire au moins 32 caractères (par exemple : openssl rand -base64 32).',
        )
        .optional(),
    ),
    /** The HMAC-SHA256 key of the webhook's signature; required with WEBHOOK_URL. */
    WEBHOOK_SECRET: optionalText.pipe(
      z.string().min(16, 'WEBHOOK_SECRET doit faire au moins 16 caractères.').optional(),
    ),
    /**
     * For the tests only: push endpoints (and webhooks) on this machine (127.0.0.0/8, ::1)
     * are accepted, so that a local stand-in can receive them. Never the rest of the private
     * network; never in production (any browser's subscription could then reach the server's
     * own ports).
     */
    TEST_LOOPBACK_ENDPOINTS: booleanFromEnv.default(false),
    /**
     * scrypt's cost as a power of two (N = 2^cost): 17 by default, OWASP's (128 MiB and about
     * 0.3 s a hash). Never lower in production: below PASSWORD_HASH_COST_FLOOR it is refused,
     * unless TEST_CHEAP_PASSWORD_HASHING is set. Empty: the default.
     */
    PASSWORD_HASH_COST: optionalText
      .transform((cost) => (cost === undefined ? PASSWORD_HASH_COST_FLOOR : Number(cost)))
      .pipe(z.number().int().min(10).max(20)),
    /**
     * For the tests only: allows a PASSWORD_HASH_COST below the production floor, so that the
     * many servers a test run starts do not each spend 128 MiB and a third of a second a hash.
     */
    TEST_CHEAP_PASSWORD_HASHING: booleanFromEnv.default(false),
  })
  .refine(
    (env) => env.PASSWORD_HASH_COST >= PASSWORD_HASH_COST_FLOOR || env.TEST_CHEAP_PASSWORD_HASHING,
    {
      message: `PASSWORD_HASH_COST ne descend pas sous ${PASSWORD_HASH_COST_FLOOR} (2^${PASSWORD_HASH_COST_FLOOR}, le minimum de l’OWASP pour scrypt) : un mot de passe volé avec la base se devinerait trop vite. Laissez-le vide.`,
      path: ['PASSWORD_HASH_COST'],
    },
  )
  .refine((env) => (env.ADMIN_EMAIL === undefined) === (env.ADMIN_PASSWORD === undefined), {
    message: 'ADMIN_EMAIL et ADMIN_PASSWORD vont ensemble : définissez les deux, ou aucun.',
    path: ['ADMIN_PASSWORD'],
  })
  .refine((env) => (env.WEBHOOK_URL === undefined) === (env.WEBHOOK_SECRET === undefined), {
    message:
      'WEBHOOK_URL et WEBHOOK_SECRET vont ensemble : définissez les deux (le secret signe chaque envoi), ou aucun.',
    path: ['WEBHOOK_SECRET'],
  })
  .refine((env) => (env.VAPID_PUBLIC_KEY === undefined) === (env.VAPID_PRIVATE_KEY === undefined), {
    message:
      'VAPID_PUBLIC_KEY et VAPID_PRIVATE_KEY vont ensemble : définissez les deux, ou aucun (une paire est alors créée dans DATA_DIR).',
    path: ['VAPID_PRIVATE_KEY'],
  })
  .refine(
    // A malformed SMTP_URL has its own message: no second one about MAIL_FROM.
    (env) =>
      env.SMTP_URL === undefined || !readSmtpUrl(env.SMTP_URL) || mailFrom(env) !== undefined,
    {
      message:
        'MAIL_FROM est obligatoire avec SMTP_URL quand l’identifiant SMTP n’est pas une adresse e-mail.',
      path: ['MAIL_FROM'],
    },
  )
  .refine(
    // Without it the e-mails went to the admin's address, admin@agence.localhost on a first
    // start: the owner heard of nothing, and nothing said so.
    (env) =>
      env.SMTP_URL === undefined ||
      !readSmtpUrl(env.SMTP_URL) ||
      (env.NOTIFY_EMAIL !== undefined && isDeliverable(env.NOTIFY_EMAIL)),
    {
      message:
        'NOTIFY_EMAIL est obligatoire avec SMTP_URL : donnez l’adresse où vous lisez vos e-mails (une adresse en .localhost ne reçoit rien), par exemple NOTIFY_EMAIL=vous@exemple.dz.',
      path: ['NOTIFY_EMAIL'],
    },
  );

/**
 * The sender of the e-mails: MAIL_FROM, or else the SMTP user name when it is an e-mail
 * address (most providers refuse another sender anyway).
 */
/** A name under .localhost is never delivered: mail sent there is lost. */
function isDeliverable(email: string): boolean {
  return !/\.localhost$/i.test(email.trim());
}

export function mailFrom(env: { SMTP_URL?: string | undefined; MAIL_FROM?: string | undefined }) {
  if (env.MAIL_FROM) return env.MAIL_FROM;
  return env.SMTP_URL ? smtpAccountAddress(env.SMTP_URL) : undefined;
}

export type ServerConfig = z.infer<typeof envSchema>;

/** The names of the server's environment variables. */
export const SERVER_VARIABLES = Object.keys(envSchema.shape) as (keyof ServerConfig)[];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Configuration invalide :\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The settings file, in the folder the server starts in: the project's root with npm start. */
export const SETTINGS_FILE = '.env';

export interface Settings {
  /** The environment the configuration is read from: the file's values under the real ones. */
  env: NodeJS.ProcessEnv;
  /** The file read, or null when there is none. */
  file: string | null;
  /** What the start-up says about it, in one French line. */
  line: string;
}

/**
 * The settings of `.env` in `dir` under those of the environment: a variable set in the
 * environment (systemd's Environment=, a shell's PORT=3001 npm start) wins over the file,
 * as with Node's --env-file. A missing file is no error: the environment and the defaults
 * then apply, and the start-up says so.
 */
export function readSettings(env: NodeJS.ProcessEnv, dir: string): Settings {
  const file = path.resolve(dir, SETTINGS_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? error.code : undefined;
    if (code === 'ENOENT') {
      return {
        env,
        file: null,
        line: `Aucun fichier de réglages ${file} : l’environnement et les valeurs par défaut s’appliquent (voir .env.example).`,
      };
    }
    throw new Error(
      `Le fichier de réglages ${file} est illisible (${code ?? String(error)}) : donnez au compte qui lance le serveur le droit de le lire, ou supprimez-le.`,
      { cause: error },
    );
  }
  // Windows' Notepad starts a UTF-8 file with a byte order mark: parseEnv would read it as
  // part of the first variable's name, and that variable was silently dropped.
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  const cut = unquotedHash(text);
  if (cut !== null) {
    // The value is never repeated: it may be a password.
    throw new Error(
      `Le fichier de réglages ${file}, ligne ${cut.line} : la valeur de ${cut.name} contient « # », qui serait lu comme le début d’un commentaire et la couperait : mettez la valeur entre guillemets simples (${cut.name}='…'), et un commentaire sur sa propre ligne.`,
    );
  }
  return {
    env: { ...parseEnv(text), ...env },
    file,
    line: `Réglages lus dans ${file} (une variable définie dans l’environnement passe avant).`,
  };
}

/**
 * The first variable of a settings file whose value, unquoted, holds a « # »: Node's parseEnv
 * reads it as a comment and cuts the value there (« Horizon-Numerique#2026! » became
 * « Horizon-Numerique », the owner's password no longer worked and a shorter one did). Such a
 * value is refused rather than guessed at: quoted ('…', "…" or `…`), it is read as written.
 */
export function unquotedHash(text: string): { line: number; name: string } | null {
  const lines = text.split(/\r?\n|\r/u);
  /** The quote of a value that goes on over the next lines, if any. */
  let open: string | null = null;
  for (const [index, raw] of lines.entries()) {
    if (open !== null) {
      if (raw.includes(open)) open = null;
      continue;
    }
    const match = /^\s*(?:export\s+)?([\w.-]+)\s*=\s*(.*)$/u.exec(raw);
    if (!match) continue;
    const [, name = '', value = ''] = match;
    const quote = value[0];
    if (quote === "'" || quote === '"' || quote === '`') {
      if (!value.slice(1).includes(quote)) open = quote;
      continue;
    }
    if (value.includes('#')) return { line: index + 1, name };
  }
  return null;
}
