import { BackendError, type Admin, type AdminSession } from '../ports.ts';
import type { SessionState } from '../session-state.ts';
import type { HttpClient } from './http-client.ts';

function toAdmin(body: unknown): Admin {
  if (typeof body === 'object' && body !== null && 'email' in body) {
    const { email } = body;
    if (typeof email === 'string') return { email };
  }
  throw new BackendError('unknown');
}

/** The AdminSession port over `/api/session`: the session itself is an HttpOnly cookie. */
export function createHttpSession(client: HttpClient, state: SessionState): AdminSession {
  let pendingCurrent: Promise<Admin | null> | undefined;

  /** A sign-in by a one-time link: a 410 says, in French, why the link no longer works. */
  async function signInByLink(path: string, json: unknown): Promise<Admin> {
    const answer = await client.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(json),
    });
    if (answer.status === 410) {
      const body = answer.body;
      const message =
        typeof body === 'object' &&
        body !== null &&
        'error' in body &&
        typeof body.error === 'string'
          ? body.error
          : undefined;
      throw new BackendError('refused', message ? { message } : {});
    }
    if (!answer.ok) throw client.failure(answer, 'send');
    const admin = toAdmin(answer.body);
    state.set(admin);
    return admin;
  }

  async function fetchCurrent(): Promise<Admin | null> {
    const answer = await client.request('/api/session');
    if (answer.status === 401) {
      state.set(null);
      return null;
    }
    if (!answer.ok) throw client.failure(answer, 'admin');
    const admin = toAdmin(answer.body);
    state.set(admin);
    return admin;
  }

  const session: AdminSession = {
    async signIn(email, password, options) {
      const answer = await client.send('/api/session', 'sign-in', {
        method: 'POST',
        json: { email, password, ...(options?.remember ? { remember: true } : {}) },
      });
      const admin = toAdmin(answer.body);
      state.set(admin);
      return admin;
    },

    setFirstPassword: (token, email, password) =>
      signInByLink('/api/setup', { token, email, password }),

    openNewDeviceLink: (token) => signInByLink('/api/session/new-device', { token }),

    async signOut() {
      await client.send('/api/session', 'admin', { method: 'DELETE' });
      state.set(null);
    },

    async signOutEverywhere() {
      try {
        await client.send('/api/sessions', 'admin', { method: 'DELETE' });
      } catch (error) {
        // Already ended (« Se déconnecter partout » from another device): nothing is left.
        if (!(error instanceof BackendError && error.code === 'unauthorized')) throw error;
      }
      state.set(null);
    },

    current() {
      // Asked by several screens at once: one request answers them all.
      pendingCurrent ??= fetchCurrent().finally(() => {
        pendingCurrent = undefined;
      });
      return pendingCurrent;
    },

    onChange(listener) {
      const stop = state.subscribe(listener);
      // The first answer tells every listener; a failure leaves the state unknown.
      if (state.admin === undefined) session.current().catch(() => undefined);
      return stop;
    },
  };
  return session;
}
