import { z } from 'zod';
import { defineChannel, sendingCode } from '../channel.ts';
import type { Mailbox } from '../delivery.ts';
import { smtpAccountAddress } from '../smtp-url.ts';

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
  streakLines: {
    failing: (lastError) =>
      `E-mails de notification en échec : ${lastError} Les e-mails attendent et seront réessayés ; la prochaine ligne dira leur retour.`,
    restored: 'E-mails de notification rétablis : ceux qui attendaient partent.',
  },
  configure({ setting, ownerEmail, publicUrl, transports }) {
    const smtpUrl = setting('SMTP_URL');
    if (!smtpUrl) return null;
    const from = setting('MAIL_FROM') || smtpAccountAddress(smtpUrl) || ownerEmail;
    const mailbox: Mailbox = { to: ownerEmail, from, publicUrl };
    return { transport: transports.email({ smtpUrl, from }), mailbox };
  },
  describe: (email) => ({ recipient: email?.mailbox.to ?? null }),
  deliver: async (email, message) =>
    (await sendingCode()).deliverEmail(email.transport, message, email.mailbox),
  attemptName: () => 'l’envoi de l’e-mail',
  close: (email) => email.transport.close(),
});
