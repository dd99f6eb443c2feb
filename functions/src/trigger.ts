import type { SecretParam } from 'firebase-functions/params';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { contactFromDocument, notifyOwner, type NotifyOwnerDeps } from './notify-owner.ts';

/**
 * The trigger on each new `contacts` document: e-mail and push to the owner. With
 * `retry: true`, Cloud Functions runs it again after a failure (an SMTP server down), with
 * its own back-off, until notifyOwner gives up after 23 hours (Cloud Functions retries for 24 at most); the Message-ID stays the same.
 */
export function notifyOwnerTrigger(deps: () => NotifyOwnerDeps, secrets: SecretParam[] = []) {
  return onDocumentCreated(
    { document: 'contacts/{contactId}', secrets, retry: true, region: 'europe-west1' },
    async (event) => {
      const data = event.data?.data();
      const message = data ? contactFromDocument(event.params.contactId, data) : null;
      if (!message) return;
      await notifyOwner(message, Date.parse(event.time), Date.now(), deps());
    },
  );
}
