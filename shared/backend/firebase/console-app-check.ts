/**
 * The desktop console's App Check provider. reCAPTCHA vouches for a web page; the console is
 * none, so it asks the project's callable function `issueConsoleAppCheckToken`
 * (functions/src/console-app-check.ts), which hands an App Check token (Admin SDK
 * `createToken`) to a signed-in account with the `admin` claim only. Before the owner signs
 * in, the console has no token: App Check cannot be enforced on Authentication (docs/firebase.md).
 */
import type { FirebaseApp } from '@firebase/app';
import { CustomProvider, getToken, initializeAppCheck } from '@firebase/app-check';
import { onIdTokenChanged, type Auth } from '@firebase/auth';
import type { AppCheckMonitor } from './app-check.ts';
import {
  consoleAppCheckUrl,
  type ConsoleAppCheckOutcome,
  type ConsoleAppCheckToken,
} from './console-app-check-protocol.ts';

export interface ConsoleAppCheckOptions {
  /** The Functions emulator's `host:port` (development and tests). */
  functionsEmulator?: string;
  /** Told after each request for a token. */
  onOutcome?: (outcome: ConsoleAppCheckOutcome) => void;
  fetch?: typeof fetch;
}

class TokenRefused extends Error {
  readonly outcome: ConsoleAppCheckOutcome;
  constructor(outcome: ConsoleAppCheckOutcome, message: string) {
    super(message);
    this.outcome = outcome;
  }
}

export interface ConsoleAppCheck {
  monitor: AppCheckMonitor;
  /** Follows the signed-in account of this app's Auth (called once Auth is started). */
  follow(auth: Auth): void;
  stop(): void;
}

/**
 * Starts App Check with the console's provider. Must run before Firestore or Auth make their
 * first request, like the site's reCAPTCHA.
 *
 * The provider sends the ID token Auth last reported, and never asks Auth for a fresh one:
 * Auth's own token renewal waits for an App Check token, so asking from inside the provider
 * would wait on itself. An ID token out of date is refused (no token this time, Auth renews
 * it without one, App Check is not enforced on Authentication), and the next request has it.
 * The callable is reached with `fetch`, not the Functions SDK, for the same reason: that SDK
 * waits for an App Check token before calling.
 */
export function startConsoleAppCheck(
  app: FirebaseApp,
  options: ConsoleAppCheckOptions = {},
): ConsoleAppCheck {
  const send = options.fetch ?? globalThis.fetch.bind(globalThis);
  const url = consoleAppCheckUrl(app.options.projectId ?? '', options.functionsEmulator);
  let idToken: string | null = null;
  let stopFollowing: () => void = () => undefined;

  const report = (outcome: ConsoleAppCheckOutcome) => options.onOutcome?.(outcome);

  const request = async (): Promise<ConsoleAppCheckToken> => {
    if (idToken === null) throw new TokenRefused('signed-out', 'personne n’est connecté');
    let response: Response;
    try {
      response = await send(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
        body: JSON.stringify({ data: { appId: app.options.appId } }),
        signal: AbortSignal.timeout(20_000),
      });
    } catch (error) {
      throw new TokenRefused('unavailable', String(error));
    }
    const body = (await response.json().catch(() => null)) as {
      result?: Partial<ConsoleAppCheckToken>;
      error?: { status?: string; message?: string };
    } | null;
    const result = body?.result;
    if (
      response.ok &&
      typeof result?.token === 'string' &&
      typeof result.expireTimeMillis === 'number'
    ) {
      return { token: result.token, expireTimeMillis: result.expireTimeMillis };
    }
    const status = body?.error?.status;
    const refused = status === 'PERMISSION_DENIED' || status === 'UNAUTHENTICATED';
    throw new TokenRefused(
      refused ? 'refused' : 'unavailable',
      body?.error?.message ?? `HTTP ${response.status}`,
    );
  };

  const appCheck = initializeAppCheck(app, {
    provider: new CustomProvider({
      getToken: async () => {
        try {
          const token = await request();
          report('active');
          return token;
        } catch (error) {
          report(error instanceof TokenRefused ? error.outcome : 'unavailable');
          throw error;
        }
      },
    }),
    isTokenAutoRefreshEnabled: true,
  });

  return {
    monitor: {
      async failing() {
        try {
          await getToken(appCheck, false);
          return false;
        } catch {
          return true;
        }
      },
    },
    follow(auth) {
      stopFollowing = onIdTokenChanged(auth, (user) => {
        if (!user) {
          idToken = null;
          report('signed-out');
          return;
        }
        // Just renewed (or restored): this returns the token Auth has, without a request.
        user.getIdToken().then(
          (token) => {
            idToken = token;
          },
          () => {
            idToken = null;
          },
        );
      });
    },
    stop: () => stopFollowing(),
  };
}
