import type { Backend } from '../../../shared/backend/ports.ts';
import type { ContactMessage } from '../../../shared/domain/contact.ts';
import { applyInboxChanges } from '../../../shared/domain/inbox.ts';
import type { InboxSnapshot, InboxUpdate } from '../../../shared/ipc/contract.ts';
import { createInboxTracker } from '../inbox-tracker.ts';
import type { EmitEvent } from '../ipc/renderer-events.ts';
import { toIpcError } from './connection.ts';

export interface InboxWatchOptions {
  emit: EmitEvent;
  /** Shows the native notification of a new message. */
  notify: (message: ContactMessage) => void;
  /** Shows the unread count (badge, tray, overlay). */
  setUnread: (count: number) => void;
  /** Whether the owner has the inbox in front of them (window focused, dashboard shown). */
  isLookingAtInbox: () => boolean;
  /** The inbox changed (its list or its messages): the reminders look again. */
  onChange: () => void;
  /** After a failure that ended the watch, `rewatchDelayMs` later: watch this backend again. */
  rewatch: (source: Backend) => void;
  rewatchDelayMs: number;
  log: (message: string) => void;
}

/** No list: signed out, or a watch starting. */
const IDLE = { messages: null, status: 'connecting', error: null } as const;

type WithoutRevision<U> = U extends unknown ? Omit<U, 'revision'> : never;
/** An update before the main process numbers it. */
type UnnumberedUpdate = WithoutRevision<InboxUpdate>;

/**
 * The realtime inbox in the main process: its copy, sent to the window as numbered updates
 * (`inbox:update`), and the new messages, which notify and count as unread until the owner
 * looks at the inbox.
 */
export function createInboxWatch(options: InboxWatchOptions) {
  const tracker = createInboxTracker();
  let inbox: InboxSnapshot = { revision: 0, ...IDLE };
  let stopWatch: (() => void) | null = null;
  let rewatchTimer: ReturnType<typeof setTimeout> | undefined;
  // The messages notified since the owner last looked at the inbox, and still unread there.
  const unread = new Set<string>();

  /** Applies an update to the main process's copy of the inbox and sends it to the renderer. */
  const publish = (change: UnnumberedUpdate) => {
    const revision = inbox.revision + 1;
    switch (change.kind) {
      case 'reset':
        inbox = { revision, messages: change.messages, status: change.status, error: change.error };
        break;
      case 'changes':
        inbox = {
          ...inbox,
          revision,
          messages: applyInboxChanges(inbox.messages ?? [], change.changes),
        };
        break;
      case 'status':
        inbox = { ...inbox, revision, status: change.status, error: change.error };
        break;
    }
    options.emit('inbox:update', { ...change, revision });
  };

  const isIdle = () => inbox.messages === null && inbox.status === 'connecting' && !inbox.error;

  /** New messages notify, unless the owner is looking at the inbox already. */
  const announce = (fresh: ContactMessage[]) => {
    if (fresh.length === 0 || options.isLookingAtInbox()) return;
    for (const message of fresh) {
      options.notify(message);
      unread.add(message.id);
    }
    options.setUnread(unread.size);
  };

  const clearUnread = () => {
    if (unread.size === 0) return;
    unread.clear();
    options.setUnread(0);
  };

  /** A message deleted, or marked read elsewhere (the browser's dashboard), no longer counts. */
  const forget = (ids: Iterable<string>) => {
    const before = unread.size;
    for (const id of ids) unread.delete(id);
    if (unread.size !== before) options.setUnread(unread.size);
  };

  return {
    /** A new watch is about to start: its first list is what was already there. */
    restart(): void {
      tracker.restart();
      publish({ kind: 'reset', ...IDLE });
    },

    /** Watches this backend's messages (after `restart`). */
    watch(source: Backend): void {
      stopWatch = source.messages.watch({
        snapshot: (messages) => {
          const fresh = tracker.snapshot(messages);
          const present = new Map(messages.map((message) => [message.id, message]));
          forget([...unread].filter((id) => present.get(id)?.read !== false));
          publish({ kind: 'reset', messages, status: inbox.status, error: null });
          announce(fresh);
          options.onChange();
        },
        changes: (changes) => {
          const added = changes.flatMap((change) =>
            change.type === 'added' ? [change.message] : [],
          );
          const fresh = tracker.added(added);
          forget(
            changes.flatMap((change) => {
              if (change.type === 'removed') return [change.id];
              return change.type === 'changed' && change.message.read ? [change.message.id] : [];
            }),
          );
          publish({ kind: 'changes', changes });
          announce(fresh);
          options.onChange();
        },
        status: (status) => publish({ kind: 'status', status, error: inbox.error }),
        error: (error) => {
          stopWatch = null;
          publish({ kind: 'status', status: inbox.status, error: toIpcError(error) });
          if (error.code === 'unauthorized') return;
          options.log(`Boîte de réception interrompue (${error.code}) : nouvel essai bientôt.`);
          rewatchTimer = setTimeout(() => {
            rewatchTimer = undefined;
            options.rewatch(source);
          }, options.rewatchDelayMs);
        },
      });
    },

    /** Stops watching (and waiting to watch again). */
    stop(): void {
      if (rewatchTimer !== undefined) clearTimeout(rewatchTimer);
      rewatchTimer = undefined;
      stopWatch?.();
      stopWatch = null;
    },

    /** Whether it watches, or waits to watch again after a failure. */
    get watching(): boolean {
      return stopWatch !== null || rewatchTimer !== undefined;
    },

    /** No list any more (signed out), unless there is none already. */
    reset(): void {
      if (!isIdle()) publish({ kind: 'reset', ...IDLE });
    },

    clearUnread,

    snapshot: (): InboxSnapshot => inbox,

    get unread(): number {
      return unread.size;
    },

    /** Call whenever what the owner sees may have changed: clears the unread count if so. */
    refreshSeen(): void {
      if (unread.size > 0 && options.isLookingAtInbox()) clearUnread();
    },
  };
}

export type InboxWatch = ReturnType<typeof createInboxWatch>;
