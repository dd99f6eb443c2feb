import type { CallableRequest } from 'firebase-functions/v2/https';
import { HttpsError } from 'firebase-functions/v2/https';
import { ADMIN_CLAIM } from '../../shared/backend/firebase/console-app-check-protocol.ts';
import { SIGN_IN_TOO_OLD, signInTooOld } from '../../shared/domain/admin.ts';

/** What a callable answers a signed-in account without the admin claim. */
export const OWNER_ONLY = 'Réservé au propriétaire.';

/**
 * The owner's callables let in only what firestore.rules' isAdmin lets in: an ID token with the
 * admin claim whose sign-in (`auth_time`) is under REMEMBERED_SESSION_DAYS old (docs/firebase.md,
 * « Rester connecté »). The age is read from the token itself: Firebase has checked that it was
 * issued (`iat`) less than an hour ago, so no clock of this machine decides, and a test's moved
 * clock (functions-with-quote-clock.ts) does not either. Throws the French refusal; answers the
 * caller's uid. Without any sign-in: `refusals.unauthenticated` if given, else the
 * same refusal as an account without the claim.
 */
export function ownerOf(
  auth: CallableRequest['auth'],
  refusals: { unauthenticated?: string; notOwner?: string } = {},
): string {
  if (!auth && refusals.unauthenticated !== undefined) {
    throw new HttpsError('unauthenticated', refusals.unauthenticated);
  }
  if (!auth || auth.token[ADMIN_CLAIM] !== true) {
    throw new HttpsError('permission-denied', refusals.notOwner ?? OWNER_ONLY);
  }
  const { auth_time: signedIn, iat: issued } = auth.token;
  const dated = Number.isFinite(signedIn) && Number.isFinite(issued);
  if (!dated || signInTooOld(signedIn * 1000, issued * 1000)) {
    throw new HttpsError('unauthenticated', SIGN_IN_TOO_OLD);
  }
  return auth.uid;
}
