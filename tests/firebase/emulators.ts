/**
 * What a Firebase test file needs from the emulators that tests/firebase/global-setup.ts
 * started once for the run: their addresses, a Firestore project of the file's own (so files
 * running side by side never see each other's documents), and the Hosting emulator, which
 * only hosting.test.ts starts.
 */
import path from 'node:path';
import type { Auth } from 'firebase-admin/auth';
import { inject } from 'vitest';
import {
  DEMO_PROJECT,
  ROOT,
  startToolsEmulators,
  type ToolsEmulators,
  type ToolsOptions,
} from '../../scripts/firebase-emulators.ts';

export { DEMO_PROJECT, ROOT };

export interface FileEmulators {
  /** `host:port` of the run's Firestore emulator. */
  firestore: string;
  /** `host:port` of the run's Auth emulator (one project, DEMO_PROJECT, shared by files). */
  auth: string;
  /** Where the Firestore emulator posts trigger events (scripts/functions-emulator.ts). */
  functionsEvents: string;
  /** This file's own Firestore project. */
  projectId: string;
}

/**
 * The claims of an admin's ID token for @firebase/rules-unit-testing's authenticatedContext:
 * `admin: true` and a sign-in (`auth_time`, seconds) `signedInAgoMs` ago, now by default.
 * Without it the mock token says the account signed in in 1970, and firestore.rules refuse a
 * sign-in older than REMEMBERED_SESSION_DAYS (shared/domain/admin.ts).
 */
export function adminClaims(
  extra: Record<string, unknown> = {},
  signedInAgoMs = 0,
): Record<string, unknown> {
  return { admin: true, auth_time: Math.floor((Date.now() - signedInAgoMs) / 1000), ...extra };
}

/** Prints the one line that says why a group of tests is skipped. */
export function warnSkipped(what: string, reason: string): void {
  console.warn(`[ignoré] ${what} : ${reason}.`);
}

/**
 * The run's emulators for the test file at `fileUrl` (its `import.meta.url`), with a Firestore
 * project named after the file; undefined, once it has printed why, when the run skips them.
 */
export function emulatorsForFile(what: string, fileUrl: string): FileEmulators | undefined {
  const provided = inject('firebaseEmulators');
  if ('skipped' in provided) {
    warnSkipped(what, provided.skipped);
    return undefined;
  }
  const name = path.basename(new URL(fileUrl).pathname).replace(/\.test\.tsx?$/, '');
  const projectId = `${DEMO_PROJECT}-${name.toLowerCase().replace(/[^a-z0-9-]/g, '-')}`;
  return { ...provided, projectId };
}

/** The emulators a suite skipped without them runs on (called from its hooks). */
export function present<T>(emulators: T | undefined): T {
  if (!emulators) throw new Error('émulateurs absents : cette suite aurait dû être ignorée');
  return emulators;
}

/**
 * Starts firebase-tools' Hosting emulator for one file, or undefined once it has printed why
 * it cannot (FIREBASE_TESTS=skip, or the emulator failing to start).
 */
export async function startHostingOrSkip(
  what: string,
  options: ToolsOptions,
): Promise<ToolsEmulators | undefined> {
  if (process.env.FIREBASE_TESTS === 'skip') {
    warnSkipped(what, 'FIREBASE_TESTS=skip demande de les ignorer');
    return undefined;
  }
  return startToolsEmulators(['hosting'], options);
}

export interface TestAccount {
  email: string;
  password: string;
  /** Gives the account the `admin: true` claim. */
  admin?: boolean;
}

/**
 * Makes these accounts exist afresh in the Auth emulator (deleted, then created), touching no
 * other: files running side by side share the emulator's one project, each with its own
 * addresses.
 */
export async function resetAccounts(auth: Auth, accounts: readonly TestAccount[]): Promise<void> {
  for (const account of accounts) {
    const existing = await auth.getUserByEmail(account.email).catch(() => undefined);
    if (existing) await auth.deleteUser(existing.uid);
    const created = await auth.createUser({ email: account.email, password: account.password });
    if (account.admin) await auth.setCustomUserClaims(created.uid, { admin: true });
  }
}
