import type { ContactMessage } from '../../shared/domain/contact.ts';

/**
 * Decides which messages are news. The first list of each watch is what was already there
 * (no notification); after it, a message notifies once, the first time its id is seen. A
 * message delivered again (the full list on every change, a replay after a reconnection, a
 * new watch after signing in again) never notifies twice.
 */
export interface InboxTracker {
  /** Takes a full list (newest first); returns the new messages, oldest first. */
  receive(messages: readonly ContactMessage[]): ContactMessage[];
  /** A new watch starts: its first list is again what was already there. */
  restart(): void;
}

export function createInboxTracker(): InboxTracker {
  const known = new Set<string>();
  let baseline = true;
  return {
    receive(messages) {
      const fresh = messages.filter((message) => !known.has(message.id));
      for (const message of fresh) known.add(message.id);
      if (baseline) {
        baseline = false;
        return [];
      }
      return fresh.reverse();
    },
    restart() {
      baseline = true;
    },
  };
}
