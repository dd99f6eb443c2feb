import type { DatabaseSync } from 'node:sqlite';
import type { FastifyBaseLogger } from 'fastify';
import { nodeTransports } from '../../shared/node/transports.ts';
import type { AppOptions } from '../app.ts';
import type { Clock } from '../clock.ts';
import { mailFrom, type ServerConfig } from '../config.ts';
import type { AdminsRepository } from '../db/admins-repository.ts';
import { NotificationsRepository } from '../db/notifications-repository.ts';
import { NotificationOutbox } from './notification-outbox.ts';
import { loadVapidKeys } from './vapid-keys.ts';

export interface OutboxParts {
  config: ServerConfig;
  db: DatabaseSync;
  clock: Clock;
  admins: AdminsRepository;
  log: FastifyBaseLogger;
  say: (line: string) => void;
  notifications: NonNullable<AppOptions['notifications']>;
  /**
   * « Réglages » now: the address that receives the notices (given the configuration's, which
   * holds until one is saved) and the digest's time, read at each e-mail.
   */
  current?: { ownerEmail(configured: string): string; digestTime(): string | null };
}

/**
 * The owner's notifications: e-mail to NOTIFY_EMAIL when SMTP_URL
 * is set, push to every subscribed browser with the VAPID pair of the environment or of
 * DATA_DIR.
 */
export function createOutbox({
  config,
  db,
  clock,
  admins,
  log,
  say,
  notifications,
  current,
}: OutboxParts) {
  // NOTIFY_EMAIL is there whenever SMTP_URL is (config.ts); the push services only want a
  // way to reach the sender.
  const configured = config.NOTIFY_EMAIL ?? admins.all()[0]?.email ?? 'admin@agence.localhost';
  const recipient = () => current?.ownerEmail(configured) ?? configured;
  const from = mailFrom(config);
  const vapid = loadVapidKeys(config.DATA_DIR, {
    publicKey: config.VAPID_PUBLIC_KEY,
    privateKey: config.VAPID_PRIVATE_KEY,
  });
  const addresses = { allowLoopback: config.TEST_LOOPBACK_ENDPOINTS };
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  // The channels read the configuration config.ts validated, by variable's name; the VAPID
  // pair is the environment's or the one kept in DATA_DIR.
  const settings: Partial<Record<string, unknown>> = {
    ...config,
    MAIL_FROM: from,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
  };
  return new NotificationOutbox({
    repository: new NotificationsRepository(db),
    addresses,
    clock,
    email:
      config.SMTP_URL && from
        ? {
            smtpUrl: config.SMTP_URL,
            from,
            get to() {
              return recipient();
            },
            publicUrl,
          }
        : null,
    setup: {
      setting: (name) => {
        const value = settings[name];
        return typeof value === 'string' ? value : undefined;
      },
      ownerEmail: configured,
      ...(current
        ? { current: { ownerEmail: recipient, digestTime: () => current.digestTime() } }
        : {}),
      publicUrl,
      transports: nodeTransports({
        pooledEmail: true,
        addresses,
        smtpTimeouts: notifications.smtpTimeouts,
        pushAgent: notifications.pushAgent,
        webhookAgent: notifications.webhookAgent,
      }),
    },
    ...(notifications.channels ? { channels: notifications.channels } : {}),
    log,
    say,
    ...(notifications.retry ? { retry: notifications.retry } : {}),
    ...(notifications.smtpTimeouts ? { smtpTimeouts: notifications.smtpTimeouts } : {}),
  });
}
