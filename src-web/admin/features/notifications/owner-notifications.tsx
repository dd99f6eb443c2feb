import { useCallback, useEffect, useState } from 'react';
import {
  failureText,
  type Backend,
  type OwnerNotifications as OwnerNotificationsPort,
} from '../../../../shared/backend/ports.ts';
import { TEST_EMAIL_INTERVAL_MS } from '../../../../shared/domain/constants.ts';
import {
  asSentence,
  NOTIFICATIONS_BLOCKED,
  PUSH_SERVICE_UNAVAILABLE,
} from '../../../../shared/domain/messages.ts';
import type { ChannelModule } from '../../../../shared/notifications/channel.ts';
import { NOTIFICATION_CHANNEL_REGISTRY } from '../../../../shared/notifications/registry.ts';
import { giveUpSpan } from '../../../../shared/notifications/retry-policy.ts';
import {
  channelFailing,
  type ChannelHealth,
  type NotificationStatus,
} from '../../../../shared/notifications/status.ts';
import { Icon } from '../../../components/icon.tsx';
import { applePushHelp } from './apple-push.ts';
import { ApplePushHelpBox } from './apple-push-help.tsx';
import { promptInstall, useInstallOffer } from './install-prompt.ts';
import {
  currentSubscription,
  pushSupported,
  PushPermissionError,
  sameKey,
  subscribeThisDevice,
  subscriptionJson,
} from './push-device.ts';

/** The health is read again this often while the dashboard is open. */
const REFRESH_MS = 60_000;

type DeviceState = 'unsupported' | 'checking' | 'off' | 'on' | 'denied' | 'busy';

function plural(count: number, one: string, many: string): string {
  return `${count} ${count > 1 ? many : one}`;
}

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });

const TEST_EMAIL_KEY = 'test-email-allowed-at';

/** When this tab may ask for another test e-mail (ms since 1970), 0 when it may now. */
function readTestEmailAllowedAt(): number {
  try {
    const at = Number(sessionStorage.getItem(TEST_EMAIL_KEY));
    return at > Date.now() ? at : 0;
  } catch {
    // No storage (prerendering, blocked): the server still refuses one too soon, in French.
    return 0;
  }
}

function saveTestEmailAllowedAt(at: number): number {
  try {
    sessionStorage.setItem(TEST_EMAIL_KEY, String(at));
  } catch {
    // Kept in memory only.
  }
  return at;
}

/** The e-mail and push notifications of the signed-in owner: state, test, this device. */
function useOwnerNotifications(port: OwnerNotificationsPort, push: boolean) {
  const [status, setStatus] = useState<NotificationStatus | null>(null);
  const [device, setDevice] = useState<DeviceState>(() =>
    push && pushSupported() ? 'checking' : 'unsupported',
  );
  const [feedback, setFeedback] = useState<{ ok: boolean; text: string } | null>(null);
  const [testing, setTesting] = useState(false);
  // After each test e-mail the button waits as long as the server would refuse another, a
  // reload of the page included.
  const [testAllowedAt, setTestAllowedAt] = useState(readTestEmailAllowedAt);
  const testCoolingDown = testAllowedAt > 0;
  useEffect(() => {
    if (testAllowedAt === 0) return;
    const timer = setTimeout(() => setTestAllowedAt(0), testAllowedAt - Date.now());
    return () => clearTimeout(timer);
  }, [testAllowedAt]);

  // A failed reading leaves the last one: the inbox reports a lost session itself.
  const refresh = useCallback(() => {
    port.status().then(setStatus, () => undefined);
  }, [port]);

  useEffect(() => {
    let active = true;
    const read = () =>
      port.status().then(
        (current) => active && setStatus(current),
        () => undefined,
      );
    void read();
    const timer = setInterval(() => void read(), REFRESH_MS);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, [port]);

  // A subscription this browser already has is saved again: the server may have lost it. One
  // made with another server key (the server's keys were replaced) can never be delivered:
  // it is dropped, and the device shows « off » so that the owner turns it on again.
  const publicKey = status?.push.publicKey;
  useEffect(() => {
    if (device !== 'checking' || publicKey === undefined) return;
    let cancelled = false;
    void (async () => {
      try {
        let subscription = await currentSubscription();
        if (subscription && publicKey !== null && !sameKey(subscription, publicKey)) {
          await port.removePushSubscription(subscription.endpoint);
          await subscription.unsubscribe();
          subscription = null;
        }
        if (subscription) await port.addPushSubscription(subscriptionJson(subscription));
        if (!cancelled) {
          setDevice(subscription ? 'on' : Notification.permission === 'denied' ? 'denied' : 'off');
        }
      } catch {
        if (!cancelled) setDevice('off');
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [device, port, publicKey]);

  const sendTest = async () => {
    if (!port.sendTestEmail) return;
    setTesting(true);
    setFeedback(null);
    try {
      const recipient = await port.sendTestEmail();
      setFeedback({
        ok: true,
        text: `E-mail de test envoyé à ${recipient} : vérifiez la boîte de réception (et les indésirables).`,
      });
    } catch (error) {
      setFeedback({ ok: false, text: `L’e-mail de test n’est pas parti : ${failureText(error)}` });
    } finally {
      setTesting(false);
      setTestAllowedAt(saveTestEmailAllowedAt(Date.now() + TEST_EMAIL_INTERVAL_MS));
      refresh();
    }
  };

  const turnOn = async () => {
    if (!status?.push.publicKey) return;
    setDevice('busy');
    setFeedback(null);
    try {
      const subscription = await subscribeThisDevice(status.push.publicKey);
      await port.addPushSubscription(subscriptionJson(subscription));
      setDevice('on');
      setFeedback({
        ok: true,
        text: 'Cet appareil recevra une notification pour chaque nouveau message.',
      });
    } catch (error) {
      if (error instanceof PushPermissionError) {
        setDevice(Notification.permission === 'denied' ? 'denied' : 'off');
        return;
      }
      setDevice('off');
      setFeedback({
        ok: false,
        text: `Les notifications n’ont pas pu être activées sur cet appareil : ${
          error instanceof Error && error.name !== 'BackendError'
            ? PUSH_SERVICE_UNAVAILABLE
            : failureText(error)
        }`,
      });
    }
    refresh();
  };

  const turnOff = async () => {
    setDevice('busy');
    setFeedback(null);
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        await port.removePushSubscription(subscription.endpoint);
        await subscription.unsubscribe();
      }
      setDevice('off');
    } catch (error) {
      setDevice('on');
      setFeedback({
        ok: false,
        text: `Impossible de couper les notifications : ${failureText(error)}`,
      });
    }
    refresh();
  };

  return { status, device, feedback, testing, testCoolingDown, sendTest, turnOn, turnOff };
}

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
      name !== 'email' && name !== 'push' && channel.enabled === true && channelFailing(channel),
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

export interface OwnerNotificationsProps {
  backend: Backend;
  /**
   * Offer push notifications on this device (the web dashboard). The desktop console shows
   * native notifications from its main process instead.
   */
  push: boolean;
}

/**
 * The owner's notifications, above the inbox: a warning when e-mails are failing (with the
 * reason in plain French), « Envoyer un e-mail de test », and « Recevoir les notifications
 * sur cet appareil ». Nothing where the backend has no notifications (the console's relay).
 */
export function OwnerNotifications({ backend, push }: OwnerNotificationsProps) {
  if (!backend.notifications) return null;
  return <OwnerNotificationsBar port={backend.notifications} push={push} />;
}

function OwnerNotificationsBar({ port, push }: { port: OwnerNotificationsPort; push: boolean }) {
  const { status, device, feedback, testing, testCoolingDown, sendTest, turnOn, turnOff } =
    useOwnerNotifications(port, push);
  // Where push cannot work on an iPhone or iPad, the dashboard says why and what to do.
  const [appleHelp] = useState(() =>
    push && typeof window !== 'undefined' ? applePushHelp() : null,
  );
  const install = useInstallOffer();
  if (!status) return null;
  const { email } = status;
  const failing = email.enabled && channelFailing(email);

  const testButton = email.enabled && port.sendTestEmail && (
    <button
      type="button"
      className="btn btn-outline-secondary btn-sm"
      onClick={() => void sendTest()}
      disabled={testing || testCoolingDown}
    >
      {testing ? (
        <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
      ) : (
        <Icon name="send" className="me-1" />
      )}
      Envoyer un e-mail de test
    </button>
  );

  return (
    <section
      aria-label="Notifications"
      className="owner-notifications mb-3"
      data-testid="owner-notifications"
    >
      {failing && (
        <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2" role="alert">
          <div className="me-auto">
            <strong>Les e-mails de notification ne partent plus.</strong>{' '}
            {email.lastError && (
              <>
                Dernière erreur ({dateTime.format(email.lastFailureAt ?? 0)}) :{' '}
                {email.lastError}{' '}
              </>
            )}
            {email.pending > 0 &&
              `${plural(email.pending, 'e-mail attend', 'e-mails attendent')} : nouvel essai automatique.`}
          </div>
          {testButton}
        </div>
      )}
      <ChannelWarnings status={status} channels={port.channels} />
      {email.failed > 0 && (
        <div className="alert alert-danger" role="alert">
          {plural(
            email.failed,
            'e-mail de notification abandonné',
            'e-mails de notification abandonnés',
          )}{' '}
          après {giveUpSpan(email.giveUpAfterMs)} d’erreurs. Les messages eux-mêmes sont bien ici,
          dans la boîte.
        </div>
      )}
      <div className="d-flex flex-wrap align-items-center gap-2 small">
        {!failing && (
          <span className="text-body-secondary me-1">
            <Icon name="envelope" className="me-1" />
            {email.enabled === null
              ? 'Notifications par e-mail : leurs réglages seront connus au premier message reçu.'
              : email.enabled
                ? `Chaque message est envoyé par e-mail${email.recipient ? ` à ${email.recipient}` : ''}.`
                : 'Notifications par e-mail désactivées (SMTP_URL non défini sur le serveur).'}
          </span>
        )}
        {!failing && testButton}
        {device === 'off' && status.push.publicKey && (
          <button
            type="button"
            className="btn btn-outline-primary btn-sm"
            onClick={() => void turnOn()}
          >
            <Icon name="bell" className="me-1" />
            Recevoir les notifications sur cet appareil
          </button>
        )}
        {device === 'busy' && (
          <button type="button" className="btn btn-outline-secondary btn-sm" disabled>
            <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
            Un instant…
          </button>
        )}
        {device === 'on' && (
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            onClick={() => void turnOff()}
          >
            <Icon name="bell-slash" className="me-1" />
            Ne plus recevoir les notifications sur cet appareil
          </button>
        )}
        {device === 'denied' && (
          <span className="text-body-secondary">{asSentence(NOTIFICATIONS_BLOCKED)}</span>
        )}
        {push && install.available && (
          <button
            type="button"
            className="btn btn-outline-primary btn-sm"
            onClick={() => void promptInstall()}
          >
            <Icon name="app-indicator" className="me-1" />
            Installer l’application
          </button>
        )}
      </div>
      {/* Said once the browser has installed it (the button has gone). */}
      <p
        className={`small mb-0 text-success-emphasis${install.installed ? ' mt-2' : ''}`}
        role="status"
      >
        {install.installed &&
          'Application installée : ouvrez la boîte de réception depuis son icône.'}
      </p>
      {appleHelp && <ApplePushHelpBox help={appleHelp} emailOn={email.enabled} />}
      {feedback && (
        <p
          className={`small mt-2 mb-0 ${feedback.ok ? 'text-success-emphasis' : 'text-danger-emphasis'}`}
          role="status"
        >
          {feedback.text}
        </p>
      )}
    </section>
  );
}
