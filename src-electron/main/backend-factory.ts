import { EventSource } from 'eventsource';
import { z } from 'zod';
import type { ConsoleAppCheckOutcome } from '../../shared/backend/firebase/console-app-check-protocol.ts';
import type { FirebaseEmulators } from '../../shared/backend/firebase/index.ts';
import { createHttpBackend, type EventSourceConstructor } from '../../shared/backend/http/index.ts';
import { BackendError, type Backend } from '../../shared/backend/ports.ts';
import { CONSOLE_FIREBASE_UNAVAILABLE } from '../../shared/domain/messages.ts';
import type { BackendSettings } from '../../shared/ipc/contract.ts';
import { createCookieFetch, createCookieJar, type StoredCookie } from './cookie-jar.ts';
import type { SecretFile } from './secret-file.ts';

export interface BackendFactoryDeps {
  /** Node's fetch (no Origin header: the server treats the console like a direct client). */
  fetch: typeof fetch;
  /** Where the session (cookie, or Firebase user) is kept between runs, encrypted. */
  sessionSecret: SecretFile;
  /** Development and tests only: the local Firebase emulators (desktop-app.ts reads them). */
  firebaseEmulators?: FirebaseEmulators;
  /** Told how the console's last request for an App Check token went (Firebase only). */
  onAppCheck?: (outcome: ConsoleAppCheckOutcome) => void;
  /** The EventSource class to use for the realtime stream; `eventsource`'s by default. */
  createEventSource?: (fetchImpl: typeof fetch) => EventSourceConstructor;
}

export type BackendFactory = (settings: BackendSettings) => Promise<Backend>;

const storedSessionSchema = z.object({
  origin: z.string(),
  cookies: z.array(
    z.object({ name: z.string(), value: z.string(), expiresAt: z.number().nullable() }),
  ),
});

function parseStoredSession(text: string | null): z.infer<typeof storedSessionSchema> | null {
  if (text === null) return null;
  try {
    const parsed = storedSessionSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** An EventSource whose requests carry the session cookie (Node has no cookie store). */
export function eventSourceWithFetch(fetchImpl: typeof fetch): EventSourceConstructor {
  return class CookieEventSource extends EventSource {
    constructor(url: string, init?: { withCredentials?: boolean }) {
      super(url, { ...init, fetch: fetchImpl });
    }
  };
}

/**
 * Firebase (Firestore and Authentication) through shared/backend's adapter, loaded only when
 * chosen. The signed-in user is kept in the secret file (firebase-session-store.ts), so the
 * console started with the computer is signed in already; App Check tokens come from the
 * project's function for the signed-in admin (shared/backend/firebase/console-app-check.ts).
 */
async function createFirebaseConsoleBackend(
  settings: Extract<BackendSettings, { kind: 'firebase' }>,
  deps: BackendFactoryDeps,
): Promise<Backend> {
  try {
    const [{ createFirebaseBackend }, { secretFilePersistence }] = await Promise.all([
      import('../../shared/backend/firebase/index.ts'),
      import('./firebase-session-store.ts'),
    ]);
    return createFirebaseBackend({
      config: settings.config,
      authPersistence: secretFilePersistence(deps.sessionSecret, settings.config.projectId),
      // Its own App Check provider: the reCAPTCHA of the site needs a web page.
      consoleAppCheck: { onOutcome: (outcome) => deps.onAppCheck?.(outcome) },
      ...(deps.firebaseEmulators ? { emulators: deps.firebaseEmulators } : {}),
    });
  } catch (cause) {
    throw new BackendError('unavailable', { message: CONSOLE_FIREBASE_UNAVAILABLE, cause });
  }
}

/**
 * Creates the backend the main process talks to. Local server: the http adapter of
 * shared/backend with a cookie-keeping fetch. Firebase: its adapter.
 */
export function createBackendFactory(deps: BackendFactoryDeps): BackendFactory {
  const makeEventSource = deps.createEventSource ?? eventSourceWithFetch;
  return async (settings) => {
    // A session of another backend means nothing to this one: each forgets the other's.
    if (settings.kind === 'firebase') return createFirebaseConsoleBackend(settings, deps);
    const origin = new URL(settings.url).origin;
    const stored = parseStoredSession(await deps.sessionSecret.read());
    const initial: StoredCookie[] = stored && stored.origin === origin ? stored.cookies : [];
    if (initial.length === 0) await deps.sessionSecret.write(null);
    const jar = createCookieJar({
      origin,
      initial,
      onChange: (cookies) => {
        void deps.sessionSecret.write(
          cookies.length > 0 ? JSON.stringify({ origin, cookies }) : null,
        );
      },
    });
    const cookieFetch = createCookieFetch(deps.fetch, jar);
    return createHttpBackend({
      baseUrl: settings.url,
      fetch: cookieFetch,
      EventSource: makeEventSource(cookieFetch),
    });
  };
}
