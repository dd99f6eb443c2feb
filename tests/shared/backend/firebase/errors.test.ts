import { describe, expect, it } from 'vitest';
import { BackendError } from '../../../../shared/backend/ports.ts';
import { APP_CHECK_REFUSED } from '../../../../shared/domain/messages.ts';
import {
  firebaseErrorCode,
  firestoreError,
  isAppCheckError,
} from '../../../../shared/backend/firebase/errors.ts';

const failure = (code: string) => Object.assign(new Error(code), { code });

describe('Firestore failures', () => {
  it.each([
    ['permission-denied', 'watch', 'unauthorized'],
    ['unauthenticated', 'watch', 'unauthorized'],
    ['permission-denied', 'send', 'refused'],
    ['unavailable', 'watch', 'unavailable'],
    ['internal', 'send', 'unavailable'],
    ['deadline-exceeded', 'send', 'network'],
    ['resource-exhausted', 'send', 'rate-limited'],
    ['failed-precondition', 'watch', 'unknown'],
  ] as const)('%s while %s → %s', (code, purpose, expected) => {
    const mapped = firestoreError(failure(code), purpose);
    expect(mapped).toBeInstanceOf(BackendError);
    expect(mapped.code).toBe(expected);
    expect(mapped.cause).toMatchObject({ code });
  });

  it('blames App Check for a refusal while App Check cannot get a token', () => {
    for (const purpose of ['send', 'watch'] as const) {
      expect(firestoreError(failure('permission-denied'), purpose, true)).toMatchObject({
        code: 'refused',
        message: APP_CHECK_REFUSED,
      });
    }
  });

  it('recognises the errors of the App Check SDK itself', () => {
    expect(isAppCheckError(failure('appCheck/recaptcha-error'))).toBe(true);
    expect(isAppCheckError(failure('appCheck/throttled'))).toBe(true);
    expect(isAppCheckError(failure('permission-denied'))).toBe(false);
    expect(firestoreError(failure('appCheck/fetch-status-error'), 'send').code).toBe('refused');
  });

  it('keeps a BackendError as it is, and reads codes defensively', () => {
    const original = new BackendError('network');
    expect(firestoreError(original, 'send')).toBe(original);
    expect(firebaseErrorCode('boom')).toBeUndefined();
    expect(firebaseErrorCode({ code: 42 })).toBeUndefined();
    expect(firestoreError(new Error('?'), 'watch').code).toBe('unknown');
  });
});
