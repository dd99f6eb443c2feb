/// <reference lib="webworker" />
/**
 * The owner's service worker, registered by the dashboard only (scope /pageDashboard): it
 * shows the push notification of each new message and opens that message when the
 * notification is clicked. It handles nothing else — no fetch, no cache: public pages, and
 * the dashboard itself, load exactly as without it.
 */
import { isPrivateRoute, ROUTES } from '../../../shared/domain/routes.ts';
import {
  OPEN_MESSAGE_PARAM,
  parsePushPayload,
  type OpenMessageRequest,
  type PushPayload,
} from '../../../shared/notifications/push-payload.ts';

declare const self: ServiceWorkerGlobalScope;

/** When a push carries nothing readable, the owner is still told to look. */
const FALLBACK: PushPayload = {
  title: 'Nouveau message',
  body: 'Un visiteur a envoyé un message depuis le site.',
  url: ROUTES.dashboard,
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

/**
 * A window's address as the worker sees it is the one its document was opened at: the login
 * page or the dashboard, whichever the private screens moved to since, without reloading.
 */
function privateScreen(client: WindowClient): string | null {
  const { pathname } = new URL(client.url);
  return isPrivateRoute(pathname) ? pathname : null;
}

async function openMessage(payload: PushPayload): Promise<void> {
  const target = new URL(payload.url, self.location.origin);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open =
    windows.find((client) => privateScreen(client) === ROUTES.dashboard) ??
    windows.find((client) => privateScreen(client) !== null);
  if (open) {
    // The private screens are open: they go to the message in place, without reloading.
    const request: OpenMessageRequest = {
      type: 'open-message',
      id: target.searchParams.get(OPEN_MESSAGE_PARAM) ?? '',
    };
    open.postMessage(request);
    await open.focus().catch(() => undefined);
    return;
  }
  await self.clients.openWindow(target.href);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const payload = parsePushPayload(event.notification.data) ?? FALLBACK;
  event.waitUntil(openMessage(payload));
});
