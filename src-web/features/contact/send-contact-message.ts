import { HONEYPOT_FIELD, type ContactInput } from '../../../shared/domain/contact.ts';

export type SendResult =
  { ok: true } | { ok: false; detail: string; fields?: Record<string, string> };

/** Sends a validated message through the configured backend. */
export async function sendContactMessage(values: ContactInput): Promise<SendResult> {
  // Only robots fill the hidden field: let them believe it worked, store nothing.
  if (values[HONEYPOT_FIELD]) return { ok: true };
  return { ok: false, detail: 'l’envoi n’est pas encore disponible.' };
}
