import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { onCall } from 'firebase-functions/v2/https';
import { ownerOf } from './owner-only.ts';
import { FUNCTIONS_REGION } from '../../shared/backend/firebase/console-app-check-protocol.ts';

/**
 * « Se déconnecter partout » (docs/firebase.md, « Rester connecté »), for the signed-in owner
 * only: revokes every refresh token of the account with the Admin SDK. Each other device (a
 * phone kept signed in, the laptop, the console) can no longer renew its ID token: Firebase
 * signs it out at its next renewal, within the hour; the dashboard that asked signs out at
 * once. Answers `{ revokedAt }`: when Auth itself dated the revocation (ms), not this
 * machine's clock.
 */
export function signOutEverywhereFunction() {
  return onCall(
    { region: FUNCTIONS_REGION, enforceAppCheck: false, memory: '256MiB', maxInstances: 2 },
    async (request): Promise<{ revokedAt: number | null }> => {
      const uid = ownerOf(request.auth, { unauthenticated: 'Connectez-vous d’abord.' });
      const auth = getAuth(getApps()[0] ?? initializeApp());
      await auth.revokeRefreshTokens(uid);
      const user = await auth.getUser(uid);
      const validAfter = user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) : NaN;
      return { revokedAt: Number.isNaN(validAfter) ? null : validAfter };
    },
  );
}
