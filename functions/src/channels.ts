import type { Firestore } from 'firebase-admin/firestore';
import { formatDigestTime } from '../../shared/domain/leads/digest-time.ts';
import { digestTimeOf, ownerEmailOf } from '../../shared/domain/settings/effective.ts';
import { setUpChannels, type ChannelModule } from '../../shared/notifications/channel.ts';
import { nodeTransports } from '../../shared/node/transports.ts';
import { CHANNEL_PARAMETERS, NOTIFY_EMAIL, PUBLIC_URL, TEST_LOOPBACK_ENDPOINTS } from './params.ts';
import type { StoredSettings } from '../../shared/domain/settings/settings.ts';
import { readSettings } from './settings.ts';

const parameters: Partial<Record<string, { value(): string }>> = CHANNEL_PARAMETERS;

/**
 * These channels, set up at each run from the function's parameters and secrets and from
 * « Réglages » as saved now (`settings/current`): the owner's e-mails go to the address saved
 * there, NOTIFY_EMAIL until one is (ownerEmailOf, the embedded server's rule), and the status
 * shows the digest's time of « Réglages ».
 */
export async function channelsFromParameters(
  db: Firestore,
  channels: readonly ChannelModule[],
  /** « Réglages » already read for this run, not read a second time. */
  read?: StoredSettings,
) {
  const { settings } = read ?? (await readSettings(db));
  const configured = NOTIFY_EMAIL.value();
  const digestTime = digestTimeOf(settings);
  return setUpChannels(channels, {
    setting: (name) => parameters[name]?.value() || undefined,
    ownerEmail: configured,
    current: {
      ownerEmail: () => ownerEmailOf(settings, configured),
      digestTime: () => (digestTime === null ? null : formatDigestTime(digestTime)),
    },
    publicUrl: PUBLIC_URL.value(),
    transports: nodeTransports({
      // One run, one connection: nothing to keep open between events.
      pooledEmail: false,
      addresses: { allowLoopback: TEST_LOOPBACK_ENDPOINTS.value() === 'true' },
    }),
  });
}
