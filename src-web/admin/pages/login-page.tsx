import '../../lib/zod-jitless.ts';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate } from 'react-router-dom';
import { failureText, isBackendError } from '../../../shared/backend/ports.ts';
import {
  newDeviceTokenFrom,
  signInSchema,
  type SignInValues,
} from '../../../shared/domain/admin.ts';
import { LOGIN_SUCCESS_POPUP_MS } from '../../../shared/domain/constants.ts';
import { ROUTES } from '../../../shared/domain/routes.ts';
import { FormField } from '../../components/form-field.tsx';
import { AdminShell } from '../features/auth/admin-shell.tsx';
import { useAdminSession } from '../features/auth/use-admin-session.ts';
import { usePageMeta } from '../hooks/use-page-meta.ts';
import {
  loadPopups,
  showLoginError,
  showLoginFailure,
  showLoginSuccess,
  showNewDevice,
  showNotAnAdmin,
} from '../../lib/popups.ts';

/** The sign-in by an e-mailed link: being opened, or refused (and why, in French). */
type LinkState = { kind: 'none' } | { kind: 'opening' } | { kind: 'failed'; message: string };

const INCOMPLETE_LINK =
  'Ce lien de connexion est incomplet : copiez-le en entier depuis l’e-mail (il contient « #appareil= »).';

/**
 * The owner's sign-in: the credentials are checked by the backend, then the « Login
 * Successful! » popup shows for 700 ms before the dashboard (docs/architecture.md). With a
 * live session the page goes straight to the dashboard.
 *
 * From an unknown device while the account is under attack, the backend e-mails a link
 * instead (docs/inbox.md): the page says so in a popup, and signs in when it opens with that
 * link (`#appareil=…`) or when the link is pasted under the form (another browser opened
 * it, or this is the desktop console, whose cookies live outside any browser).
 */
export default function LoginPage() {
  usePageMeta(ROUTES.login);
  const id = useId();
  const navigate = useNavigate();
  // Kept on the way to the dashboard: the message a notification's link opens.
  const { search, hash } = useLocation();
  const session = useAdminSession({ whenSignedIn: ROUTES.dashboard });
  const [link, setLink] = useState<LinkState>({ kind: 'none' });
  const [offerPaste, setOfferPaste] = useState(false);
  const [pasted, setPasted] = useState('');
  const [pasteError, setPasteError] = useState<string | undefined>();
  const openedFromAddress = useRef(false);
  const { openNewDeviceLink } = session;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '', remember: false },
  });

  useEffect(() => {
    void loadPopups();
  }, []);

  const signInWithLink = useCallback(
    async (token: string) => {
      setLink({ kind: 'opening' });
      try {
        const admin = await openNewDeviceLink(token);
        await showLoginSuccess(admin.email, LOGIN_SUCCESS_POPUP_MS);
        await navigate({ pathname: ROUTES.dashboard, search }, { replace: true });
      } catch (error) {
        setLink({ kind: 'failed', message: failureText(error) });
      }
    },
    [navigate, openNewDeviceLink, search],
  );

  // Opened from the e-mail: the token is in the fragment, which never reaches a server's
  // logs; it is taken off the address at once (a reload must not try it again).
  useEffect(() => {
    if (!session.backend || openedFromAddress.current || !hash.includes('appareil=')) return;
    openedFromAddress.current = true;
    const token = newDeviceTokenFrom(hash);
    void (async () => {
      await navigate({ pathname: ROUTES.login, search }, { replace: true });
      if (token) await signInWithLink(token);
      else setLink({ kind: 'failed', message: INCOMPLETE_LINK });
    })();
  }, [hash, navigate, search, session.backend, signInWithLink]);

  const onPaste = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const token = newDeviceTokenFrom(pasted);
    setPasteError(token ? undefined : INCOMPLETE_LINK);
    if (token) void signInWithLink(token);
  };

  const onSubmit = async (values: SignInValues) => {
    try {
      const admin = await session.signIn(values.email.trim(), values.password, {
        remember: values.remember === true,
      });
      await showLoginSuccess(admin.email, LOGIN_SUCCESS_POPUP_MS);
      await navigate({ pathname: ROUTES.dashboard, search }, { replace: true });
    } catch (error) {
      if (isBackendError(error) && error.newDevice) {
        if (error.newDevice === 'link-sent') setOfferPaste(true);
        setLink({ kind: 'none' });
        await showNewDevice(error.message);
      } else if (isBackendError(error) && error.code === 'invalid-credentials') {
        await showLoginFailure();
      } else if (isBackendError(error) && error.code === 'not-admin') {
        await showNotAnAdmin(values.email.trim());
      } else await showLoginError(failureText(error));
    }
  };

  // Until the backend has said whether a session is open, nothing is sent (unless it cannot
  // say: the sign-in will then tell what is wrong).
  const busy =
    (session.admin === undefined && !session.checkFailed) ||
    isSubmitting ||
    link.kind === 'opening';
  // The session ended by itself (Firebase: a sign-in 30 days old): why, above the form.
  const endNotice =
    session.admin === null ? (session.backend?.session.endNotice?.() ?? null) : null;
  return (
    <AdminShell>
      <div className="container py-5">
        <div className="card border-0 shadow-sm mx-auto p-4 p-md-5" style={{ maxWidth: '28rem' }}>
          <h1 className="h3 mb-1">Connexion</h1>
          <p className="text-body-secondary mb-4">Espace réservé à l’administrateur de l’agence.</p>
          {endNotice && (
            <p className="alert alert-info" role="status">
              {endNotice}
            </p>
          )}
          {link.kind === 'opening' && (
            <p className="alert alert-info d-flex align-items-center" role="status">
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              Connexion de ce navigateur par le lien reçu par e-mail…
            </p>
          )}
          {link.kind === 'failed' && (
            <div className="alert alert-warning" role="alert">
              <h2 className="h6 alert-heading">Connexion par lien impossible</h2>
              <p className="mb-0">{link.message}</p>
            </div>
          )}
          <form
            noValidate
            onSubmit={(event) => void handleSubmit(onSubmit)(event)}
            aria-busy={busy}
          >
            <FormField
              id={`${id}-email`}
              label="E-mail"
              error={errors.email?.message}
              required
              className="mb-3"
            >
              {(field) => (
                <input
                  {...field.props}
                  type="email"
                  autoComplete="username"
                  inputMode="email"
                  className={field.className('form-control')}
                  {...register('email')}
                />
              )}
            </FormField>
            <FormField
              id={`${id}-password`}
              label="Mot de passe"
              error={errors.password?.message}
              required
              className="mb-3"
            >
              {(field) => (
                <input
                  {...field.props}
                  type="password"
                  autoComplete="current-password"
                  className={field.className('form-control')}
                  {...register('password')}
                />
              )}
            </FormField>
            <div className="form-check mb-4">
              <input
                id={`${id}-remember`}
                type="checkbox"
                className="form-check-input"
                aria-describedby={`${id}-remember-help`}
                {...register('remember')}
              />
              <label htmlFor={`${id}-remember`} className="form-check-label">
                Rester connecté sur cet appareil
              </label>
              <div id={`${id}-remember-help`} className="form-text">
                30 jours, même après avoir fermé le navigateur. Seulement sur votre propre appareil,
                jamais sur un ordinateur partagé.
              </div>
            </div>
            <button type="submit" className="btn btn-primary w-100" disabled={busy}>
              {busy && (
                <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              )}
              Login
            </button>
          </form>
          {(offerPaste || link.kind === 'failed') && (
            <form noValidate onSubmit={onPaste} className="border-top mt-4 pt-4">
              <FormField
                id={`${id}-link`}
                label="Lien reçu par e-mail"
                help="Le lien s’ouvre dans un autre navigateur, ou vous êtes dans la console de bureau ? Collez-le ici, là où vous avez saisi le mot de passe. Rien reçu ? Vérifiez le mot de passe et le courrier indésirable : un seul lien part toutes les 10 minutes."
                error={pasteError}
                className="mb-3"
              >
                {(field) => (
                  <input
                    {...field.props}
                    type="text"
                    inputMode="url"
                    autoComplete="off"
                    spellCheck={false}
                    className={field.className('form-control')}
                    value={pasted}
                    onChange={(event) => setPasted(event.target.value)}
                  />
                )}
              </FormField>
              <button type="submit" className="btn btn-outline-primary w-100" disabled={busy}>
                Se connecter avec ce lien
              </button>
            </form>
          )}
        </div>
      </div>
    </AdminShell>
  );
}
