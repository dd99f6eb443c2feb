import { describe, expect, it, vi } from 'vitest';
import { BackendError, type Admin } from '../../../../shared/backend/ports.ts';
import {
  createFirebaseAdminSession,
  type AuthAccount,
  type AuthGateway,
} from '../../../../shared/backend/firebase/auth-session.ts';
import { APP_CHECK_REFUSED, NOT_AN_ADMIN } from '../../../../shared/domain/messages.ts';
import { REMEMBERED_SESSION_MS, SIGN_IN_TOO_OLD } from '../../../../shared/domain/admin.ts';

const authFailure = (code: string) => Object.assign(new Error(code), { code });

interface FakeUser {
  email: string;
  password: string;
  claims: Record<string, unknown>;
}

/** A fake Firebase Authentication: accounts, the signed-in one, and its listeners. */
function fakeAuth(users: FakeUser[]) {
  let current: AuthAccount | null = null;
  const listeners = new Set<(account: AuthAccount | null) => void>();
  const claimRequests: boolean[] = [];
  let signOuts = 0;
  let signInFailure: Error | undefined;
  const account = (user: FakeUser): AuthAccount => ({
    email: user.email,
    claims: async (forceRefresh) => {
      claimRequests.push(forceRefresh);
      return { ...user.claims };
    },
  });
  const notify = () => {
    for (const listener of [...listeners]) listener(current);
  };
  const gateway: AuthGateway = {
    async signIn(email, password) {
      if (signInFailure) throw signInFailure;
      const user = users.find((candidate) => candidate.email === email);
      if (!user || user.password !== password) throw authFailure('auth/invalid-credential');
      current = account(user);
      notify();
      return current;
    },
    async signOut() {
      signOuts += 1;
      current = null;
      notify();
    },
    onAccountChanged(listener) {
      listeners.add(listener);
      queueMicrotask(() => listener(current));
      return () => listeners.delete(listener);
    },
  };
  return {
    gateway,
    claimRequests,
    signOuts: () => signOuts,
    signedIn: () => current,
    failSignIn(error: Error) {
      signInFailure = error;
    },
    /** Firebase found the account signed in from an earlier visit. */
    restore(email: string) {
      const user = users.find((candidate) => candidate.email === email);
      current = user ? account(user) : null;
      notify();
    },
  };
}

const OWNER = { email: 'proprietaire@agence.test', password: 'secret-1', claims: { admin: true } };
const CLIENT = { email: 'client@agence.test', password: 'secret-2', claims: {} };
const STRANGE = { email: 'autre@agence.test', password: 'secret-3', claims: { admin: 'true' } };

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('signing in', () => {
  it('lets in an account whose refreshed token carries admin: true', async () => {
    const auth = fakeAuth([OWNER]);
    const session = createFirebaseAdminSession(auth.gateway);
    expect(await session.signIn(OWNER.email, OWNER.password)).toEqual({ email: OWNER.email });
    // The claim was read from a freshly fetched token.
    expect(auth.claimRequests).toContain(true);
    expect(await session.current()).toEqual({ email: OWNER.email });
  });

  it.each([
    ['without the claim', CLIENT],
    ['with a claim that is not exactly true', STRANGE],
  ])('refuses an account %s and signs it out again', async (_, user) => {
    const auth = fakeAuth([user]);
    const session = createFirebaseAdminSession(auth.gateway);
    const seen: (Admin | null)[] = [];
    session.onChange((admin) => seen.push(admin));
    const error = await session.signIn(user.email, user.password).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackendError);
    expect(error).toMatchObject({ code: 'not-admin', message: NOT_AN_ADMIN });
    expect(auth.signedIn()).toBeNull();
    expect(auth.signOuts()).toBe(1);
    expect(await session.current()).toBeNull();
    await settle();
    expect(seen).toEqual([null]);
  });

  it.each([
    ['auth/invalid-credential', 'invalid-credentials'],
    ['auth/wrong-password', 'invalid-credentials'],
    ['auth/user-not-found', 'invalid-credentials'],
    ['auth/invalid-email', 'invalid-credentials'],
    ['auth/user-disabled', 'invalid-credentials'],
    ['auth/too-many-requests', 'rate-limited'],
    ['auth/network-request-failed', 'network'],
    ['auth/internal-error', 'unavailable'],
    ['auth/something-new', 'unknown'],
  ])('maps %s to %s', async (firebaseCode, code) => {
    const auth = fakeAuth([OWNER]);
    auth.failSignIn(authFailure(firebaseCode));
    const session = createFirebaseAdminSession(auth.gateway);
    await expect(session.signIn(OWNER.email, OWNER.password)).rejects.toMatchObject({ code });
    expect(await session.current()).toBeNull();
  });

  it('gives the same message for a wrong password and an unknown e-mail', async () => {
    const session = createFirebaseAdminSession(fakeAuth([OWNER]).gateway);
    const wrong = await session.signIn(OWNER.email, 'non').catch((e: unknown) => e);
    const unknown = await session.signIn('x@agence.test', 'non').catch((e: unknown) => e);
    expect(wrong).toMatchObject({ code: 'invalid-credentials' });
    expect((unknown as BackendError).message).toBe((wrong as BackendError).message);
  });

  it('says in French when App Check refused the sign-in', async () => {
    const auth = fakeAuth([OWNER]);
    auth.failSignIn(authFailure('auth/firebase-app-check-token-is-invalid'));
    const session = createFirebaseAdminSession(auth.gateway);
    await expect(session.signIn(OWNER.email, OWNER.password)).rejects.toMatchObject({
      code: 'refused',
      message: APP_CHECK_REFUSED,
    });
  });
});

describe('following the session', () => {
  it('reports the current state once, then only changes of admin', async () => {
    const auth = fakeAuth([OWNER, CLIENT]);
    const session = createFirebaseAdminSession(auth.gateway);
    const seen: (Admin | null)[] = [];
    session.onChange((admin) => seen.push(admin));
    await settle();
    expect(seen).toEqual([null]);
    await session.signIn(OWNER.email, OWNER.password);
    await settle();
    await session.signOut();
    await settle();
    expect(seen).toEqual([null, { email: OWNER.email }, null]);
  });

  it('knows an admin signed in from an earlier visit, and not a mere account', async () => {
    const auth = fakeAuth([OWNER, CLIENT]);
    auth.restore(OWNER.email);
    expect(await createFirebaseAdminSession(auth.gateway).current()).toEqual({
      email: OWNER.email,
    });
    const other = fakeAuth([OWNER, CLIENT]);
    other.restore(CLIENT.email);
    expect(await createFirebaseAdminSession(other.gateway).current()).toBeNull();
  });

  it("tells the store when the admin's session ends, whatever ended it", async () => {
    const auth = fakeAuth([OWNER]);
    const session = createFirebaseAdminSession(auth.gateway);
    let ends = 0;
    session.onSessionEnd(() => {
      ends += 1;
    });
    await session.signIn(OWNER.email, OWNER.password);
    // Signed out elsewhere (another tab, an expired refresh token): Firebase reports it.
    auth.restore('personne');
    await settle();
    expect(ends).toBe(1);
    expect(await session.current()).toBeNull();
  });

  it('stops listening once closed', async () => {
    const auth = fakeAuth([OWNER]);
    const session = createFirebaseAdminSession(auth.gateway);
    const seen: (Admin | null)[] = [];
    session.onChange((admin) => seen.push(admin));
    await settle();
    session.close();
    auth.restore(OWNER.email);
    await settle();
    expect(seen).toEqual([null]);
  });
});

describe('the age of a sign-in (« Rester connecté sur cet appareil », 30 days at most)', () => {
  const SIGNED_IN_AT = Date.UTC(2026, 10, 1, 9, 0);
  // The token's auth_time, in seconds, as Firebase writes it.
  const OLD_OWNER = {
    ...OWNER,
    claims: { admin: true, auth_time: SIGNED_IN_AT / 1000 },
  };

  it('signs out an admin found signed in 30 days ago, and says why', async () => {
    const auth = fakeAuth([OLD_OWNER]);
    auth.restore(OWNER.email);
    const session = createFirebaseAdminSession(auth.gateway, {
      now: () => SIGNED_IN_AT + REMEMBERED_SESSION_MS,
    });
    expect(await session.current()).toBeNull();
    await settle();
    expect(auth.signOuts()).toBe(1);
    expect(session.endNotice?.()).toBe(SIGN_IN_TOO_OLD);
  });

  it('keeps an admin signed in a minute less than 30 days ago', async () => {
    const auth = fakeAuth([OLD_OWNER]);
    auth.restore(OWNER.email);
    const session = createFirebaseAdminSession(auth.gateway, {
      now: () => SIGNED_IN_AT + REMEMBERED_SESSION_MS - 60_000,
    });
    expect(await session.current()).toEqual({ email: OWNER.email });
    expect(auth.signOuts()).toBe(0);
    expect(session.endNotice?.()).toBeNull();
  });

  it('signs out by itself when the 30 days end while the page is open', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      vi.setSystemTime(SIGNED_IN_AT + REMEMBERED_SESSION_MS - 3 * 86_400_000);
      const auth = fakeAuth([OLD_OWNER]);
      auth.restore(OWNER.email);
      const session = createFirebaseAdminSession(auth.gateway);
      const seen: (Admin | null)[] = [];
      session.onChange((admin) => seen.push(admin));
      expect(await session.current()).toEqual({ email: OWNER.email });
      // Two days on (the check runs at least daily: a timer of 30 days would fire at once).
      await vi.advanceTimersByTimeAsync(2 * 86_400_000);
      expect(seen).toEqual([{ email: OWNER.email }]);
      await vi.advanceTimersByTimeAsync(86_400_000);
      expect(seen).toEqual([{ email: OWNER.email }, null]);
      expect(auth.signOuts()).toBe(1);
      expect(session.endNotice?.()).toBe(SIGN_IN_TOO_OLD);
      session.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets the notice at the next sign-in', async () => {
    let now = SIGNED_IN_AT + REMEMBERED_SESSION_MS;
    const auth = fakeAuth([OLD_OWNER]);
    auth.restore(OWNER.email);
    const session = createFirebaseAdminSession(auth.gateway, { now: () => now });
    expect(await session.current()).toBeNull();
    expect(session.endNotice?.()).toBe(SIGN_IN_TOO_OLD);
    // A new sign-in: Firebase dates it now.
    now = SIGNED_IN_AT;
    await session.signIn(OWNER.email, OWNER.password, { remember: true });
    expect(session.endNotice?.()).toBeNull();
    await settle();
    expect(await session.current()).toEqual({ email: OWNER.email });
  });
});
