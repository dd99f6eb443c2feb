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
});

export type SignInValues = z.input<typeof signInSchema>;
