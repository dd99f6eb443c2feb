import { isBackendError, type Backend } from '../../../shared/backend/ports.ts';
import { FAILURES } from '../../../shared/domain/messages.ts';
import type { ContactFormValues } from '../../../shared/domain/contact.ts';

export type SendResult =
  { ok: true } | { ok: false; detail: string; fields?: Record<string, string> };

/**
 * Sends the visitor's message as typed; the backend validates it again and stores it. The
 * result is `ok` only once the message is stored for good.
 */
export async function sendContactMessage(
  loadBackend: () => Promise<Backend>,
  values: ContactFormValues,
): Promise<SendResult> {
  try {
    const backend = await loadBackend();
    await backend.messages.send(values);
    return { ok: true };
  } catch (error) {
    if (isBackendError(error)) {
      return error.fields
        ? { ok: false, detail: error.message, fields: error.fields }
        : { ok: false, detail: error.message };
    }
    // The backend's code itself could not load (offline after the page was opened).
    return { ok: false, detail: FAILURES.network };
  }
}
