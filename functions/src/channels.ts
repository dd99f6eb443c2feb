import { setUpChannels, type ChannelModule } from '../../shared/notifications/channel.ts';
import { nodeTransports } from '../../shared/node/transports.ts';
import { CHANNEL_PARAMETERS, NOTIFY_EMAIL, PUBLIC_URL, TEST_LOOPBACK_ENDPOINTS } from './params.ts';

const parameters: Partial<Record<string, { value(): string }>> = CHANNEL_PARAMETERS;

/** These channels, set up from the function's parameters and secrets (at each run). */
export function channelsFromParameters(channels: readonly ChannelModule[]) {
  return setUpChannels(channels, {
    setting: (name) => parameters[name]?.value() || undefined,
    ownerEmail: NOTIFY_EMAIL.value(),
    publicUrl: PUBLIC_URL.value(),
    transports: nodeTransports({
      // One run, one connection: nothing to keep open between events.
      pooledEmail: false,
      addresses: { allowLoopback: TEST_LOOPBACK_ENDPOINTS.value() === 'true' },
    }),
  });
}
