import type { DatabaseSync } from 'node:sqlite';
import {
  createEmailTransport,
  type EmailTransportOptions,
} from '../../shared/node/email-transport.ts';
import type { Clock } from '../clock.ts';
import { mailFrom, type ServerConfig } from '../config.ts';
import type { AdminsRepository } from '../db/admins-repository.ts';
import { OneTimeLinksRepository } from '../db/one-time-links-repository.ts';
import { NewDeviceLinks } from './new-device-links.ts';

/**
 * The e-mailed link for a new device during an attack (NewDeviceLinks): sent to the account's
 * own address, as GitHub does (not NOTIFY_EMAIL, the inbox's notifications), by SMTP_URL; one
 * connection per e-mail (they are rare).
 */
export function createNewDeviceLinks(parts: {
  config: ServerConfig;
  db: DatabaseSync;
  admins: AdminsRepository;
  clock: Clock;
  say: (line: string) => void;
  smtpTimeouts: EmailTransportOptions['timeouts'];
}) {
  const { config } = parts;
  const from = mailFrom(config);
  const transport =
    config.SMTP_URL && from
      ? createEmailTransport({
          smtpUrl: config.SMTP_URL,
          from,
          pooled: false,
          ...(parts.smtpTimeouts ? { timeouts: parts.smtpTimeouts } : {}),
        })
      : null;
  const links = new NewDeviceLinks({
    links: new OneTimeLinksRepository(parts.db),
    admins: parts.admins,
    clock: parts.clock,
    send: transport ? (email) => transport.send(email) : null,
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    onSendFailure: (error) =>
      parts.say(
        `Le lien de connexion pour un nouvel appareil n’a pas pu être envoyé : ${transport ? transport.describe(error) : String(error)}`,
      ),
  });
  return { links, close: () => transport?.close() };
}
