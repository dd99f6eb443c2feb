import { z } from 'zod';
import { defineChannel, sendingCode } from '../channel.ts';
import { endpointHost } from '../endpoint-host.ts';

/**
 * A push to every browser the owner subscribed (Web Push, VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY; the embedded server makes a pair in DATA_DIR when they are not set).
 * Off without the pair.
 */
export const pushChannel = defineChannel({
  name: 'push',
  label: 'Les notifications push',
  fanOut: 'subscription',
  details: {
    /** The VAPID public key a browser subscribes with (base64url); null: no push here. */
    publicKey: z.string().nullable(),
    /** Browsers subscribed for the signed-in owner. */
    subscriptions: z.number().int(),
  },
  configure({ setting, ownerEmail, publicUrl, transports }) {
    const publicKey = setting('VAPID_PUBLIC_KEY');
    const privateKey = setting('VAPID_PRIVATE_KEY');
    if (!publicKey || !privateKey) return null;
    // The push services' contact for this sender. Apple's refuses a made-up address (an admin
    // at agence.localhost): the site's public https address is preferred.
    const subject = publicUrl.startsWith('https://') ? publicUrl : `mailto:${ownerEmail}`;
    return { transport: transports.push({ vapid: { publicKey, privateKey }, subject }), publicKey };
  },
  describe: (push) => ({ publicKey: push?.publicKey ?? null }),
  async deliver(push, notice, subscription) {
    if (!subscription) return { state: 'gone', reason: 'abonnement supprimé' };
    return (await sendingCode()).deliverPush(push.transport, subscription, notice);
  },
  attemptName: (_push, subscription) =>
    subscription
      ? `le service de notifications ${endpointHost(subscription.endpoint)}`
      : 'le service de notifications',
});
