import type { FastifyReply } from 'fastify';

/** Every error answer of the API is `{ error: '<a French sentence>' }` (plus `fields` on 400). */
export const MESSAGES = {
  invalidInput: 'Certains champs sont invalides.',
  bodyNotObject: 'Le corps de la requête doit être un objet JSON.',
  invalidJson: 'Le corps de la requête n’est pas un JSON valide.',
  tooLarge: 'La requête est trop volumineuse (16 Kio au maximum).',
  notJson: 'Le corps de la requête doit être du JSON (Content-Type: application/json).',
  unauthorized: 'Connexion requise : connectez-vous en tant qu’administrateur.',
  invalidCredentials: 'Adresse e-mail ou mot de passe incorrect.',
  notFound: 'Introuvable.',
  messageNotFound: 'Ce message n’existe pas ou a déjà été supprimé.',
  internal: 'Une erreur interne est survenue. Réessayez plus tard.',
  unavailable: 'Le serveur redémarre. Réessayez dans quelques instants.',
  badRequest: 'Requête invalide.',
  tooManyPosts: (seconds: number) =>
    `Trop de messages envoyés en peu de temps. Réessayez dans ${seconds} s.`,
  tooManySignIns: (seconds: number) =>
    `Trop de tentatives de connexion. Réessayez dans ${seconds < 120 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`}.`,
} as const;

export function sendError(
  reply: FastifyReply,
  status: number,
  error: string,
  extra: Record<string, unknown> = {},
) {
  return reply.code(status).send({ error, ...extra });
}

export function sendTooMany(reply: FastifyReply, retryAfterSeconds: number, error: string) {
  return reply.header('Retry-After', String(retryAfterSeconds)).code(429).send({ error });
}

/** Marks a body that is not a JSON object (absent, an array, a number…). */
export class BodyNotObjectError extends Error {
  readonly statusCode = 400;
  constructor() {
    super(MESSAGES.bodyNotObject);
    this.name = 'BodyNotObjectError';
  }
}
