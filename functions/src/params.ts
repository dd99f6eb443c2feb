import { defineSecret, defineString } from 'firebase-functions/params';

/*
 * The function's configuration, declared in this one place (as src-server/config.ts is the
 * embedded server's): Firebase asks for each parameter at deploy, and keeps each secret in
 * Secret Manager. The channel modules read them by name (`ChannelSetup.setting`): a channel
 * with settings of its own adds them to CHANNEL_PARAMETERS (and a secret to SECRETS).
 */

/** smtps://user:password@host:465 — a secret: `npx firebase functions:secrets:set SMTP_URL`. */
export const SMTP_URL = defineSecret('SMTP_URL');
/** The VAPID private key (base64url); its public half is VITE_VAPID_PUBLIC_KEY in the site. */
export const VAPID_PRIVATE_KEY = defineSecret('VAPID_PRIVATE_KEY');
export const VAPID_PUBLIC_KEY = defineString('VAPID_PUBLIC_KEY', { default: '' });
export const NOTIFY_EMAIL = defineString('NOTIFY_EMAIL');
export const MAIL_FROM = defineString('MAIL_FROM', { default: '' });
export const PUBLIC_URL = defineString('PUBLIC_URL');
/**
 * Each new message POSTed as signed JSON to this https address (docs/inbox.md, « Le
 * webhook »); empty: no webhook.
 */
export const WEBHOOK_URL = defineString('WEBHOOK_URL', { default: '' });
/**
 * The webhook's signing key (16 characters at least), a secret like SMTP_URL:
 * `npx firebase functions:secrets:set WEBHOOK_SECRET` (docs/firebase.md).
 */
export const WEBHOOK_SECRET = defineSecret('WEBHOOK_SECRET');
/**
 * When the daily digest e-mail goes out, Algiers time (HH:MM), or `off` (docs/inbox.md, « Le
 * résumé quotidien »): read by the scheduled function (remind-owner.ts) and shown on the
 * dashboard.
 */
export const DIGEST_TIME = defineString('DIGEST_TIME', { default: '08:00' });
/** Tests on the emulators only: push endpoints on this machine (127.0.0.1, ::1) accepted. */
export const TEST_LOOPBACK_ENDPOINTS = defineString('TEST_LOOPBACK_ENDPOINTS', {
  default: 'false',
});

/**
 * The key the clients' quote links are derived with (HMAC, shared/node/quote-link-token.ts),
 * 32 characters at least, a secret: `npx firebase functions:secrets:set QUOTE_LINK_SECRET`
 * (docs/firebase.md). Only sendQuote, quoteOwnerLink and invoiceOwnerLink (an invoice's link,
 * purpose `facture-lien`) hold it; Firestore keeps the token's hash (and a quote's generation),
 * never the token. Changing it cuts every link already sent.
 */
export const QUOTE_LINK_SECRET = defineSecret('QUOTE_LINK_SECRET');

/** The parameters the channels may read, by name. */
export const CHANNEL_PARAMETERS = {
  SMTP_URL,
  VAPID_PRIVATE_KEY,
  VAPID_PUBLIC_KEY,
  MAIL_FROM,
  WEBHOOK_URL,
  WEBHOOK_SECRET,
  DIGEST_TIME,
};

/** The secrets the function is given at run time. */
export const SECRETS = [SMTP_URL, VAPID_PRIVATE_KEY, WEBHOOK_SECRET];
