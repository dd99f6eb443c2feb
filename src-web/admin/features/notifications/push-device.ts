import { NOTIFICATIONS_BLOCKED } from '../../../../shared/domain/messages.ts';
import {
  SERVICE_WORKER_PATH,
  SERVICE_WORKER_SCOPE,
} from '../../../../shared/notifications/push-payload.ts';
import {
  pushSubscriptionSchema,
  type PushSubscriptionJson,
} from '../../../../shared/notifications/status.ts';

/**
 * This browser's push subscription (Push API with VAPID). The service worker is registered
 * only here, from the dashboard, on the dashboard's scope.
 */

/** Push notifications work in this browser (not in the desktop console, not in old Safari). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The owner refused (or blocked) notifications for this site. */
export class PushPermissionError extends Error {
  constructor() {
    super(NOTIFICATIONS_BLOCKED);
    this.name = 'PushPermissionError';
  }
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

/** Whether the subscription was made with this server key (the server may have a new one). */
export function sameKey(subscription: PushSubscription, publicKey: string): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const expected = keyBytes(publicKey);
  const bytes = new Uint8Array(current);
  return bytes.length === expected.length && bytes.every((byte, index) => byte === expected[index]);
}

export function subscriptionJson(subscription: PushSubscription): PushSubscriptionJson {
  return pushSubscriptionSchema.parse(subscription.toJSON());
}

/** The subscription this browser already has for the dashboard, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_SCOPE);
  return registration ? registration.pushManager.getSubscription() : null;
}

async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_PATH, {
    scope: SERVICE_WORKER_SCOPE,
  });
  const worker = registration.installing ?? registration.waiting;
  if (worker && !registration.active) {
    await new Promise<void>((resolve) => {
      worker.addEventListener('statechange', () => {
        if (worker.state === 'activated' || worker.state === 'redundant') resolve();
      });
    });
  }
  return registration;
}

/**
 * Asks for the permission (the owner just clicked), registers the service worker and
 * subscribes with the server's VAPID key; a subscription made with another key is replaced.
 */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionError();
  const registration = await activeRegistration();
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing, publicKey)) return existing;
  await existing?.unsubscribe();
  return registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
}
