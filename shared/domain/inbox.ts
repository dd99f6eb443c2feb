import type { ContactMessage } from './contact.ts';

/**
 * One change of the inbox. A watch hands over the whole list once, then only these: a new
 * message, a message whose fields changed (its read flag, or the server's time that Firestore
 * had not yet set), a message deleted.
 */
export type InboxChange =
  | { type: 'added'; message: ContactMessage }
  | { type: 'changed'; message: ContactMessage }
  | { type: 'removed'; id: string };

// A message without a time yet has just been sent: it counts as the newest.
const rank = (message: ContactMessage) => message.receivedAt ?? Number.POSITIVE_INFINITY;

/** Where a message goes in a list kept newest first: before the first one not newer. */
function insertNewestFirst(messages: ContactMessage[], message: ContactMessage): void {
  const at = messages.findIndex((other) => rank(other) <= rank(message));
  messages.splice(at === -1 ? messages.length : at, 0, message);
}

/**
 * The list after these changes, newest first. Unchanged messages stay the same objects (the
 * dashboard caches what it derives from each one). A new message usually goes first, so the
 * search for its place stops at once even in a large inbox.
 */
export function applyInboxChanges(
  messages: readonly ContactMessage[],
  changes: readonly InboxChange[],
): ContactMessage[] {
  const next = [...messages];
  const removed = new Set<string>();
  for (const change of changes) {
    if (change.type === 'removed') {
      removed.add(change.id);
      continue;
    }
    const { message } = change;
    const index = change.type === 'changed' ? next.findIndex((m) => m.id === message.id) : -1;
    const previous = next[index];
    if (previous && previous.receivedAt === message.receivedAt) {
      next[index] = message;
      continue;
    }
    // New, or its time changed: it may belong elsewhere in the list.
    if (previous) next.splice(index, 1);
    insertNewestFirst(next, message);
  }
  return removed.size === 0 ? next : next.filter((message) => !removed.has(message.id));
}
