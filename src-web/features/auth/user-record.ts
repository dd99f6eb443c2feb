import {
  LOGGED_IN_FLAG_KEY,
  USER_RECORD_KEY,
  type StoredUserRecord,
} from '../../../shared/domain/admin.ts';
import { ROUTES } from '../../../shared/domain/routes.ts';

/** Browser storage can be unavailable (private mode, disabled): never let it break sign-in. */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function rememberSignIn(email: string): StoredUserRecord {
  const record: StoredUserRecord = { email, allowedRoute: ROUTES.dashboard };
  storage()?.setItem(USER_RECORD_KEY, JSON.stringify(record));
  storage()?.setItem(LOGGED_IN_FLAG_KEY, 'true');
  return record;
}

export function forgetSignIn() {
  storage()?.removeItem(LOGGED_IN_FLAG_KEY);
  storage()?.removeItem(USER_RECORD_KEY);
}
