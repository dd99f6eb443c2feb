import '../../lib/zod-jitless.ts';
import { useEffect, useId, useSyncExternalStore } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { failureText } from '../../../shared/backend/ports.ts';
import {
  firstPasswordSchema,
  MIN_PASSWORD_LENGTH,
  type FirstPasswordValues,
} from '../../../shared/domain/admin.ts';
import { ROUTES } from '../../../shared/domain/routes.ts';
import { FormField } from '../../components/form-field.tsx';
import { AdminShell } from '../features/auth/admin-shell.tsx';
import { useBackend } from '../../backend/backend-context.tsx';
import { usePageMeta } from '../hooks/use-page-meta.ts';
import { loadPopups, showAccountCreated, showFirstPasswordError } from '../../lib/popups.ts';

/** The token of the setup link: `#jeton=…` (a fragment never reaches a server's logs). */
function tokenFromHash(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('jeton');
}

function subscribeToHash(onChange: () => void) {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

function currentHash(): string | undefined {
  return window.location.hash;
}

/**
 * Where the owner chooses the account's e-mail and first password, from the one-time link
 * the local server prints at every start until then (docs/architecture.md). Done, the owner
 * is signed in and goes to the dashboard.
 */
export default function FirstPasswordPage() {
  usePageMeta(ROUTES.firstPassword);
  const id = useId();
  const navigate = useNavigate();
  const backend = useBackend();
  // The prerendered page (and so the hydrating render) knows no fragment: undefined, then
  // the token or null.
  const hash = useSyncExternalStore(subscribeToHash, currentHash, () => undefined);
  const token = hash === undefined ? undefined : tokenFromHash(hash);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FirstPasswordValues>({
    resolver: zodResolver(firstPasswordSchema),
    defaultValues: { email: '', password: '', confirmation: '' },
  });

  useEffect(() => {
    void loadPopups();
  }, []);

  const setFirstPassword = backend?.session.setFirstPassword;
  const onSubmit = async (values: FirstPasswordValues) => {
    if (!token || !setFirstPassword) return;
    try {
      const admin = await setFirstPassword(token, values.email.trim(), values.password);
      await showAccountCreated(admin.email);
      void navigate(ROUTES.dashboard, { replace: true });
    } catch (error) {
      await showFirstPasswordError(failureText(error));
    }
  };

  const unavailable = backend !== null && !setFirstPassword;
  const busy = backend === null || token === undefined || isSubmitting;
  return (
    <AdminShell>
      <div className="container py-5">
        <div className="card border-0 shadow-sm mx-auto p-4 p-md-5" style={{ maxWidth: '28rem' }}>
          <h1 className="h3 mb-1">Création du compte administrateur</h1>
          {unavailable ? (
            <p className="mb-0">
              Ce site utilise Firebase : le compte administrateur se crée dans la console Firebase,
              pas ici.
            </p>
          ) : token === null ? (
            <p className="mb-0">
              Ouvrez le lien affiché par le serveur à son démarrage (il se termine par « #jeton=… »)
              : cette page en a besoin pour créer le compte.
            </p>
          ) : (
            <>
              <p className="text-body-secondary mb-4">
                Choisissez l’adresse e-mail et le mot de passe avec lesquels vous vous connecterez.
                Ce lien ne sert qu’une fois.
              </p>
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
                  help={`${MIN_PASSWORD_LENGTH} caractères au moins ; une phrase que vous retenez fait l’affaire.`}
                  error={errors.password?.message}
                  required
                  className="mb-3"
                >
                  {(field) => (
                    <input
                      {...field.props}
                      type="password"
                      autoComplete="new-password"
                      className={field.className('form-control')}
                      {...register('password')}
                    />
                  )}
                </FormField>
                <FormField
                  id={`${id}-confirmation`}
                  label="Confirmez le mot de passe"
                  error={errors.confirmation?.message}
                  required
                  className="mb-4"
                >
                  {(field) => (
                    <input
                      {...field.props}
                      type="password"
                      autoComplete="new-password"
                      className={field.className('form-control')}
                      {...register('confirmation')}
                    />
                  )}
                </FormField>
                <button type="submit" className="btn btn-primary w-100" disabled={busy}>
                  {busy && (
                    <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
                  )}
                  Créer le compte
                </button>
              </form>
            </>
          )}
        </div>
      </div>
    </AdminShell>
  );
}
