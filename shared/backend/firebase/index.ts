export { createFirebaseBackend, type FirebaseBackendOptions } from './firebase-backend.ts';
export type { FirebaseEmulators, FirebaseWebConfig } from './app.ts';
export type { AppCheckSettings } from './app-check.ts';
