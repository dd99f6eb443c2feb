/**
 * firebase-functions-test, installed with the functions (functions/package.json): the tests
 * outside this folder that run a function's handler on the emulators
 * (tests/firebase/reminders.test.ts) take it from here, where it resolves.
 */
export { default as functionsTest } from 'firebase-functions-test';
/**
 * firebase-admin as the functions have it (their own copy, functions/node_modules): a
 * Firestore made by another copy refuses the functions' FieldValue and Timestamp.
 */
export { deleteApp, initializeApp, type App } from 'firebase-admin/app';
export { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
