import type { ChannelModule } from '../../../../shared/notifications/channel.ts';
import { emailChannel } from '../../../../shared/notifications/channels/email.ts';
import { pushChannel } from '../../../../shared/notifications/channels/push.ts';
import { NOTIFICATION_CHANNEL_REGISTRY } from '../../../../shared/notifications/registry.ts';
import {
  channelFailing,
  type ChannelHealth,
  type NotificationStatus,
} from '../../../../shared/notifications/status.ts';
import { dateTime, plural } from './status-text.ts';

/**
 * The channels this dashboard shows on their own (owner-notifications.tsx): e-mail's warning
 * has the test button, push is turned on per device. Every other channel of the registry gets
 * the common warning below.
 */
const OWN_WARNINGS: ReadonlySet<string> = new Set([emailChannel.name, pushChannel.name]);

/**
 * How the warnings name a channel: its module's French label; one the dashboard does not know
 * (a channel only the server registered) is « Le canal « nom » ».
 */
function channelLabel(name: string, channels: readonly ChannelModule[]): string {
  return channels.find((channel) => channel.name === name)?.label ?? `Le canal « ${name} »`;
}

/**
 * The channels other than e-mail (its own warning, with the test button) and push (per
 * device) that are on and failing: each gets the same warning.
 */
function otherChannels(status: NotificationStatus): [string, ChannelHealth][] {
  return Object.entries(status).filter(
    ([name, channel]) =>
      !OWN_WARNINGS.has(name) && channel.enabled === true && channelFailing(channel),
  );
}

/**
 * A warning for each channel other than e-mail and push that is on and failing, by its French
 * label, with its last error and what waits.
 */
export function ChannelWarnings({
  status,
  channels = NOTIFICATION_CHANNEL_REGISTRY,
}: {
  status: NotificationStatus;
  channels?: readonly ChannelModule[] | undefined;
}) {
  return otherChannels(status).map(([name, channel]) => (
    <div key={name} className="alert alert-warning" role="alert">
      <strong>{channelLabel(name, channels)} ne reçoit plus les messages.</strong>{' '}
      {channel.lastError && (
        <>
          Dernière erreur ({dateTime.format(channel.lastFailureAt ?? 0)}) : {channel.lastError}{' '}
        </>
      )}
      {channel.pending > 0 &&
        `${plural(channel.pending, 'message attend', 'messages attendent')} : nouvel essai automatique.`}
    </div>
  ));
}
