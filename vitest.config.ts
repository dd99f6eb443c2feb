import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** The tests that run on the Firebase emulators, started once for the run (see below). */
const FIREBASE_TESTS = ['tests/firebase/**/*.test.ts'];
/** The components' tests, in jsdom with Testing Library (tests/setup-dom.ts). */
const DOM_TESTS = ['tests/**/*.test.tsx'];
/** What every test file runs first: its temporary folders removed at its end. */
const SETUP = 'tests/setup.ts';

export default defineConfig({
  plugins: [react()],
  test: {
    // Components run in jsdom (the dom project); the rest in Node, without jsdom, React or
    // Testing Library loaded for nothing.
    environment: 'node',
    restoreMocks: true,
    // Ceilings, not waits: each test ends when its condition holds. CI runs on a shared machine
    // at load 15–20, where three OWASP scrypt hashes took 20 s and an emulator's transaction
    // 30 s (a fresh-clone run, 29 November); on CI the ceiling is three times higher.
    testTimeout: process.env.CI ? 60_000 : 20_000,
    // expect.poll waits on a condition; its own default (1 s) is a tight timeout on a shared,
    // loaded machine (a console going live, a file written by another process). A test that
    // needs a bound says so with its own timeout.
    expect: { poll: { timeout: 15_000 } },
    // The suite mostly waits (servers, child processes, SQLite on disk, timers): a worker per
    // core, two at least. Vitest's default, one fewer than the cores, ran it in 140 s on 2
    // cores, against 95 s with 2 workers; 3 gained 10 s more, but a test starting a whole
    // server then outran its limit while another build loaded the machine (docs/testing.md).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/**/*.test.ts', 'functions/test/**/*.test.ts'],
          exclude: FIREBASE_TESTS,
          setupFiles: [SETUP],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          include: DOM_TESTS,
          environment: 'jsdom',
          setupFiles: [SETUP, 'tests/setup-dom.ts'],
        },
      },
      {
        // A project of its own so that its global setup (the Firestore and Auth emulators,
        // once for the whole run) runs only when one of its files does.
        extends: true,
        test: {
          name: 'firebase',
          include: FIREBASE_TESTS,
          setupFiles: [SETUP],
          globalSetup: ['tests/firebase/global-setup.ts'],
          // The emulators answer slower than a server in the same process.
          testTimeout: process.env.CI ? 90_000 : 30_000,
          hookTimeout: process.env.CI ? 120_000 : 60_000,
        },
      },
    ],
  },
});
