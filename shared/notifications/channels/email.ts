import { z } from 'zod';
import { formatDigestTime, parseDigestTime } from '../../domain/leads/digest-time.ts';
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
  // The daily digest is an e-mail (docs/inbox.md, « Le résumé quotidien »).
  digest: true,
  details: {
    /** Who receives them (NOTIFY_EMAIL, or the admin's e-mail); null when not known here. */
    recipient: z.string().nullable(),
    /**
     * When the daily digest goes out, Algiers time (« 08:00 », DIGEST_TIME); null when it is
     * off (or e-mail is).
     */
    digestTime: z.string().nullable(),
  },
  streakLines: {
    failing: (lastError) =>
      `E-mails de notification en échec : ${lastError} Les e-mails attendent et seront réessayés ; la prochaine ligne dira leur retour.`,
    restored: 'E-mails de notification rétablis : ceux qui attendaient partent.',
  },
  configure({ setting, ownerEmail, publicUrl, transports, current }) {
    const smtpUrl = setting('SMTP_URL');
    if (!smtpUrl) return null;
    const from = setting('MAIL_FROM') || smtpAccountAddress(smtpUrl) || ownerEmail;
    // « Réglages » is read at each e-mail: the address saved there receives the next one.
    const mailbox: Mailbox = {
      get to() {
        return current?.ownerEmail() ?? ownerEmail;
      },
      from,
      publicUrl,
    };
    // The backends check the setting at start; a time they could not read counts as the default.
    const digest = parseDigestTime(setting('DIGEST_TIME'));
    const configured = digest === null ? null : formatDigestTime(digest ?? { hour: 8, minute: 0 });
    const digestTime = () => (current ? current.digestTime() : configured);
    return { transport: transports.email({ smtpUrl, from }), mailbox, digestTime };
  },
  describe: (email) => ({
    recipient: email?.mailbox.to ?? null,
    digestTime: email?.digestTime() ?? null,
  }),
  deliver: async (email, notice) =>
    (await sendingCode()).deliverEmail(email.transport, notice, email.mailbox),
  attemptName: () => 'l’envoi de l’e-mail',
  close: (email) => email.transport.close(),
});
