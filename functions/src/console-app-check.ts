import { getApps, initializeApp } from 'firebase-admin/app';
import { getAppCheck } from 'firebase-admin/app-check';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { ownerOf } from './owner-only.ts';
import {
  FUNCTIONS_REGION,
  type ConsoleAppCheckToken,
} from '../../shared/backend/firebase/console-app-check-protocol.ts';
import { systemClock, type FunctionClock } from './clock.ts';

/** A token lives an hour (the Admin SDK accepts 30 minutes to 7 days); the console renews it. */
export const CONSOLE_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Mints an App Check token for a Firebase app of the project. */
export type AppCheckMinter = (appId: string) => Promise<{ token: string; ttlMillis: number }>;

/** The Admin SDK's `createToken`: signed with the function's service account. */
export const adminSdkMinter: AppCheckMinter = (appId) =>
  getAppCheck(getApps()[0] ?? initializeApp()).createToken(appId, {
    ttlMillis: CONSOLE_TOKEN_TTL_MS,
  });

// A web app's id, as the Firebase console shows it: 1:<project number>:web:<hex>.
const APP_ID_PATTERN = /^1:\d{1,20}:web:[0-9a-f]{1,40}$/;

/**
 * The desktop console's App Check provider (shared/backend/firebase/console-app-check.ts): an
 * App Check token, for the project's web app, to a signed-in account with the `admin` claim
 * only. It cannot itself ask for App Check (it is where the console gets its token): the
 * owner's ID token, checked by Firebase before this runs, is what lets a caller in.
 */
export function consoleAppCheckFunction(
  mint: AppCheckMinter = adminSdkMinter,
  clock: FunctionClock = systemClock,
) {
  return onCall(
    { region: FUNCTIONS_REGION, enforceAppCheck: false, memory: '256MiB', maxInstances: 2 },
    async (request): Promise<ConsoleAppCheckToken> => {
      ownerOf(request.auth, {
        unauthenticated: 'Connectez-vous d’abord dans la console.',
        notOwner: 'Ce compte n’a pas le droit admin : pas de jeton App Check.',
      });
      const data: unknown = request.data;
      const appId =
        typeof data === 'object' && data !== null && 'appId' in data ? data.appId : undefined;
      if (typeof appId !== 'string' || !APP_ID_PATTERN.test(appId)) {
        throw new HttpsError('invalid-argument', 'Identifiant d’application (appId) invalide.');
      }
      const { token, ttlMillis } = await mint(appId);
      return { token, expireTimeMillis: (await clock()) + ttlMillis };
    },
  );
}
