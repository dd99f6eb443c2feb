import type { Agent } from 'node:https';
import { SMTP_FAILURES } from '../domain/messages.ts';
import type { Transports } from '../notifications/channel.ts';
import { readSmtpUrl } from '../notifications/smtp-url.ts';
import { createEmailTransport, type SMTP_TIMEOUTS } from './email-transport.ts';
import type { AddressPolicy } from './public-address.ts';
import { createPushTransport } from './push-transport.ts';
import { createWebhookTransport } from './webhook-transport.ts';

const UNUSABLE_WEBHOOK_URL =
  'WEBHOOK_URL n’est pas une adresse https:// lisible : corrigez-la dans les paramètres de la fonction.';

export interface NodeTransportsOptions {
  /** Several e-mails over a few kept connections (the outbox), or one connection per send. */
  pooledEmail: boolean;
  /** Which addresses a push endpoint or a webhook may lead to (public ones; loopback in tests). */
  addresses: AddressPolicy;
  /** Tests shorten nodemailer's timeouts, and trust their local receivers' certificates. */
  smtpTimeouts?: typeof SMTP_TIMEOUTS | undefined;
  pushAgent?: Agent | undefined;
  webhookAgent?: Agent | undefined;
}

/**
 * The transports the channel modules send through (shared/notifications/channel.ts), with
 * Node's libraries: for the embedded server's outbox and the Cloud Function alike.
 */
export function nodeTransports(options: NodeTransportsOptions): Transports {
  const { addresses } = options;
  return {
    email: ({ smtpUrl, from }) =>
      readSmtpUrl(smtpUrl)
        ? createEmailTransport({
            smtpUrl,
            from,
            pooled: options.pooledEmail,
            ...(options.smtpTimeouts ? { timeouts: options.smtpTimeouts } : {}),
          })
        : // The embedded server refuses an unreadable SMTP_URL at start (config.ts); the
          // function reads a secret: the dashboard says it is unreadable, and the other
          // channels still go.
          {
            send: () => Promise.reject(new Error(SMTP_FAILURES.unreadableUrl())),
            describe: () => SMTP_FAILURES.unreadableUrl(),
            close() {},
          },
    push: ({ vapid, subject }) =>
      createPushTransport({
        vapid,
        subject,
        addresses,
        ...(options.pushAgent ? { agent: options.pushAgent } : {}),
      }),
    webhook: ({ url, secret }) =>
      URL.canParse(url) && new URL(url).protocol === 'https:'
        ? createWebhookTransport({
            url,
            secret,
            addresses,
            ...(options.webhookAgent ? { agent: options.webhookAgent } : {}),
          })
        : // The embedded server refuses such a WEBHOOK_URL at start (config.ts); the function
          // reads a parameter: the dashboard says what is wrong, and the other channels still go.
          {
            send: () => Promise.reject(new Error(UNUSABLE_WEBHOOK_URL)),
            describe: () => UNUSABLE_WEBHOOK_URL,
          },
  };
}
