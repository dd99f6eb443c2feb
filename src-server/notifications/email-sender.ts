import nodemailer from 'nodemailer';
import { SMTP_FAILURES } from '../../shared/domain/messages.ts';
import type { NotificationEmail } from '../../shared/notifications/new-message.ts';

/** An e-mail ready to go: the composed content plus its envelope. */
export interface OutgoingEmail extends Omit<NotificationEmail, 'replyTo'> {
  to: string;
  replyTo?: NotificationEmail['replyTo'];
  /** The same at every attempt, so that a repeat is recognised (`<…@domain>`). */
  messageId?: string;
  date?: Date;
}

export interface EmailSender {
  send(email: OutgoingEmail): Promise<void>;
  /** Ends the connections; sends in progress fail (their notifications stay pending). */
  close(): void;
}

/**
 * How long the SMTP server may take. A server that never answers must not hold a delivery for
 * nodemailer's defaults (two minutes to connect, ten of silence): the attempt fails and the
 * outbox tries again later.
 */
export const SMTP_TIMEOUTS = { connectionMs: 30_000, greetingMs: 30_000, socketMs: 60_000 };

export interface EmailSenderOptions {
  /** `smtp://user:password@host:port` or `smtps://…` (read by smtp-url.ts, checked in config.ts). */
  smtpUrl: string;
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

/** The domain of the sender's address, for the Message-ID. */
export function senderDomain(from: string): string {
  const address = /<([^>]+)>\s*$/.exec(from)?.[1] ?? from;
  return address.slice(address.lastIndexOf('@') + 1).trim() || 'localhost';
}

/** nodemailer over SMTP. */
export function createEmailSender({
  smtpUrl,
  from,
  pooled,
  timeouts = SMTP_TIMEOUTS,
}: EmailSenderOptions): EmailSender {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
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
    close() {
      transport.close();
    },
  };
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

function responseCode(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('responseCode' in error)) return undefined;
  return typeof error.responseCode === 'number' ? error.responseCode : undefined;
}

/**
 * Why an e-mail could not be sent, in plain French for the dashboard (« le serveur SMTP a
 * refusé l’identifiant ou le mot de passe »), with the server's own words where they help.
 */
export function describeSmtpError(error: unknown, server: string): string {
  const code = errorCode(error);
  const detail = error instanceof Error ? error.message.replace(/\s+/g, ' ').trim() : '';
  const cause = (error instanceof Error && errorCode(error.cause)) || code;
  switch (code) {
    case 'EAUTH':
    case 'ENOAUTH':
      return SMTP_FAILURES.credentials(server);
    case 'EDNS':
      return SMTP_FAILURES.unknownHost(server);
    case 'ETIMEDOUT':
      return SMTP_FAILURES.noAnswer(server);
    case 'ETLS':
      return SMTP_FAILURES.tls(server);
    case 'EENVELOPE':
      return SMTP_FAILURES.envelope(server, detail);
    case 'ECONNECTION':
    case 'ESOCKET':
      if (cause === 'ECONNREFUSED' || /ECONNREFUSED/.test(detail)) {
        return SMTP_FAILURES.connectionRefused(server);
      }
      if (/certificate|self[- ]signed|TLS|SSL|wrong version/i.test(detail)) {
        return SMTP_FAILURES.tls(server);
      }
      return SMTP_FAILURES.connectionLost(server, detail);
    default: {
      const status = responseCode(error);
      if (status !== undefined) return SMTP_FAILURES.rejected(server, status, detail);
      return SMTP_FAILURES.other(server, detail || String(error));
    }
  }
}
