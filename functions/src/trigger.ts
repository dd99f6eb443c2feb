import type { SecretParam } from 'firebase-functions/params';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import {
  CONTACTS_COLLECTION,
  toContactMessage,
} from '../../shared/backend/firebase/contact-documents.ts';
import { isFromTheSite } from '../../shared/domain/leads/new-contact.ts';
import { CHANNEL_DEADLINE_MS, notifyOwner, type NotifyOwnerDeps } from './notify-owner.ts';
import { systemClock, type FunctionClock } from './clock.ts';

/**
 * How long one run may last. The channels go at the same time, each bounded by
 * CHANNEL_DEADLINE_MS (2 minutes: the e-mail's 30 s to connect, 30 s for the greeting and
 * 60 s of silence; a webhook or a push service gets 30 s of silence); a minute more covers
 * the Firestore reads and writes around them. Cloud Functions' default, 60 s, cut a slow SMTP
 * server short before its own timeouts could say what was wrong, and before the health was
 * written.
 */
export const FUNCTION_TIMEOUT_SECONDS = CHANNEL_DEADLINE_MS / 1000 + 60;

/**
 * The trigger on each new `contacts` document: e-mail, webhook and push to the owner. With
 * `retry: true`, Cloud Functions runs it again after a failure (an SMTP server down), with
 * its own back-off, until notifyOwner gives up after 23 hours (Cloud Functions retries for 24
 * at most); the Message-ID stays the same.
 */
export function notifyOwnerTrigger(
  deps: () => NotifyOwnerDeps | Promise<NotifyOwnerDeps>,
  secrets: SecretParam[] = [],
  clock: FunctionClock = systemClock,
) {
  return onDocumentCreated(
    {
      document: `${CONTACTS_COLLECTION}/{contactId}`,
      secrets,
      retry: true,
      region: 'europe-west1',
      timeoutSeconds: FUNCTION_TIMEOUT_SECONDS,
    },
    async (event) => {
      const data = event.data?.data();
      // Read with the schema the dashboard reads it with (shared/domain/contact.ts).
      const message = data ? toContactMessage({ id: event.params.contactId, data }) : null;
      // A lead the owner typed in (« Nouveau contact ») is not news to them: nothing is sent.
      if (!message || !isFromTheSite(message)) return;
      await notifyOwner(message, Date.parse(event.time), await clock(), await deps());
    },
  );
}
