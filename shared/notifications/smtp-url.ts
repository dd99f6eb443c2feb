import { z } from 'zod';

/**
 * SMTP_URL read: `smtp://` (STARTTLS when the server offers it, port 587 by default) or
 * `smtps://` (TLS from the start, port 465 by default), the account's user name and password
 * in the address. Null when it is no such address, or when its credentials cannot be decoded
 * (a bare « % » in the password). Never throws: Node's error would repeat the whole address,
 * password included.
 */
export function readSmtpUrl(smtpUrl: string): URL | null {
  try {
    const url = new URL(smtpUrl);
    decodeURIComponent(url.username);
    decodeURIComponent(url.password);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== ''
      ? url
      : null;
  } catch {
    return null;
  }
}

/**
 * The SMTP account's user name when it is an e-mail address: the sender to use without
 * MAIL_FROM, as most mail services refuse any other.
 */
export function smtpAccountAddress(smtpUrl: string): string | undefined {
  const url = readSmtpUrl(smtpUrl);
  const user = url ? decodeURIComponent(url.username) : '';
  return z.email().safeParse(user).success ? user : undefined;
}
