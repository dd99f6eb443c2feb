import type { BackendAccess } from './connection.ts';

/** The WhatsApp taps of the public pages (« Sources »), asked of the backend. */
export function whatsappTapOperations(backend: BackendAccess) {
  return {
    since: (sinceMs: number) => backend.usePart('whatsappTaps', (taps) => taps.since(sinceMs)),
  };
}
