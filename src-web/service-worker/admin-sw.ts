/// <reference lib="webworker" />
/**
 * The owner's service worker, registered by the dashboard only (scope /pageDashboard): it
 * shows the push notification of each new message and opens that message when the
 * notification is clicked. It handles nothing else — no fetch, no cache: public pages, and
 * the dashboard itself, load exactly as without it.
 */
import {
  OPEN_MESSAGE_PARAM,
  parsePushPayload,
  type OpenMessageRequest,
  type PushPayload,
} from '../../shared/notifications/push-payload.ts';

declare const self: ServiceWorkerGlobalScope;

/** When a push carries nothing readable, the owner is still told to look. */
const FALLBACK: PushPayload = {
  title: 'Nouveau message',
  body: 'Un visiteur a envoyé un message depuis le site.',
  url: '/pageDashboard',
  tag: 'nouveau-message',
};

function payloadOf(event: PushEvent): PushPayload {
  try {
    return parsePushPayload(event.data?.json()) ?? FALLBACK;
  } catch {
    return FALLBACK;
  }
}

self.addEventListener('push', (event) => {
  const payload = payloadOf(event);
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      icon: '/img/icon-192.png',
      badge: '/favicon.svg',
      lang: 'fr',
      data: payload,
    }),
  );
});

async function openMessage(payload: PushPayload): Promise<void> {
  const target = new URL(payload.url, self.location.origin);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const dashboard = windows.find((client) => new URL(client.url).pathname === target.pathname);
  if (dashboard) {
    // The dashboard is open: it opens the message in place, without reloading.
    const request: OpenMessageRequest = {
      type: 'open-message',
      id: target.searchParams.get(OPEN_MESSAGE_PARAM) ?? '',
    };
    dashboard.postMessage(request);
    await dashboard.focus().catch(() => undefined);
    return;
  }
  await self.clients.openWindow(target.href);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const payload = parsePushPayload(event.notification.data) ?? FALLBACK;
  event.waitUntil(openMessage(payload));
});
