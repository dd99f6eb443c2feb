import { z } from 'zod';
import {
  asSentence,
  FAILURES,
  rateLimitedMessage,
  waitDuration,
} from '../../shared/domain/messages.ts';

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
  newDevice: {
    'link-sent':
      'Connexion depuis un nouvel appareil pendant une série de tentatives sur ce compte : si le mot de passe est le bon, nous venons d’envoyer à l’adresse e-mail du compte un lien de connexion, valable 15 minutes. Ouvrez-le dans ce navigateur pour vous connecter ; il ne sert qu’une fois.',
    'no-email': (retryAfterSeconds: number) =>
      `Connexion depuis un nouvel appareil pendant une série de tentatives sur ce compte : l’envoi d’e-mails n’est pas configuré sur le serveur (SMTP_URL), aucun lien de connexion ne peut donc vous être envoyé. Connectez-vous depuis un navigateur ou la console où vous vous êtes déjà connecté, réessayez dans ${waitDuration(retryAfterSeconds)}, ou redémarrez le serveur : ses compteurs de tentatives repartent alors de zéro.`,
  },
  newDeviceLinkElsewhere:
    'Ce lien ne sert que dans le navigateur où le mot de passe a été saisi, et ce navigateur-ci n’en attend aucun. Ouvrez-le dans celui-là (ou collez-le sous son formulaire de connexion), ou saisissez ici votre mot de passe pour en recevoir un nouveau.',
  newDeviceLinkDead:
    'Ce lien de connexion ne fonctionne plus : il a déjà servi, il a expiré (15 minutes), un lien plus récent l’a remplacé, ou il vient d’un autre navigateur que celui-ci. Saisissez votre mot de passe pour en recevoir un nouveau.',
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

/** Why a sign-in from an unknown device was refused while the account is throttled. */
export const NEW_DEVICE_ANSWERS = ['link-sent', 'no-email'] as const;
export type NewDeviceAnswer = (typeof NEW_DEVICE_ANSWERS)[number];

export const errorAnswerSchema = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** On a 429 of the sign-in: a link was (or could not be) e-mailed, see NewDeviceLinks. */
  newDevice: z.enum(NEW_DEVICE_ANSWERS).optional(),
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
  readonly newDevice: NewDeviceAnswer | undefined;
  /** On a 400: the French sentence per field, as a failed schema check gives them. */
  readonly fields: Readonly<Record<string, string>> | undefined;

  constructor(
    statusCode: number,
    message: string,
    headers: Record<string, string> = {},
    newDevice?: NewDeviceAnswer,
    fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.headers = headers;
    this.newDevice = newDevice;
    this.fields = fields;
  }
}

/** 429 with Retry-After, saying in French how long to wait. */
export function tooManyRequests(retryAfterSeconds: number): ApiError {
  return new ApiError(429, MESSAGES.tooManyRequests(retryAfterSeconds), {
    'Retry-After': String(retryAfterSeconds),
  });
}

/** 429 for an unknown device while the account is throttled: what about the e-mailed link. */
export function newDeviceRefusal(retryAfterSeconds: number, answer: NewDeviceAnswer): ApiError {
  const message =
    answer === 'link-sent'
      ? MESSAGES.newDevice['link-sent']
      : MESSAGES.newDevice['no-email'](retryAfterSeconds);
  return new ApiError(429, message, { 'Retry-After': String(retryAfterSeconds) }, answer);
}

/** A refusal of one of the server's books (quotes, invoices): its kind, French sentence, fields. */
export interface BookRefusal {
  readonly kind: 'not-found' | 'refused' | 'invalid-input';
  readonly message: string;
  readonly fields: Record<string, string> | undefined;
}

/**
 * Runs an operation of a book; a refusal `isRefusal` recognises becomes the API's answer, in
 * French: 404 when not found, 409 when refused now, 400 with the fields to correct.
 */
export async function answeringRefusals<T>(
  isRefusal: (error: unknown) => error is BookRefusal,
  operation: () => T | Promise<T>,
): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (!isRefusal(error)) throw error;
    switch (error.kind) {
      case 'not-found':
        throw new ApiError(404, error.message);
      case 'refused':
        throw new ApiError(409, error.message);
      case 'invalid-input':
        throw new ApiError(400, MESSAGES.invalidInput, {}, undefined, error.fields);
    }
  }
}
