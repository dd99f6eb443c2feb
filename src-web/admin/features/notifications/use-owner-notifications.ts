import { useCallback, useEffect, useState } from 'react';
import {
  failureText,
  type OwnerNotifications as OwnerNotificationsPort,
} from '../../../../shared/backend/ports.ts';
import { TEST_EMAIL_INTERVAL_MS } from '../../../../shared/domain/constants.ts';
import { PUSH_SERVICE_UNAVAILABLE } from '../../../../shared/domain/messages.ts';
import { pushChannel } from '../../../../shared/notifications/channels/push.ts';
import type { NotificationStatus } from '../../../../shared/notifications/status.ts';
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

export type DeviceState = 'unsupported' | 'checking' | 'off' | 'on' | 'denied' | 'busy';

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
export function useOwnerNotifications(port: OwnerNotificationsPort, push: boolean) {
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
  const publicKey = status?.[pushChannel.name].publicKey;
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
    const key = status?.[pushChannel.name].publicKey;
    if (!key) return;
    setDevice('busy');
    setFeedback(null);
    try {
      const subscription = await subscribeThisDevice(key);
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
