import { z } from 'zod';
import { REQUIRED_FIELD } from './messages.ts';

/**
 * A sign-in, as the login form checks it before sending and as the server and the desktop
 * console check it on arrival: both fields required (docs/architecture.md), the e-mail well
 * formed. Whether the credentials are right is the backend's business.
 */
export const signInSchema = z.strictObject({
  email: z
    .string({ error: REQUIRED_FIELD })
    .trim()
    .min(1, REQUIRED_FIELD)
    .max(254, 'L’adresse e-mail ne doit pas dépasser 254 caractères.')
    .pipe(z.email('Saisissez une adresse e-mail valide.')),
  password: z
    .string({ error: REQUIRED_FIELD })
    .min(1, REQUIRED_FIELD)
    .max(1024, 'Le mot de passe ne doit pas dépasser 1024 caractères.'),
  /**
   * « Rester connecté sur cet appareil »: the session lasts 30 days (docs/inbox.md, « Rester
   * connecté »); absent or false, today's limits.
   */
  remember: z.boolean().optional(),
});

export type SignInValues = z.input<typeof signInSchema>;

/**
 * How many days a sign-in with « Rester connecté sur cet appareil » lasts: from the sign-in,
 * fixed (not renewed by use). The embedded server ends such a session then (and gives its
 * cookie that Max-Age); in Firebase mode, firestore.rules refuse an admin whose sign-in
 * (`auth_time`) is older, whatever the box said, and the client signs out by itself at the
 * same age (docs/inbox.md, « Rester connecté »).
 */
export const REMEMBERED_SESSION_DAYS = 30;

/** REMEMBERED_SESSION_DAYS in milliseconds. */
export const REMEMBERED_SESSION_MS = REMEMBERED_SESSION_DAYS * 24 * 3_600_000;

/** Whether a sign-in made at `signedInAtMs` has reached the remembered session's age. */
export function signInTooOld(signedInAtMs: number, nowMs: number): boolean {
  return nowMs - signedInAtMs >= REMEMBERED_SESSION_MS;
}

/** What the sign-in page says after the client signed itself out at that age. */
export const SIGN_IN_TOO_OLD = `Votre connexion datait de ${REMEMBERED_SESSION_DAYS} jours : par sécurité, saisissez de nouveau votre mot de passe.`;

/** The shortest password the owner may choose (ADMIN_PASSWORD has the same floor). */
export const MIN_PASSWORD_LENGTH = 12;

/**
 * The first password, as the setup page checks it and the server checks it again: the
 * owner's e-mail (where the notifications go by default) and a password of at least
 * MIN_PASSWORD_LENGTH characters, typed twice.
 */
export const firstPasswordSchema = z
  .strictObject({
    email: signInSchema.shape.email,
    password: z
      .string({ error: REQUIRED_FIELD })
      .min(1, REQUIRED_FIELD)
      .min(
        MIN_PASSWORD_LENGTH,
        `Choisissez un mot de passe d’au moins ${MIN_PASSWORD_LENGTH} caractères.`,
      )
      .max(1024, 'Le mot de passe ne doit pas dépasser 1024 caractères.'),
    confirmation: z.string({ error: REQUIRED_FIELD }).min(1, REQUIRED_FIELD),
  })
  .refine((values) => values.password === values.confirmation, {
    message: 'Les deux mots de passe ne sont pas identiques.',
    path: ['confirmation'],
  });

export type FirstPasswordValues = z.input<typeof firstPasswordSchema>;

/** What the setup page sends: the token of the link printed at start, and the account. */
export const firstPasswordRequestSchema = z.strictObject({
  token: z.string().min(1).max(100),
  email: firstPasswordSchema.shape.email,
  password: firstPasswordSchema.shape.password,
});

/**
 * The token of the link e-mailed to sign a new device in while the account is throttled
 * (`#appareil=…` on the sign-in page): 32 random bytes in base64url.
 */
export const NEW_DEVICE_TOKEN = /^[\w-]{43}$/;

/** What the sign-in page sends when it opens with that link (POST /api/session/new-device). */
export const newDeviceLinkRequestSchema = z.strictObject({
  token: z.string().regex(NEW_DEVICE_TOKEN),
});

/** The token of a pasted link (the whole address, or the token alone), or null. */
export function newDeviceTokenFrom(text: string): string | null {
  const trimmed = text.trim();
  const fromLink = /[#&]appareil=([\w-]{43})(?![\w-])/.exec(trimmed)?.[1];
  if (fromLink) return fromLink;
  return NEW_DEVICE_TOKEN.test(trimmed) ? trimmed : null;
}
