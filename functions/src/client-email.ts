import type { Firestore } from 'firebase-admin/firestore';
import { ownerEmailOf } from '../../shared/domain/settings/effective.ts';
import type { OutgoingEmail } from '../../shared/notifications/delivery.ts';
import { smtpAccountAddress } from '../../shared/notifications/smtp-url.ts';
import { createEmailTransport } from '../../shared/node/email-transport.ts';
import { MAIL_FROM, NOTIFY_EMAIL, SMTP_URL } from './params.ts';
import { readSettings } from './settings.ts';

/** Why no e-mail can leave: SMTP_URL (or a sender) is not set. */
export const NO_SMTP = 'L’envoi d’e-mails n’est pas configuré (SMTP_URL).';

/**
 * A document's e-mail to its client (a quote's or an invoice's link), sent through SMTP_URL from
 * MAIL_FROM (else the SMTP account, else NOTIFY_EMAIL), Reply-To the owner's address of
 * « Réglages » (NOTIFY_EMAIL until saved). The function that calls it declares SMTP_URL among
 * its secrets. Answers what became of it: sent, or why not in French (`configured` false when
 * nothing could be tried).
 */
export async function emailClient(
  db: Firestore,
  compose: (owner: string | null) => OutgoingEmail,
): Promise<{ sent: true } | { sent: false; configured: boolean; error: string }> {
  const smtpUrl = SMTP_URL.value();
  const from =
    MAIL_FROM.value() ||
    (smtpUrl ? smtpAccountAddress(smtpUrl) : undefined) ||
    NOTIFY_EMAIL.value();
  if (!smtpUrl || !from) return { sent: false, configured: false, error: NO_SMTP };
  const owner = ownerEmailOf((await readSettings(db)).settings, NOTIFY_EMAIL.value()) || null;
  const transport = createEmailTransport({ smtpUrl, from, pooled: false });
  try {
    await transport.send(compose(owner));
    return { sent: true };
  } catch (error) {
    return { sent: false, configured: true, error: transport.describe(error) };
  } finally {
    transport.close();
  }
}
