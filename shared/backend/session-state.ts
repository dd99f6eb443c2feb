import type { Admin } from './ports.ts';

/**
 * The admin's session as an adapter knows it, and who to tell about it: the same for every
 * adapter, whatever answers the question (the server, Firebase Authentication).
 */
export interface SessionState {
  /** Undefined until the backend has answered once. */
  readonly admin: Admin | null | undefined;
  /** Records an answer: listeners hear of it when it differs, and a session that ends ends its watches. */
  set(admin: Admin | null): void;
  /** The `AdminSession.onChange` of the port: the state first (once known), then each change. */
  subscribe(listener: (admin: Admin | null) => void): () => void;
  /**
   * Registers what to do when a session that may have been open ends (sign-out, expiry, lost
   * right): open watches end with 'unauthorized' at once. Returns the unregistering function.
   */
  onEnd(callback: () => void): () => void;
  /** Resolves with the state once the backend has answered once. */
  settled(): Promise<Admin | null>;
  /** Forgets every listener (the backend is closing). */
  clear(): void;
}

const sameAdmin = (a: Admin | null | undefined, b: Admin | null) =>
  a !== undefined && (a?.email ?? null) === (b?.email ?? null);

export function createSessionState(): SessionState {
  let admin: Admin | null | undefined;
  const listeners = new Set<(admin: Admin | null) => void>();
  const ends = new Set<() => void>();
  let reveal: () => void = () => undefined;
  const firstAnswer = new Promise<void>((resolve) => {
    reveal = resolve;
  });

  return {
    get admin() {
      return admin;
    },

    set(next) {
      const previous = admin;
      admin = next;
      reveal();
      if (next === null && previous !== null) {
        for (const end of [...ends]) end();
      }
      if (sameAdmin(previous, next)) return;
      for (const listener of [...listeners]) listener(next);
    },

    subscribe(listener) {
      listeners.add(listener);
      if (admin !== undefined) {
        const state = admin;
        // Asynchronously, as Firebase's onAuthStateChanged does: never during the call.
        queueMicrotask(() => {
          if (listeners.has(listener)) listener(state);
        });
      }
      // Otherwise the first answer tells every listener.
      return () => {
        listeners.delete(listener);
      };
    },

    onEnd(callback) {
      ends.add(callback);
      return () => {
        ends.delete(callback);
      };
    },

    async settled() {
      await firstAnswer;
      return admin ?? null;
    },

    clear() {
      listeners.clear();
      ends.clear();
    },
  };
}
