import { emailChannel } from './channels/email.ts';
import { pushChannel } from './channels/push.ts';
import { webhookChannel } from './channels/webhook.ts';

/**
 * The registry of the channels that tell the owner about a new message: one line per channel
 * module (channel.ts). Both backends send on these, in this order, and the dashboard's status,
 * its schema and its warnings are derived from it (docs/inbox.md, « Ajouter un canal »).
 */
export const NOTIFICATION_CHANNEL_REGISTRY = [emailChannel, pushChannel, webhookChannel] as const;
