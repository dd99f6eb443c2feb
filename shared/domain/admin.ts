import { z } from 'zod';

const REQUIRED = 'Ce champ est obligatoire.';

/** The login form: both fields required (spec section 5); the server checks the rest. */
export const signInSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, REQUIRED)
    .max(254)
    .pipe(z.email('Saisissez une adresse e-mail valide.')),
  password: z.string().min(1, REQUIRED).max(1024),
});

export type SignInValues = z.input<typeof signInSchema>;

/**
 * What the original kept in browser storage after signing in. We keep it only to know where
 * to go after the login popup; it grants nothing (the server's session decides).
 */
export interface StoredUserRecord {
  email: string;
  allowedRoute: string;
}

export const USER_RECORD_KEY = 'user';
export const LOGGED_IN_FLAG_KEY = 'isLoggedIn';
