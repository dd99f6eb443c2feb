import { BackendError, type SignInOptions } from '../../../shared/backend/ports.ts';
import type { BackendAccess } from './connection.ts';

/** Signing in and out, asked of the backend; the session's changes come back from it. */
export function sessionOperations(backend: BackendAccess) {
  return {
    signIn: (email: string, password: string, options?: SignInOptions) =>
      backend.use((source) => source.session.signIn(email, password, options)),

    /** The console keeps its cookies here: the e-mailed link is pasted in, not opened. */
    openNewDeviceLink: (token: string) =>
      backend.use((source) => {
        if (!source.session.openNewDeviceLink) throw new BackendError('refused');
        return source.session.openNewDeviceLink(token);
      }),

    signOut: () =>
      backend.use(async (source) => {
        await source.session.signOut();
        return null;
      }),

    /** « Se déconnecter partout »: refused ('unavailable') where the backend cannot. */
    signOutEverywhere: () =>
      backend.use(async (source) => {
        if (!source.session.signOutEverywhere) throw new BackendError('unavailable');
        await source.session.signOutEverywhere();
        return null;
      }),

    current: () => backend.use((source) => source.session.current()),
  };
}
