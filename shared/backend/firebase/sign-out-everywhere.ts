/**
 * « Se déconnecter partout » in the Firebase mode (docs/firebase.md, « Rester connecté »): what
 * the dashboard and the `signOutEverywhere` function (functions/src/sign-out-everywhere.ts)
 * agree on, and the dashboard's call. No Firebase import here: the function's bundle takes it.
 */
import { BackendError } from '../ports.ts';
import { FUNCTIONS_REGION } from './console-app-check-protocol.ts';

/** The callable function that revokes every refresh token of the signed-in owner. */
export const SIGN_OUT_EVERYWHERE_FUNCTION = 'signOutEverywhere';

/** The function's address, as the Functions SDK builds it. */
export function signOutEverywhereUrl(projectId: string, functionsEmulator?: string): string {
  return functionsEmulator
    ? `http://${functionsEmulator}/${projectId}/${FUNCTIONS_REGION}/${SIGN_OUT_EVERYWHERE_FUNCTION}`
    : `https://${FUNCTIONS_REGION}-${projectId}.cloudfunctions.net/${SIGN_OUT_EVERYWHERE_FUNCTION}`;
}

/**
 * Calls the function with the owner's ID token (the callable protocol over fetch); resolves
 * once every refresh token of the account is revoked.
 */
export async function revokeEverywhere(url: string, idToken: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
      body: JSON.stringify({ data: {} }),
      signal: AbortSignal.timeout(20_000),
    });
  } catch (cause) {
    throw new BackendError('network', { cause });
  }
  await response.body?.cancel();
  if (response.ok) return;
  throw new BackendError(
    response.status === 401 || response.status === 403
      ? 'unauthorized'
      : response.status >= 500
        ? 'unavailable'
        : 'unknown',
  );
}
