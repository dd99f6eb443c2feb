import { workingHoursOf } from '../../domain/settings/effective.ts';
import type { Persistence } from '@firebase/auth';
import type { Backend } from '../ports.ts';
import {
  startFirebaseApp,
  stopFirebaseApp,
  type FirebaseEmulators,
  type FirebaseWebConfig,
} from './app.ts';
import { NO_APP_CHECK, startAppCheck, type AppCheckSettings } from './app-check.ts';
import { startConsoleAppCheck, type ConsoleAppCheckOptions } from './console-app-check.ts';
import {
  createFirebaseAdminSession,
  firebaseAuthGateway,
  startFirebaseAuth,
} from './auth-session.ts';
import type { ChannelModule } from '../../notifications/channel.ts';
import { createFirestoreNotifications } from './firestore-notifications.ts';
import { firestoreContacts, startFirestore } from './firestore-contacts.ts';
import { createFirestoreLeads } from './firestore-leads.ts';
import { createFirestoreInvoices } from './firestore-invoices.ts';
import { createFirestoreQuotes, quotesPublicUrl } from './firestore-quotes.ts';
import { createFirestoreWhatsappTaps } from './firestore-whatsapp-taps.ts';
import { sellerOf, type SettingsDefaultsSource } from '../../domain/settings/effective.ts';
import { createFirestoreSettings } from './firestore-settings.ts';
import { revokeEverywhere, signOutEverywhereUrl } from './sign-out-everywhere.ts';
import {
  createFirestoreMessageStore,
  type FirestoreMessageStoreOptions,
} from './firestore-messages.ts';

export interface FirebaseBackendOptions {
  config: FirebaseWebConfig;
  /** A name of its own gives a separate app, with its own signed-in user (tests). */
  appName?: string;
  /** App Check, when a reCAPTCHA Enterprise site key is configured. */
  appCheck?: AppCheckSettings;
  emulators?: FirebaseEmulators;
  sendTimeoutMs?: FirestoreMessageStoreOptions['sendTimeoutMs'];
  /** The VAPID public key the Cloud Function pushes with; without it, no push. */
  vapidPublicKey?: string;
  /** The notification channels (shared/notifications/registry.ts); a test adds its own. */
  channels?: readonly ChannelModule[];
  /** Where the signed-in user is kept (the desktop console's secret file); else the browser's. */
  authPersistence?: Persistence;
  /** The desktop console's App Check, through its callable function (instead of reCAPTCHA). */
  consoleAppCheck?: Omit<ConsoleAppCheckOptions, 'functionsEmulator'>;
  /**
   * The session's clock, for the age of a sign-in (REMEMBERED_SESSION_DAYS): Date.now by
   * default; tests move it.
   */
  sessionClock?: () => number;
  /** Quotes: the clock (tests set it) and the site's address for the client's link. */
  quotes?: { clock?: () => number; publicUrl?: string };
  /**
   * « Réglages »: the first values before the first save (the agency's details come from the
   * content module; the digest's time and the notices' address, when not given, from the
   * functions' DIGEST_TIME and NOTIFY_EMAIL: docs/firebase.md, « Les réglages »).
   */
  settings?: { defaults?: SettingsDefaultsSource };
}

/**
 * The cloud backend: messages in Firestore (`contacts`), the admin in Firebase
 * Authentication with the `admin` custom claim, App Check in front of both.
 */
export function createFirebaseBackend(options: FirebaseBackendOptions): Backend {
  const app = startFirebaseApp(options.config, options.appName);
  // App Check first, so that the first requests of Auth and Firestore carry its token.
  const consoleAppCheck = options.consoleAppCheck
    ? startConsoleAppCheck(app, {
        ...options.consoleAppCheck,
        ...(options.emulators?.functions ? { functionsEmulator: options.emulators.functions } : {}),
      })
    : undefined;
  const appCheck =
    consoleAppCheck?.monitor ??
    (options.appCheck ? startAppCheck(app, options.appCheck) : NO_APP_CHECK);
  const auth = startFirebaseAuth(app, options.emulators?.auth, options.authPersistence);
  consoleAppCheck?.follow(auth);
  const session = createFirebaseAdminSession(
    firebaseAuthGateway(auth, {
      // The console keeps the user in its own secret file; a browser follows the box.
      choosePersistence: !options.authPersistence,
      revokeEverywhere: (idToken) =>
        revokeEverywhere(
          signOutEverywhereUrl(options.config.projectId, options.emulators?.functions),
          idToken,
        ),
    }),
    options.sessionClock ? { now: options.sessionClock } : {},
  );
  const db = startFirestore(app, options.emulators?.firestore);
  const messages = createFirestoreMessageStore(firestoreContacts(db), {
    appCheck,
    onSessionEnd: session.onSessionEnd,
    ...(options.sendTimeoutMs === undefined ? {} : { sendTimeoutMs: options.sendTimeoutMs }),
  });
  const settings = createFirestoreSettings(db, {
    appCheck,
    ...(options.settings?.defaults ? { defaults: options.settings.defaults } : {}),
    ownerEmail: () => auth.currentUser?.email ?? null,
  });
  const leads = createFirestoreLeads(db, {
    appCheck,
    onSessionEnd: session.onSessionEnd,
    // A proposed « Relancer le » lands in the working hours of « Réglages », as on the server.
    workingHours: async () => workingHoursOf((await settings.current()).settings),
  });
  const quotes = createFirestoreQuotes(db, {
    appCheck,
    // A draft prints, and is checked against, the settings in force (sendQuote freezes them).
    seller: async () => sellerOf((await settings.current()).settings),
    ...(options.quotes?.clock ? { clock: options.quotes.clock } : {}),
    ...(options.quotes?.publicUrl ? { publicUrl: options.quotes.publicUrl } : {}),
    functions: { projectId: options.config.projectId, emulator: options.emulators?.functions },
    idToken: async () => (auth.currentUser ? auth.currentUser.getIdToken() : null),
  });
  // Read from Firestore; issued, credited and paid only through the functions (invoices.ts).
  const invoices = createFirestoreInvoices(db, {
    appCheck,
    functions: { projectId: options.config.projectId, emulator: options.emulators?.functions },
    idToken: async () => (auth.currentUser ? auth.currentUser.getIdToken() : null),
    // The client's link opens the same site as a quote's.
    publicUrl: () => quotesPublicUrl(options.quotes?.publicUrl, options.config.projectId),
  });
  let closed: Promise<void> | undefined;
  return {
    messages: {
      ...messages,
      // Firestore deletes nothing by itself: a deleted message's pipeline goes after it.
      async remove(ids) {
        await messages.remove(ids);
        await leads.forget([...new Set(ids)]);
        await quotes.forget([...new Set(ids)]);
      },
    },
    leads,
    quotes,
    invoices,
    settings,
    whatsappTaps: createFirestoreWhatsappTaps(db),
    session,
    notifications: createFirestoreNotifications(
      db,
      options.vapidPublicKey ?? null,
      ...(options.channels ? [options.channels] : []),
    ),
    // Once; later calls wait for the first.
    close() {
      closed ??= (async () => {
        messages.stopAll();
        leads.stopAll();
        session.close();
        consoleAppCheck?.stop();
        await stopFirebaseApp(app);
      })();
      return closed;
    },
  };
}
