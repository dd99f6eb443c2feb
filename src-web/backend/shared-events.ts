import type { EventHub } from '../../shared/backend/http/event-hub.ts';
import { eventHubOverPort } from '../../shared/backend/http/event-hub-port.ts';

/**
 * The event stream every tab of the owner's app shares: one connection per browser, held by a
 * shared worker (events-worker/events-worker.ts), whatever the number of tabs. Over HTTP/1.1
 * (the embedded server on localhost or the LAN), a browser opens at most 6 connections per
 * host: with a stream per tab, three tabs took them all, and every request of every tab
 * waited. Undefined where there is no SharedWorker (some phone browsers): each tab
 * then holds its own single stream (shared/backend/http/event-hub.ts).
 */
export function sharedEventHub(url: string): EventHub | undefined {
  if (typeof SharedWorker === 'undefined') return undefined;
  let worker: SharedWorker;
  try {
    worker = new SharedWorker(new URL('./events-worker/events-worker.ts', import.meta.url), {
      type: 'module',
      name: 'flux-evenements',
    });
  } catch {
    return undefined;
  }
  const { port } = worker;
  // A lock held as long as this tab lives, so that the worker knows when it is gone (a tab
  // closed says nothing to its port).
  if (typeof navigator.locks?.request === 'function') {
    const lock = `flux-evenements-onglet-${crypto.randomUUID()}`;
    void navigator.locks.request(lock, () => {
      port.postMessage({ op: 'hello', lock });
      return new Promise<never>(() => {});
    });
  }
  return eventHubOverPort(port, new URL(url, location.href).href);
}
