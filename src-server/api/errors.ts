import { z } from 'zod';
import { asSentence, FAILURES, rateLimitedMessage } from '../../shared/domain/messages.ts';

/**
 * Every error answer of the API is `{ error: '<a French sentence>' }`, plus `fields` on a
 * 400. The failures the screens also report read as the catalogue words them.
 */
export const MESSAGES = {
  invalidInput: asSentence(FAILURES['invalid-input']),
  unauthorized: asSentence(FAILURES.unauthorized),
  invalidCredentials: asSentence(FAILURES['invalid-credentials']),
  messageNotFound: asSentence(FAILURES['not-found']),
  unavailable: asSentence(FAILURES.unavailable),
  internal: asSentence(FAILURES.unknown),
  tooManyRequests: (retryAfterSeconds: number) => asSentence(rateLimitedMessage(retryAfterSeconds)),
  firstPasswordLinkDead:
    'Ce lien a déjà servi ou a été remplacé par celui d’un démarrage plus récent : utilisez le dernier lien affiché par le serveur, ou connectez-vous si le mot de passe est déjà choisi.',
  // What only a client of the API itself can get wrong.
  bodyNotObject: 'Le corps de la requête doit être un objet JSON.',
  invalidJson: 'Le corps de la requête n’est pas un JSON valide.',
  tooLarge: 'La requête est trop volumineuse (16 Kio au maximum).',
  notJson: 'Le corps de la requête doit être du JSON (Content-Type: application/json).',
  notFound: 'Introuvable.',
  badRequest: 'Requête invalide.',
  badUrl: 'L’adresse demandée n’est pas valide.',
  uriTooLong: 'L’adresse demandée est trop longue.',
  headersTooLarge: 'La requête est trop volumineuse : ses en-têtes ou son adresse sont trop longs.',
  requestTimeout:
    'La requête a mis trop de temps à arriver : vérifiez votre connexion et réessayez.',
};

export const errorAnswerSchema = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

/** The error answers every route may give, for its response schema. */
export const ERROR_ANSWERS = { '4xx': errorAnswerSchema, '5xx': errorAnswerSchema };

/**
 * A refusal a route or hook throws; the API's error handler answers it with its status, its
 * headers and `{ error: message }`.
 */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly headers: Readonly<Record<string, string>>;

  constructor(statusCode: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.headers = headers;
  }
}

/** 429 with Retry-After, saying in French how long to wait. */
export function tooManyRequests(retryAfterSeconds: number): ApiError {
  return new ApiError(429, MESSAGES.tooManyRequests(retryAfterSeconds), {
    'Retry-After': String(retryAfterSeconds),
  });
}
