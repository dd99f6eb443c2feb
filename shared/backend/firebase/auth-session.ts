import type { FirebaseApp } from '@firebase/app';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  getIdTokenResult,
  indexedDBLocalPersistence,
  inMemoryPersistence,
  initializeAuth,
  onIdTokenChanged,
  setPersistence,
  signInWithEmailAndPassword,
  signOut,
  type Auth,
  type Persistence,
  type User,
} from '@firebase/auth';
import { BackendError, type Admin, type AdminSession, type SignInOptions } from '../ports.ts';
import { createSessionState } from '../session-state.ts';
import { NOT_AN_ADMIN } from '../../domain/messages.ts';
import { REMEMBERED_SESSION_MS, SIGN_IN_TOO_OLD, signInTooOld } from '../../domain/admin.ts';
import { authError } from './errors.ts';

import { ADMIN_CLAIM } from './console-app-check-protocol.ts';

export { ADMIN_CLAIM };

// ---- the SDK boundary ---------------------------------------------------------------------

/** A signed-in Firebase account. */
export interface AuthAccount {
  readonly email: string | null;
  /** The claims of its ID token; `forceRefresh` fetches a new token (to see a new claim). */
  claims(forceRefresh: boolean): Promise<Record<string, unknown>>;
}

/** What the session needs from Firebase Authentication; tests pass a fake. */
export interface AuthGateway {
  signIn(email: string, password: string, options?: SignInOptions): Promise<AuthAccount>;
  signOut(): Promise<void>;
  /**
   * « Se déconnecter partout »: has the backend revoke every refresh token of the signed-in
   * account (the `signOutEverywhere` function), then signs out here. Absent where it cannot.
   */
  signOutEverywhere?(): Promise<void>;
  /** Called with the current account at once, then on sign-in, sign-out and token change. */
  onAccountChanged(listener: (account: AuthAccount | null) => void): () => void;
}

/**
 * Firebase Authentication for a Firebase app. In a browser, « Rester connecté sur cet
 * appareil » chooses where the signed-in user is kept (`rememberIn`): checked, IndexedDB (else
 * localStorage), which outlives the browser; unchecked, sessionStorage, which this tab alone
 * keeps, until it closes. A reload finds the user in either. Without them (Node), in memory. Or
 * it is kept by `persistence` (the desktop console's, in its encrypted secret file).
 */
export function startFirebaseAuth(
  app: FirebaseApp,
  emulatorUrl?: string,
  persistence?: Persistence,
): Auth {
  const auth = initializeAuth(app, {
    persistence: persistence
      ? [persistence, inMemoryPersistence]
      : [
          indexedDBLocalPersistence,
          browserLocalPersistence,
          browserSessionPersistence,
          inMemoryPersistence,
        ],
  });
  if (emulatorUrl) connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true });
  return auth;
}

/**
 * Where a browser keeps the user signed in with the box checked or not (see startFirebaseAuth);
 * null where the platform has neither (Node, a browser refusing storage): unchanged.
 */
export function rememberIn(remember: boolean): Persistence | null {
  if (remember) {
    if ('indexedDB' in globalThis) return indexedDBLocalPersistence;
    return 'localStorage' in globalThis ? browserLocalPersistence : null;
  }
  return 'sessionStorage' in globalThis ? browserSessionPersistence : null;
}

export interface AuthGatewayOptions {
  /**
   * Follow « Rester connecté sur cet appareil » (a browser); false where the persistence is the
   * host's own (the desktop console's secret file).
   */
  choosePersistence: boolean;
  /**
   * Calls the `signOutEverywhere` function with this ID token (it revokes the account's refresh
   * tokens); absent where the backend has no functions to call.
   */
  revokeEverywhere?: (idToken: string) => Promise<void>;
}

export function firebaseAuthGateway(
  auth: Auth,
  options: AuthGatewayOptions = { choosePersistence: false },
): AuthGateway {
  const account = (user: User): AuthAccount => ({
    email: user.email,
    claims: async (forceRefresh) => (await getIdTokenResult(user, forceRefresh)).claims,
  });
  const { revokeEverywhere } = options;
  return {
    async signIn(email, password, signInOptions) {
      const persistence = options.choosePersistence
        ? rememberIn(signInOptions?.remember === true)
        : null;
      if (persistence) await setPersistence(auth, persistence);
      const credential = await signInWithEmailAndPassword(auth, email, password);
      return account(credential.user);
    },
    signOut: () => signOut(auth),
    ...(revokeEverywhere
      ? {
          async signOutEverywhere() {
            const user = auth.currentUser;
            if (!user) throw new BackendError('unauthorized');
            await revokeEverywhere(await user.getIdToken());
            await signOut(auth);
          },
        }
      : {}),
    onAccountChanged: (listener) =>
      onIdTokenChanged(auth, (user) => listener(user ? account(user) : null)),
  };
}

// ---- the session --------------------------------------------------------------------------

export interface FirebaseAdminSessionOptions {
  /** This machine's time, in milliseconds (Date.now by default; tests move it). */
  now?: () => number;
}

export interface FirebaseAdminSession extends AdminSession {
  /**
   * Registers a callback for when a signed-in admin stops being one (sign-out, expiry, claim
   * removed); returns the function that unregisters it.
   */
  onSessionEnd(callback: () => void): () => void;
  /** Stops following Firebase Authentication. */
  close(): void;
}

async function adminOf(account: AuthAccount, forceRefresh: boolean): Promise<Admin | null> {
  return (await tokenOf(account, forceRefresh)).admin;
}

/**
 * What the account's ID token says: an admin or not, and when the account signed in with its
 * password (`auth_time`, in seconds, which every renewal keeps), in milliseconds, or null when
 * the token does not say.
 */
async function tokenOf(
  account: AuthAccount,
  forceRefresh: boolean,
): Promise<{ admin: Admin | null; since: number | null }> {
  const claims = await account.claims(forceRefresh);
  const authTime = claims.auth_time;
  const seconds = typeof authTime === 'string' ? Number(authTime) : authTime;
  return {
    admin: claims[ADMIN_CLAIM] === true ? { email: account.email ?? '' } : null,
    since: typeof seconds === 'number' && Number.isFinite(seconds) ? seconds * 1000 : null,
  };
}

// A timer longer than about 24.8 days fires at once: the crossing is checked at least daily.
const AGE_CHECK_MAX_MS = 24 * 3_600_000;

/**
 * The AdminSession port over Firebase Authentication: a Firebase account is an admin only
 * while its ID token carries `admin: true`; any other account is signed out again at once.
 * So is an admin whose sign-in is REMEMBERED_SESSION_DAYS old (firestore.rules refuse it from
 * then on, on the server's clock): at that age, whether found on opening or reached while the
 * page is open, the session signs out by itself and `endNotice` says why.
 */
export function createFirebaseAdminSession(
  gateway: AuthGateway,
  { now = Date.now }: FirebaseAdminSessionOptions = {},
): FirebaseAdminSession {
  const state = createSessionState();
  let notice: string | null = null;
  let ageCheck: ReturnType<typeof setTimeout> | undefined;
  const stopAgeCheck = () => {
    if (ageCheck !== undefined) clearTimeout(ageCheck);
    ageCheck = undefined;
  };
  // Every change bumps this; an answer about an older state is dropped.
  let generation = 0;
  let signingIn = 0;
  // The account Firebase last reported (undefined before its first report).
  let lastAccount: AuthAccount | null | undefined;

  function evaluate(account: AuthAccount | null): void {
    const asked = ++generation;
    stopAgeCheck();
    const current = () => asked === generation && signingIn === 0;
    const settle = (admin: Admin | null) => {
      if (current()) state.set(admin);
    };
    if (account === null) {
      settle(null);
      return;
    }
    // Without a readable token (offline and expired), nothing proves an admin.
    tokenOf(account, false).then(
      ({ admin, since }) => {
        // An account read without the claim (removed since it signed in) is signed out, so
        // that no kept session (the console's) holds on to it; so is a sign-in too old.
        const tooOld = admin !== null && since !== null && signInTooOld(since, now());
        if ((!admin || tooOld) && current()) {
          if (tooOld) notice = SIGN_IN_TOO_OLD;
          void signOutQuietly();
        }
        if (tooOld) {
          settle(null);
          return;
        }
        if (admin && since !== null && current()) {
          const left = since + REMEMBERED_SESSION_MS - now();
          ageCheck = setTimeout(
            () => {
              if (current() && lastAccount) evaluate(lastAccount);
            },
            Math.min(left, AGE_CHECK_MAX_MS),
          );
        }
        settle(admin);
      },
      () => settle(null),
    );
  }

  const stopFollowing = gateway.onAccountChanged((account) => {
    lastAccount = account;
    // A sign-in in progress decides the state itself, once it has checked the claim.
    if (signingIn > 0) generation += 1;
    else evaluate(account);
  });

  async function signOutQuietly(): Promise<void> {
    await gateway.signOut().catch(() => undefined);
  }

  const session: FirebaseAdminSession = {
    async signIn(email, password, options) {
      signingIn += 1;
      let admin: Admin | null = null;
      let failure: BackendError | undefined;
      let signedIn = false;
      try {
        const account = await gateway.signIn(email, password, options);
        signedIn = true;
        // Forced refresh: a claim granted since the last token shows at once.
        admin = await adminOf(account, true);
        if (!admin) {
          // The password was right: saying « Invalid Credentials » would send the owner
          // looking for a typo. Not an admin is a refusal of its own (login-page.tsx).
          failure = new BackendError('not-admin', { message: NOT_AN_ADMIN });
        }
      } catch (error) {
        failure = authError(error);
      }
      // An account that is not an admin does not stay signed in, and whoever was signed in
      // before it has been replaced.
      if (failure && signedIn) await signOutQuietly();
      signingIn -= 1;
      generation += 1;
      if (failure || !admin) {
        if (signedIn) state.set(null);
        // Firebase kept whoever was signed in: settle what it reported meanwhile.
        else if (lastAccount !== undefined && signingIn === 0) evaluate(lastAccount);
        throw failure ?? new BackendError('unknown');
      }
      const signedInAdmin = { email: admin.email || email };
      notice = null;
      state.set(signedInAdmin);
      // Follows the new sign-in's age from now on.
      if (lastAccount) evaluate(lastAccount);
      return signedInAdmin;
    },

    async signOut() {
      try {
        await gateway.signOut();
      } catch (error) {
        throw authError(error);
      }
      generation += 1;
      state.set(null);
    },

    ...(gateway.signOutEverywhere
      ? {
          async signOutEverywhere() {
            const everywhere = gateway.signOutEverywhere;
            try {
              await everywhere?.();
            } catch (error) {
              throw error instanceof BackendError ? error : authError(error);
            }
            generation += 1;
            state.set(null);
          },
        }
      : {}),

    current: () => state.settled(),

    endNotice: () => notice,

    // Firebase's first report tells every listener that came before it.
    onChange: (listener) => state.subscribe(listener),

    onSessionEnd: (callback) => state.onEnd(callback),

    close() {
      stopAgeCheck();
      stopFollowing();
      state.clear();
    },
  };
  return session;
}
