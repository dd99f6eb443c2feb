import type { ContactMessage } from '../../shared/domain/contact.ts';
import { isFromTheSite } from '../../shared/domain/leads/new-contact.ts';

/**
 * Decides which messages are news. The first list of each watch is what was already there
 * (no notification); after it, a message notifies once, the first time its id is seen. A
 * message seen again (in a new list after the watch started over, or after signing in
 * again) never notifies twice.
 */
export interface InboxTracker {
  /** Takes a whole list (newest first); returns the messages that are news, oldest first. */
  snapshot(messages: readonly ContactMessage[]): ContactMessage[];
  /** Takes new messages; returns those that are news, oldest first. */
  added(messages: readonly ContactMessage[]): ContactMessage[];
  /** A new watch starts: its first list is again what was already there. */
  restart(): void;
}

export function createInboxTracker(): InboxTracker {
  const known = new Set<string>();
  let baseline = true;
  const news = (messages: readonly ContactMessage[]) => {
    const fresh = messages.filter((message) => !known.has(message.id));
    for (const message of fresh) known.add(message.id);
    // A lead the owner typed in (« Nouveau contact ») is not news to them.
    return fresh.filter(isFromTheSite);
  };
  return {
    snapshot(messages) {
      const fresh = news(messages);
      if (baseline) {
        baseline = false;
        return [];
      }
      return fresh.reverse();
    },
    added: (messages) => news(messages),
    restart() {
      baseline = true;
    },
  };
}
