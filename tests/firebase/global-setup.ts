/**
 * Vitest's global setup for the Firebase tests: the Firestore emulator (Google Cloud CLI's)
 * and the Auth emulator (firebase-tools') started once for the whole run, each on a free
 * port, with the project's rules checked to compile; stopped after the run. Test files get
 * their addresses through `inject('firebaseEmulators')` (tests/firebase/emulators.ts) and
 * keep apart by each using a Firestore project of its own.
 *
 * Where the emulators cannot run (no Java, no emulator), the run fails with one French line
 * saying what to install, unless FIREBASE_TESTS=skip asks to skip them (each file then says so).
 */
import type { TestProject } from 'vitest/node';
import {
  DEMO_PROJECT,
  emulatorsMissing,
  freePort,
  loadRules,
  startAuthEmulator,
  startFirestoreEmulator,
} from '../../scripts/firebase-emulators.ts';

export type ProvidedEmulators =
  | {
      firestore: string;
      auth: string;
      /**
       * `host:port` where the Firestore emulator posts the events of the triggers registered
       * on it (its `--functions_emulator`): cloud-function.test.ts relays them from there.
       */
      functionsEvents: string;
    }
  | { skipped: string };

declare module 'vitest' {
  export interface ProvidedContext {
    firebaseEmulators: ProvidedEmulators;
  }
}

/** An error Vitest shows as its one line, without a stack that says nothing more. */
function oneLine(message: string): Error {
  const error = new Error(message);
  error.stack = message;
  return error;
}

export default async function setup(project: TestProject) {
  if (process.env.FIREBASE_TESTS === 'skip') {
    const reason = 'FIREBASE_TESTS=skip demande de les ignorer';
    console.warn(`[ignoré] tests des émulateurs Firebase : ${reason}.`);
    project.provide('firebaseEmulators', { skipped: reason });
    return;
  }
  const missing = emulatorsMissing();
  if (missing) throw oneLine(missing);

  const functionsEvents = `127.0.0.1:${await freePort()}`;
  const started = await Promise.allSettled([
    startFirestoreEmulator({ functionsEmulator: functionsEvents }),
    startAuthEmulator(),
  ]);
  const stopAll = () =>
    Promise.all(
      started.map((result) => (result.status === 'fulfilled' ? result.value.stop() : undefined)),
    );
  const [firestore, auth] = started;
  if (firestore.status === 'rejected' || auth.status === 'rejected') {
    await stopAll();
    const failure =
      firestore.status === 'rejected' ? firestore.reason : (auth as PromiseRejectedResult).reason;
    throw oneLine(
      `Émulateurs Firebase non démarrés : ${failure instanceof Error ? failure.message : String(failure)}`,
    );
  }
  try {
    // The rules must compile before any test relies on them: a rules file that does not
    // compile fails the run here, with the compiler's words.
    await loadRules(firestore.value.host, `${DEMO_PROJECT}-compile`);
  } catch (error) {
    await stopAll();
    throw oneLine(error instanceof Error ? error.message : String(error));
  }
  project.provide('firebaseEmulators', {
    firestore: firestore.value.host,
    auth: auth.value.host,
    functionsEvents,
  });
  return stopAll;
}
