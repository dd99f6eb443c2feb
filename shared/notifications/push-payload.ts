import type { ContactMessage } from '../domain/contact.ts';
import { ROUTES } from '../domain/routes.ts';

/**
 * The push notification of a new message, written once for both backends (sent with
 * web-push by the embedded server's outbox and by the Cloud Function) and read by the
 * dashboard's service worker. Kept apart from the e-mail so that the service worker does not
 * bundle the phone-number library.
 */

/**
 * The dashboard's service worker (built from src-web/service-worker) and its scope: the
 * dashboard only, so that no public page is ever under it.
 */
export const SERVICE_WORKER_PATH = '/admin-sw.js';
export const SERVICE_WORKER_SCOPE = ROUTES.dashboard;

/** The query parameter of the dashboard's address that opens one message. */
export const OPEN_MESSAGE_PARAM = 'message';

/** What the service worker posts to an open dashboard when its notification is clicked. */
export interface OpenMessageRequest {
  type: 'open-message';
  id: string;
}

/** The dashboard's address that opens this message, relative to the site (`/pageDashboard?…`). */
export function messagePath(messageId: string): string {
  return `${ROUTES.dashboard}?${OPEN_MESSAGE_PARAM}=${encodeURIComponent(messageId)}`;
}

/** What the service worker shows for a push: the sender, the subject, where a click goes. */
export interface PushPayload {
  title: string;
  body: string;
  /** Relative to the site: the dashboard with this message open. */
  url: string;
  /** One notification per message: a repeat replaces it rather than adding another. */
  tag: string;
}

/** Push services take 4 KiB at most, encryption included: the body stays well under. */
const PUSH_BODY_MAX = 400;

export function composePushPayload(message: ContactMessage): PushPayload {
  // « AR » or « FR » first, as the dashboard marks it: the language shows even when cut short.
  const body = `${message.language.toUpperCase()} · ${message.service} · ${message.subject}`;
  return {
    title: `Nouveau message de ${message.fullName}`,
    body: body.length > PUSH_BODY_MAX ? `${body.slice(0, PUSH_BODY_MAX - 1)}…` : body,
    url: messagePath(message.id),
    tag: message.id,
  };
}

/** Reads a payload back (in the service worker); null when it is not one of ours. */
export function parsePushPayload(value: unknown): PushPayload | null {
  if (typeof value !== 'object' || value === null) return null;
  const { title, body, url, tag } = value as Record<string, unknown>;
  if (
    typeof title !== 'string' ||
    typeof body !== 'string' ||
    typeof url !== 'string' ||
    typeof tag !== 'string' ||
    // Only a path of this site: never another site's address.
    !url.startsWith('/') ||
    url.startsWith('//')
  ) {
    return null;
  }
  return { title, body, url, tag };
}
