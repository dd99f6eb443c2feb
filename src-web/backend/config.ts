import '../lib/zod-jitless.ts';
import { z } from 'zod';
import type { FirebaseBackendOptions } from '../../shared/backend/firebase/index.ts';

/** An unset variable and an empty one (`VITE_X=` in a .env file) mean the same. */
const blankAsUnset = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const optionalText = z.preprocess(blankAsUnset, z.string().trim().optional());

/** The four values without which the Firebase web SDK cannot start. */
const FIREBASE_REQUIRED = [
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_APP_ID',
] as const;

/**
 * The browser build's settings: Vite's `VITE_*` variables, fixed at build time and
 * validated here, once. `.env.example` documents each. Only public values belong here: they
 * end up in the bundle.
 */
const webEnvObject = z.object({
  /** Origin of the local server's API; empty means the site's own origin. */
  VITE_API_BASE_URL: z.union([z.literal(''), z.url()]).default(''),

  // The Firebase web app's config (public values). All four required ones, or none.
  VITE_FIREBASE_API_KEY: optionalText,
  VITE_FIREBASE_AUTH_DOMAIN: optionalText,
  VITE_FIREBASE_PROJECT_ID: z.preprocess(
    blankAsUnset,
    z
      .string()
      .trim()
      .regex(/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/, 'identifiant de projet Firebase invalide')
      .optional(),
  ),
  VITE_FIREBASE_APP_ID: optionalText,
  VITE_FIREBASE_STORAGE_BUCKET: optionalText,
  VITE_FIREBASE_MESSAGING_SENDER_ID: optionalText,
  /** The Cloud Function's VAPID public key (base64url); unset: no push notifications. */
  VITE_VAPID_PUBLIC_KEY: z.preprocess(
    blankAsUnset,
    z
      .string()
      .trim()
      .regex(/^[\w-]{80,90}$/, 'clé publique VAPID invalide (base64url, 87 caractères)')
      .optional(),
  ),
  /** App Check with reCAPTCHA Enterprise; unset: no App Check. */
  VITE_RECAPTCHA_ENTERPRISE_SITE_KEY: optionalText,
  /** Development only (dropped from production builds): App Check's debug token. */
  VITE_APPCHECK_DEBUG_TOKEN: optionalText,
  /** Local emulators, e.g. `http://127.0.0.1:9099` and `127.0.0.1:8080`. */
  VITE_FIREBASE_AUTH_EMULATOR_URL: z.preprocess(blankAsUnset, z.url().optional()),
  VITE_FIRESTORE_EMULATOR_HOST: z.preprocess(
    blankAsUnset,
    z
      .string()
      .trim()
      .regex(/^(\[[0-9a-fA-F:]+\]|[\w.-]+):\d{1,5}$/, 'attendu : hôte:port')
      .optional(),
  ),
  /** The Functions emulator's `host:port`, for the quotes' callable functions. */
  VITE_FUNCTIONS_EMULATOR_HOST: z.preprocess(
    blankAsUnset,
    z
      .string()
      .trim()
      .regex(/^(\[[0-9a-fA-F:]+\]|[\w.-]+):\d{1,5}$/, 'attendu : hôte:port')
      .optional(),
  ),
});

/** Every build variable of the site (each documented in .env.example). */
export const WEB_VARIABLES = Object.keys(webEnvObject.shape) as (keyof typeof webEnvObject.shape)[];

const webEnvSchema = webEnvObject
  .superRefine((env, context) => {
    const given = FIREBASE_REQUIRED.filter((name) => env[name] !== undefined);
    if (given.length === 0 || given.length === FIREBASE_REQUIRED.length) return;
    for (const name of FIREBASE_REQUIRED) {
      if (env[name] === undefined) {
        context.addIssue({
          code: 'custom',
          path: [name],
          message: 'manquante : la configuration Firebase est incomplète',
        });
      }
    }
  })
  .transform((env) => ({ ...env, firebase: firebaseSettings(env) }));

type WebEnv = z.input<typeof webEnvObject>;
type ParsedEnv = z.output<typeof webEnvObject>;

/** What the Firebase backend is started with; null: the local server's backend. */
export type FirebaseSettings = Omit<FirebaseBackendOptions, 'appName' | 'sendTimeoutMs'>;

function firebaseSettings(env: ParsedEnv): FirebaseSettings | null {
  const {
    VITE_FIREBASE_API_KEY: apiKey,
    VITE_FIREBASE_AUTH_DOMAIN: authDomain,
    VITE_FIREBASE_PROJECT_ID: projectId,
    VITE_FIREBASE_APP_ID: appId,
  } = env;
  if (!apiKey || !authDomain || !projectId || !appId) return null;
  const settings: FirebaseSettings = {
    config: {
      apiKey,
      authDomain,
      projectId,
      appId,
      ...(env.VITE_FIREBASE_STORAGE_BUCKET && { storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET }),
      ...(env.VITE_FIREBASE_MESSAGING_SENDER_ID && {
        messagingSenderId: env.VITE_FIREBASE_MESSAGING_SENDER_ID,
      }),
    },
  };
  if (env.VITE_VAPID_PUBLIC_KEY) settings.vapidPublicKey = env.VITE_VAPID_PUBLIC_KEY;
  if (env.VITE_RECAPTCHA_ENTERPRISE_SITE_KEY) {
    const debugToken = env.VITE_APPCHECK_DEBUG_TOKEN;
    settings.appCheck = {
      siteKey: env.VITE_RECAPTCHA_ENTERPRISE_SITE_KEY,
      // `true`: the SDK makes up a token and prints it, to be registered in the console.
      ...(debugToken && { debugToken: debugToken === 'true' ? true : debugToken }),
    };
  }
  if (
    env.VITE_FIREBASE_AUTH_EMULATOR_URL ||
    env.VITE_FIRESTORE_EMULATOR_HOST ||
    env.VITE_FUNCTIONS_EMULATOR_HOST
  ) {
    settings.emulators = {
      ...(env.VITE_FIREBASE_AUTH_EMULATOR_URL && { auth: env.VITE_FIREBASE_AUTH_EMULATOR_URL }),
      ...(env.VITE_FIRESTORE_EMULATOR_HOST && { firestore: env.VITE_FIRESTORE_EMULATOR_HOST }),
      ...(env.VITE_FUNCTIONS_EMULATOR_HOST && { functions: env.VITE_FUNCTIONS_EMULATOR_HOST }),
    };
  }
  return settings;
}

export type WebConfig = z.output<typeof webEnvSchema>;

export function parseWebConfig(env: Partial<Record<keyof WebEnv, unknown>>): WebConfig {
  const parsed = webEnvSchema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Configuration du site invalide : ${details.join(' ; ')}`);
  }
  return parsed.data;
}

// Each variable is named on its own, so that the bundle holds only these (Vite inlines the
// whole of `import.meta.env` otherwise), and the debug token only in development builds.
export const webConfig: WebConfig = parseWebConfig({
  VITE_API_BASE_URL: import.meta.env.VITE_API_BASE_URL,
  VITE_FIREBASE_API_KEY: import.meta.env.VITE_FIREBASE_API_KEY,
  VITE_FIREBASE_AUTH_DOMAIN: import.meta.env.VITE_FIREBASE_AUTH_DOMAIN,
  VITE_FIREBASE_PROJECT_ID: import.meta.env.VITE_FIREBASE_PROJECT_ID,
  VITE_FIREBASE_APP_ID: import.meta.env.VITE_FIREBASE_APP_ID,
  VITE_FIREBASE_STORAGE_BUCKET: import.meta.env.VITE_FIREBASE_STORAGE_BUCKET,
  VITE_FIREBASE_MESSAGING_SENDER_ID: import.meta.env.VITE_FIREBASE_MESSAGING_SENDER_ID,
  VITE_VAPID_PUBLIC_KEY: import.meta.env.VITE_VAPID_PUBLIC_KEY,
  VITE_RECAPTCHA_ENTERPRISE_SITE_KEY: import.meta.env.VITE_RECAPTCHA_ENTERPRISE_SITE_KEY,
  VITE_APPCHECK_DEBUG_TOKEN: import.meta.env.DEV
    ? import.meta.env.VITE_APPCHECK_DEBUG_TOKEN
    : undefined,
  VITE_FIREBASE_AUTH_EMULATOR_URL: import.meta.env.VITE_FIREBASE_AUTH_EMULATOR_URL,
  VITE_FIRESTORE_EMULATOR_HOST: import.meta.env.VITE_FIRESTORE_EMULATOR_HOST,
  VITE_FUNCTIONS_EMULATOR_HOST: import.meta.env.VITE_FUNCTIONS_EMULATOR_HOST,
});
