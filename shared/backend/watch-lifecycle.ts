import type { ContactMessage } from '../domain/contact.ts';
import type { InboxChange } from '../domain/inbox.ts';
import type { BackendError, WatchStatus } from './ports.ts';

/** What a watch reports to: the whole list once, then changes (messages, or leads). */
export interface WatchObserver<Item, Change> {
  snapshot(items: Item[]): void;
  changes(changes: Change[]): void;
  status?(status: WatchStatus): void;
  error?(error: BackendError): void;
}

/** Wait before trying again after a failure; doubles with each one in a row, up to `max`. */
export interface RetryDelays {
  initial: number;
  max: number;
}

export const DEFAULT_RETRY_DELAYS: RetryDelays = { initial: 1000, max: 30_000 };

export interface WatchLifecycle<Item = ContactMessage, Change = InboxChange> {
  readonly stopped: boolean;
  /** Reports a status, once per change of it. */
  status(status: WatchStatus): void;
  snapshot(items: Item[]): void;
  /** Passes changes on (none is no news). */
  changes(changes: Change[]): void;
  /** The connection works again: the next failure waits the initial delay again. */
  recovered(): void;
  /** Runs `work` after the current delay (then a longer one), reporting `status` meanwhile. */
  retryLater(work: () => void, status?: WatchStatus): void;
  /** A failure that ends the watch: stops it, then tells the observer. */
  end(error: BackendError): void;
  /** Ends the watch quietly (the port's unsubscribe). */
  stop(): void;
  /** Registers what to release when the watch stops (a stream, a listener). */
  onStop(release: () => void): void;
}

/**
 * The bookkeeping every adapter's watch needs, written once: statuses without repeats,
 * nothing delivered after a stop or an error, retries later and later, and what to release
 * on the way out.
 */
export function createWatchLifecycle<Item = ContactMessage, Change = InboxChange>(
  observer: WatchObserver<Item, Change>,
  retryDelays: RetryDelays = DEFAULT_RETRY_DELAYS,
): WatchLifecycle<Item, Change> {
  let stopped = false;
  let lastStatus: WatchStatus | undefined;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const releases: (() => void)[] = [];

  const lifecycle: WatchLifecycle<Item, Change> = {
    get stopped() {
      return stopped;
    },

    status(next) {
      if (stopped || next === lastStatus) return;
      lastStatus = next;
      observer.status?.(next);
    },

    snapshot(items) {
      if (!stopped) observer.snapshot(items);
    },

    changes(changes) {
      if (!stopped && changes.length > 0) observer.changes(changes);
    },

    recovered() {
      failures = 0;
    },

    retryLater(work, status = 'reconnecting') {
      if (stopped) return;
      lifecycle.status(status);
      const delay = Math.min(retryDelays.max, retryDelays.initial * 2 ** failures);
      failures += 1;
      clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        if (!stopped) work();
      }, delay);
    },

    end(error) {
      if (stopped) return;
      lifecycle.stop();
      observer.error?.(error);
    },

    stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      for (const release of releases.splice(0)) release();
    },

    onStop(release) {
      if (stopped) release();
      else releases.push(release);
    },
  };
  return lifecycle;
}
