import { isBackendError, type Backend } from '../../../../shared/backend/ports.ts';
import { FAILURES } from '../../../../shared/domain/messages.ts';
import type { ContactFormValues } from '../../../../shared/domain/contact.ts';
import type { ContactFormText } from './contact-form-text.ts';

export type SendResult =
  { ok: true } | { ok: false; detail: string; fields?: Record<string, string> };

/**
 * Sends the visitor's message as typed; the backend validates it again and stores it. The
 * result is `ok` only once the message is stored for good. A failure is told in the form's
 * language (`text`): in French, the backend's own message.
 */
export async function sendContactMessage(
  loadBackend: () => Promise<Backend>,
  values: ContactFormValues,
  text: ContactFormText,
): Promise<SendResult> {
  try {
    const backend = await loadBackend();
    await backend.messages.send(values);
    return { ok: true };
  } catch (error) {
    if (isBackendError(error)) {
      const detail =
        text.failures === FAILURES
          ? error.message
          : error.code === 'rate-limited'
            ? text.rateLimited(error.retryAfterSeconds)
            : text.failures[error.code];
      return error.fields ? { ok: false, detail, fields: error.fields } : { ok: false, detail };
    }
    // The backend's code itself could not load (offline after the page was opened).
    return { ok: false, detail: text.failures.network };
  }
}
