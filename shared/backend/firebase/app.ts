import { deleteApp, initializeApp, type FirebaseApp } from '@firebase/app';

/**
 * The web app's Firebase config (Firebase console, project settings, « Vos applications »).
 * These values are public: they name the project, they grant nothing by themselves.
 */
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId: string;
  storageBucket?: string;
  messagingSenderId?: string;
}

/** Where the local emulators listen, for development and tests. */
export interface FirebaseEmulators {
  /** The Auth emulator's URL, e.g. `http://127.0.0.1:9099`. */
  auth?: string;
  /** The Firestore emulator's `host:port`, e.g. `127.0.0.1:8080`. */
  firestore?: string;
  /** The Functions emulator's `host:port` (the desktop console's App Check function). */
  functions?: string;
}

/**
 * Starts a Firebase app. Each name is an app of its own, with its own signed-in user:
 * tests give each simulated browser its own name.
 */
export function startFirebaseApp(config: FirebaseWebConfig, name?: string): FirebaseApp {
  return initializeApp({ ...config }, name ?? '[DEFAULT]');
}

export function stopFirebaseApp(app: FirebaseApp): Promise<void> {
  return deleteApp(app);
}

/** Splits `host:port` (IPv6 hosts in brackets) for `connectFirestoreEmulator`. */
export function parseHostPort(value: string): { host: string; port: number } {
  const match = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(value.trim());
  if (!match?.[1] || !match[2]) {
    throw new Error(`Adresse d’émulateur invalide : « ${value} » (attendu : hôte:port).`);
  }
  return { host: match[1].replace(/^\[|\]$/g, ''), port: Number(match[2]) };
}
