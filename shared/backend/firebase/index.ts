export { createFirebaseBackend, type FirebaseBackendOptions } from './firebase-backend.ts';
export type { FirebaseEmulators, FirebaseWebConfig } from './app.ts';
export type { AppCheckSettings } from './app-check.ts';
export { APP_CHECK_REFUSED_MESSAGE, NOT_AN_ADMIN_MESSAGE } from './errors.ts';
