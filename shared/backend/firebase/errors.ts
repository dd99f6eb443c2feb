import { APP_CHECK_REFUSED } from '../../domain/messages.ts';
import { BackendError, type BackendErrorCode } from '../ports.ts';

/** The `code` of a FirebaseError (`auth/…`, `appCheck/…`, or a bare Firestore code). */
export function firebaseErrorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

/** Failures of App Check itself, reported by its SDK (`appCheck/recaptcha-error`, …). */
export function isAppCheckError(error: unknown): boolean {
  const code = firebaseErrorCode(error);
  return code !== undefined && code.toLowerCase().startsWith('appcheck/');
}

export function appCheckRefused(cause?: unknown): BackendError {
  // reCAPTCHA could not vouch for this browser, or its token was rejected: without App
  // Check, Firebase turns every request down.
  return new BackendError('refused', { message: APP_CHECK_REFUSED, cause });
}

const AUTH_CODES: Record<string, BackendErrorCode> = {
  // Firebase answers the same for an unknown e-mail and a wrong password (enumeration
  // protection); the older codes still come from projects without it and from the emulator.
  'auth/invalid-credential': 'invalid-credentials',
  'auth/invalid-login-credentials': 'invalid-credentials',
  'auth/wrong-password': 'invalid-credentials',
  'auth/user-not-found': 'invalid-credentials',
  'auth/invalid-email': 'invalid-credentials',
  'auth/missing-password': 'invalid-credentials',
  'auth/missing-email': 'invalid-credentials',
  'auth/user-disabled': 'invalid-credentials',
  'auth/too-many-requests': 'rate-limited',
  'auth/network-request-failed': 'network',
  'auth/timeout': 'network',
  'auth/internal-error': 'unavailable',
  'auth/user-token-expired': 'unauthorized',
  'auth/requires-recent-login': 'unauthorized',
  'auth/operation-not-allowed': 'refused',
  'auth/unauthorized-domain': 'refused',
};

/** The BackendError for a failure of Firebase Authentication. */
export function authError(error: unknown): BackendError {
  if (error instanceof BackendError) return error;
  const code = firebaseErrorCode(error);
  if (code === 'auth/firebase-app-check-token-is-invalid' || isAppCheckError(error)) {
    return appCheckRefused(error);
  }
  return new BackendError((code ? AUTH_CODES[code] : undefined) ?? 'unknown', { cause: error });
}

/** What a Firestore request was for: a refusal means different things. */
export type FirestorePurpose = 'send' | 'watch' | 'admin';

/**
 * The BackendError for a failure of Firestore. `appCheckFailed` says whether App Check could
 * not get a token: an enforced App Check then shows up as a plain 'permission-denied'.
 */
export function firestoreError(
  error: unknown,
  purpose: FirestorePurpose,
  appCheckFailed = false,
): BackendError {
  if (error instanceof BackendError) return error;
  if (isAppCheckError(error)) return appCheckRefused(error);
  const code = firebaseErrorCode(error)?.replace(/^firestore\//, '');
  const cause = { cause: error };
  switch (code) {
    case 'permission-denied':
    case 'unauthenticated':
      if (appCheckFailed) return appCheckRefused(error);
      // The rules let anyone create a valid message: a refused send is not about a session.
      return new BackendError(purpose === 'send' ? 'refused' : 'unauthorized', cause);
    case 'invalid-argument':
      return new BackendError(purpose === 'send' ? 'invalid-input' : 'unknown', cause);
    case 'not-found':
      return new BackendError(purpose === 'admin' ? 'not-found' : 'unknown', cause);
    case 'resource-exhausted':
      return new BackendError('rate-limited', cause);
    case 'unavailable':
    case 'aborted':
    case 'internal':
      return new BackendError('unavailable', cause);
    case 'deadline-exceeded':
      return new BackendError('network', cause);
    default:
      return new BackendError('unknown', cause);
  }
}
