/**
 * The sentences the product says when something fails, written once, in French. Failures are
 * worded to follow the error popup's « Une erreur s'est produite lors de l'envoi : » (hence
 * the lower-case start); `asSentence` capitalises them where they stand alone, as in the
 * server's answers. Texts that belong to one field stay next to its schema.
 */

/** Under a field left empty. */
export const REQUIRED_FIELD = 'Ce champ est obligatoire.';

/** Every way an operation can fail, as the backends report it. */
export type FailureCode =
  | 'invalid-input'
  | 'invalid-credentials'
  | 'not-admin'
  | 'rate-limited'
  | 'unauthorized'
  | 'network'
  | 'unavailable'
  | 'refused'
  | 'not-found'
  | 'unknown';

export const FAILURES: Record<FailureCode, string> = {
  'invalid-input': 'certains champs sont invalides, corrigez-les puis réessayez.',
  'invalid-credentials': 'adresse e-mail ou mot de passe incorrect.',
  'not-admin':
    'ce compte n’a pas accès au tableau de bord, réservé à l’administrateur de l’agence.',
  'rate-limited': 'trop de tentatives en peu de temps, patientez un peu puis réessayez.',
  unauthorized: 'votre session a expiré ou n’est pas ouverte, reconnectez-vous.',
  network: 'le serveur est injoignable, vérifiez votre connexion puis réessayez.',
  unavailable: 'le service est momentanément indisponible, réessayez dans quelques instants.',
  refused: 'la demande a été refusée par le serveur.',
  'not-found': 'ce message n’existe plus (il a peut-être été supprimé).',
  unknown: 'une erreur inattendue est survenue, réessayez plus tard.',
};

/** « 30 secondes », « 15 minutes »: a wait the backend asks for. */
export function waitDuration(retryAfterSeconds: number): string {
  return retryAfterSeconds < 120
    ? `${retryAfterSeconds} seconde${retryAfterSeconds > 1 ? 's' : ''}`
    : `${Math.ceil(retryAfterSeconds / 60)} minutes`;
}

/** 'rate-limited', saying how long to wait when the backend says so. */
export function rateLimitedMessage(retryAfterSeconds?: number): string {
  if (retryAfterSeconds === undefined) return FAILURES['rate-limited'];
  return `trop de tentatives en peu de temps, réessayez dans ${waitDuration(retryAfterSeconds)}.`;
}

/** Firebase refused this browser because App Check could not vouch for it. */
export const APP_CHECK_REFUSED =
  'la vérification de sécurité de votre navigateur (App Check) a échoué : désactivez les ' +
  'bloqueurs de scripts pour ce site, rechargez la page puis réessayez.';

/** A Firebase account signed in without the `admin` custom claim. */
export const NOT_AN_ADMIN = FAILURES['not-admin'];

/** A browser without EventSource cannot show the inbox live. */
export const LIVE_UPDATES_UNSUPPORTED = 'ce navigateur ne gère pas les mises à jour en direct.';

/** The desktop console reads messages; the contact form is the site's. */
export const CONSOLE_CANNOT_SEND =
  'la console de bureau sert à lire les messages, pas à en envoyer.';

/** The client's side of a quote (its page, its answer) is the site's, never the console's. */
export const CONSOLE_NOT_THE_CLIENT =
  'la réponse à un devis se donne sur la page du client, pas dans la console de bureau.';

/** The console could not start Firebase with the settings it was given. */
export const CONSOLE_FIREBASE_UNAVAILABLE =
  'la connexion à Firebase n’a pas pu démarrer dans la console : vérifiez sa configuration.';

/** The owner blocked notifications for this site in the browser. */
export const NOTIFICATIONS_BLOCKED =
  'notifications bloquées par le navigateur : autorisez-les dans les réglages du site.';

/** The browser's push service did not answer when this device subscribed. */
export const PUSH_SERVICE_UNAVAILABLE =
  'le service de notifications du navigateur ne répond pas, réessayez plus tard.';

/**
 * Why the e-mail to the owner could not be sent, as the dashboard shows it; `server` is the
 * SMTP server's name, `detail` the server's own words.
 */
export const SMTP_FAILURES = {
  credentials: (server: string) =>
    `le serveur SMTP (${server}) a refusé l’identifiant ou le mot de passe : vérifiez ceux de SMTP_URL.`,
  unknownHost: (server: string) =>
    `le serveur SMTP ${server} est introuvable (nom inconnu) : vérifiez l’adresse dans SMTP_URL.`,
  noAnswer: (server: string) =>
    `le serveur SMTP (${server}) ne répond pas : il est peut-être arrêté, ou le port est bloqué.`,
  tls: (server: string) =>
    `la connexion chiffrée avec le serveur SMTP (${server}) a échoué : essayez smtps:// sur le port 465, ou smtp:// sur le port 587.`,
  envelope: (server: string, detail: string) =>
    `le serveur SMTP (${server}) a refusé l’expéditeur ou le destinataire : vérifiez MAIL_FROM et NOTIFY_EMAIL (${detail}).`,
  connectionRefused: (server: string) =>
    `le serveur SMTP (${server}) refuse la connexion : il est arrêté, ou le port est faux.`,
  connectionLost: (server: string, detail: string) =>
    `la connexion au serveur SMTP (${server}) a été coupée : ${detail}`,
  rejected: (server: string, status: number, detail: string) =>
    `le serveur SMTP (${server}) a refusé l’e-mail (code ${status}) : ${detail}`,
  other: (server: string, detail: string) =>
    `l’envoi par le serveur SMTP (${server}) a échoué : ${detail}`,
  unreadableUrl: () =>
    'SMTP_URL n’est pas une adresse smtp:// ou smtps:// lisible : vérifiez-la, et encodez les caractères spéciaux du mot de passe (@ en %40, % en %25).',
};

/** « adresse… » → « Adresse… »: a failure standing alone, as the server words its answers. */
export function asSentence(text: string): string {
  return text.charAt(0).toLocaleUpperCase('fr') + text.slice(1);
}
