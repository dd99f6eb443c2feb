/**
 * The Cloud Functions as functions/src/index.ts exports them, with one more channel that
 * exists only in the tests (« pigeon », tests/fixtures/pigeon-channel.ts), registered in one
 * line: cloud-function.test.ts builds and runs this entry on the emulators. The pigeon stays
 * in its loft for a message about a storm (« orage »), and delivers the others.
 */
import { NOTIFICATION_CHANNEL_REGISTRY } from '../../shared/notifications/registry.ts';
import { notifyOwnerFunction } from '../../functions/src/notify-function.ts';
import { notifyOwnerOfQuoteAnswerFunction } from '../../functions/src/quote-link.ts';
import { PIGEON_GROUNDED, pigeonChannel } from '../fixtures/pigeon-channel.ts';

const pigeon = pigeonChannel(async (message) =>
  /orage/i.test(message.subject) ? { state: 'error', error: PIGEON_GROUNDED } : { state: 'sent' },
);

export const notifyOwnerOfNewMessage = notifyOwnerFunction([
  ...NOTIFICATION_CHANNEL_REGISTRY,
  pigeon,
]);

/** The owner's notice of a client's answer to a quote, on the registry's channels. */
export const notifyOwnerOfQuoteAnswer = notifyOwnerOfQuoteAnswerFunction(
  NOTIFICATION_CHANNEL_REGISTRY,
);
