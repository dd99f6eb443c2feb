/**
 * What the desktop console and its App Check function (functions/src/console-app-check.ts)
 * agree on. No Firebase import here: the function's bundle takes it without the web SDK.
 */

/** The custom claim that opens the dashboard (granted by `npm run admin:grant`). */
export const ADMIN_CLAIM = 'admin';

/** The callable function that hands the console its App Check token. */
export const CONSOLE_APP_CHECK_FUNCTION = 'issueConsoleAppCheckToken';

/** The region of the project's functions (the notification trigger's too). */
export const FUNCTIONS_REGION = 'europe-west1';

/** What the function answers (the callable protocol's `result`). */
export interface ConsoleAppCheckToken {
  token: string;
  expireTimeMillis: number;
}

/** The function's address, as the Functions SDK builds it. */
export function consoleAppCheckUrl(projectId: string, functionsEmulator?: string): string {
  return functionsEmulator
    ? `http://${functionsEmulator}/${projectId}/${FUNCTIONS_REGION}/${CONSOLE_APP_CHECK_FUNCTION}`
    : `https://${FUNCTIONS_REGION}-${projectId}.cloudfunctions.net/${CONSOLE_APP_CHECK_FUNCTION}`;
}

/** How the last request for a token went, for the console's settings screen. */
export type ConsoleAppCheckOutcome =
  /** A token came: reads work with App Check enforced on Firestore. */
  | 'active'
  /** Nobody is signed in: no token until then. */
  | 'signed-out'
  /** The function refused this account (no `admin` claim) or its sign-in. */
  | 'refused'
  /** The function did not answer (not deployed, offline, an error of its own). */
  | 'unavailable';
