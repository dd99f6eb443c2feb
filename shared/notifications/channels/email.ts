import { z } from 'zod';
import { SMTP_FAILURES } from '../../domain/messages.ts';
import { defineChannel } from '../channel.ts';
import { deliverEmail, type EmailTransport, type Mailbox } from '../delivery.ts';
import { readSmtpUrl, smtpAccountAddress } from '../smtp-url.ts';

/**
 * E-mail to the owner, over SMTP (SMTP_URL; MAIL_FROM, else the SMTP account when it is an
 * address, else the owner's address: the mail services refuse another sender). Off without
 * SMTP_URL.
 */
export const emailChannel = defineChannel({
  name: 'email',
  label: 'L’e-mail',
  fanOut: 'message',
  details: {
    /** Who receives them (NOTIFY_EMAIL, or the admin's e-mail); null when not known here. */
    recipient: z.string().nullable(),
  },
  configure({ setting, ownerEmail, publicUrl, transports }) {
    const smtpUrl = setting('SMTP_URL');
    if (!smtpUrl) return null;
    const from = setting('MAIL_FROM') || smtpAccountAddress(smtpUrl) || ownerEmail;
    const mailbox: Mailbox = { to: ownerEmail, from, publicUrl };
    // The embedded server refuses an unreadable SMTP_URL at start (config.ts); the function
    // reads a secret: the dashboard says it is unreadable, and the other channels still go.
    const transport: EmailTransport = readSmtpUrl(smtpUrl)
      ? transports.email({ smtpUrl, from })
      : {
          send: () => Promise.reject(new Error(SMTP_FAILURES.unreadableUrl())),
          describe: () => SMTP_FAILURES.unreadableUrl(),
          close() {},
        };
    return { transport, mailbox };
  },
  describe: (email) => ({ recipient: email?.mailbox.to ?? null }),
  deliver: (email, message) => deliverEmail(email.transport, message, email.mailbox),
  attemptName: () => 'l’envoi de l’e-mail',
  close: (email) => email.transport.close(),
});
