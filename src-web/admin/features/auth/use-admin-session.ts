import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  BackendError,
  type Admin,
  type Backend,
  type SignInOptions,
} from '../../../../shared/backend/ports.ts';
import type { RoutePath } from '../../../../shared/domain/routes.ts';
import { useBackend } from '../../../backend/backend-context.tsx';
import { clearAllDrafts } from '../../hooks/use-draft.ts';

export interface AdminSessionRoutes {
  /** Where to go when the page opens (or the session starts elsewhere) with an admin signed in. */
  whenSignedIn?: RoutePath;
  /** Where to go when there is no session, or it ends (expiry, sign-out in another tab). */
  whenSignedOut?: RoutePath;
}

export interface AdminSessionHandle {
  backend: Backend | null;
  /** Undefined while the backend has not said yet. */
  admin: Admin | null | undefined;
  /** The backend could not be asked (offline): the state stays unknown. */
  checkFailed: boolean;
  signingOut: boolean;
  /** Signs in; the page itself decides where to go next (after its popup). */
  signIn(email: string, password: string, options?: SignInOptions): Promise<Admin>;
  /**
   * Signs in with the link e-mailed to a new device (its token), like `signIn`; rejects with
   * 'refused' where the backend has no such links (Firebase).
   */
  openNewDeviceLink(token: string): Promise<Admin>;
  /** Signs out and goes to `destination`, even when the backend could not be told. */
  signOut(destination: RoutePath): Promise<void>;
  /**
   * « Se déconnecter partout » where the backend can (else undefined): ends every session of
   * the owner, then goes to `destination`. Rejects, staying here, when the backend could not
   * be told (the other devices are then still signed in).
   */
  signOutEverywhere: ((destination: RoutePath) => Promise<void>) | undefined;
  /** The backend refused for lack of a session (a watch ended 'unauthorized'). */
  sessionLost(): void;
}

/**
 * The owner's session as the private screens use it: the state from the backend, and the
 * redirections that follow it. While the page signs in or out itself, it decides where to go.
 */
export function useAdminSession(routes: AdminSessionRoutes = {}): AdminSessionHandle {
  const { whenSignedIn, whenSignedOut } = routes;
  const navigate = useNavigate();
  const { search } = useLocation();
  // The query goes along between the private screens: the message a notification opens
  // (`?message=`) is still opened once the owner has signed in.
  const query = useRef(search);
  useEffect(() => {
    query.current = search;
  }, [search]);
  const redirect = useCallback(
    (pathname: RoutePath) => {
      void navigate({ pathname, search: query.current }, { replace: true });
    },
    [navigate],
  );
  const backend = useBackend();
  const [admin, setAdmin] = useState<Admin | null | undefined>(undefined);
  const [checkFailed, setCheckFailed] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  // Set while the page signs in or out: then the page, not the session's change, navigates.
  const acting = useRef(false);

  useEffect(() => {
    if (!backend) return;
    let active = true;
    const stop = backend.session.onChange((current) => {
      setAdmin(current);
      setCheckFailed(false);
      if (acting.current) return;
      if (current && whenSignedIn) redirect(whenSignedIn);
      if (!current && whenSignedOut) redirect(whenSignedOut);
    });
    // The changes never say that the question could not be asked: this does.
    backend.session.current().catch(() => {
      if (active) setCheckFailed(true);
    });
    return () => {
      active = false;
      stop();
    };
  }, [backend, redirect, whenSignedIn, whenSignedOut]);

  /** Signed in, the page shows its popup then leaves: no redirection meanwhile. */
  const act = useCallback(
    async (work: (session: Backend['session']) => Promise<Admin>) => {
      if (!backend) throw new Error('Backend non chargé.');
      acting.current = true;
      try {
        return await work(backend.session);
      } catch (error) {
        acting.current = false;
        throw error;
      }
    },
    [backend],
  );
  const signIn = useCallback(
    (email: string, password: string, options?: SignInOptions) =>
      act((session) => session.signIn(email, password, options)),
    [act],
  );
  const openNewDeviceLink = useCallback(
    (token: string) =>
      act((session) => {
        if (!session.openNewDeviceLink) throw new BackendError('refused');
        return session.openNewDeviceLink(token);
      }),
    [act],
  );

  const signOut = useCallback(
    async (destination: RoutePath) => {
      acting.current = true;
      setSigningOut(true);
      try {
        // The drafts of this browser go with the owner (use-draft.ts).
        clearAllDrafts();
        await backend?.session.signOut();
      } finally {
        await navigate(destination);
      }
    },
    [backend, navigate],
  );

  const canSignOutEverywhere = Boolean(backend?.session.signOutEverywhere);
  const signOutEverywhere = useCallback(
    async (destination: RoutePath) => {
      if (!backend?.session.signOutEverywhere) return;
      acting.current = true;
      setSigningOut(true);
      try {
        await backend.session.signOutEverywhere();
      } catch (error) {
        acting.current = false;
        setSigningOut(false);
        throw error;
      }
      clearAllDrafts();
      await navigate(destination);
    },
    [backend, navigate],
  );

  const sessionLost = useCallback(() => {
    if (!acting.current && whenSignedOut) redirect(whenSignedOut);
  }, [redirect, whenSignedOut]);

  return {
    backend,
    admin,
    checkFailed,
    signingOut,
    signIn,
    openNewDeviceLink,
    signOut,
    signOutEverywhere: canSignOutEverywhere ? signOutEverywhere : undefined,
    sessionLost,
  };
}
