import nodemailer from 'nodemailer';
import { describeSmtpError, type EmailTransport } from '../notifications/delivery.ts';

/**
 * E-mail over SMTP with nodemailer: the Node transport of shared/notifications/delivery.ts,
 * used by the embedded server's outbox and by the Cloud Function alike.
 */

/**
 * How long the SMTP server may take. A server that never answers must not hold a delivery for
 * nodemailer's defaults (two minutes to connect, ten of silence): the attempt fails and is
 * tried again later.
 */
export const SMTP_TIMEOUTS = { connectionMs: 30_000, greetingMs: 30_000, socketMs: 60_000 };

export interface EmailTransportOptions {
  /** `smtp://user:password@host:port` or `smtps://…` (shared/notifications/smtp-url.ts). */
  smtpUrl: string;
  /** The sender: `adresse@domaine` or `Nom <adresse@domaine>`. */
  from: string;
  /** Several messages over a few kept connections (the outbox), or one connection per send. */
  pooled: boolean;
  timeouts?: typeof SMTP_TIMEOUTS;
}

/** The part of SMTP_URL that may be shown: the server, never the credentials. */
export function smtpServerName(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
}

export function createEmailTransport({
  smtpUrl,
  from,
  pooled,
  timeouts = SMTP_TIMEOUTS,
}: EmailTransportOptions): EmailTransport {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const server = smtpServerName(smtpUrl);
  const common = {
    host: url.hostname,
    port: Number(url.port) || (secure ? 465 : 587),
    secure,
    ...(url.username
      ? {
          auth: {
            user: decodeURIComponent(url.username),
            pass: decodeURIComponent(url.password),
          },
        }
      : {}),
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
  };
  const transport = pooled
    ? nodemailer.createTransport({ ...common, pool: true, maxConnections: 3 })
    : nodemailer.createTransport(common);
  return {
    async send(email) {
      await transport.sendMail({
        from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        ...(email.replyTo ? { replyTo: email.replyTo } : {}),
        ...(email.messageId ? { messageId: email.messageId } : {}),
        ...(email.date ? { date: email.date } : {}),
      });
    },
    describe: (error) => describeSmtpError(error, server),
    close() {
      transport.close();
    },
  };
}
