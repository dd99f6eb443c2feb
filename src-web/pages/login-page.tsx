import '../zod-jitless.ts';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate } from 'react-router-dom';
import { failureText, isBackendError } from '../../shared/backend/ports.ts';
import { signInSchema, type SignInValues } from '../../shared/domain/admin.ts';
import { LOGIN_SUCCESS_POPUP_MS } from '../../shared/domain/constants.ts';
import { ROUTES } from '../../shared/domain/routes.ts';
import { FormField } from '../components/form-field.tsx';
import { AdminShell } from '../features/auth/admin-shell.tsx';
import { useAdminSession } from '../features/auth/use-admin-session.ts';
import { usePageMeta } from '../hooks/use-page-meta.ts';
import {
  loadPopups,
  showLoginError,
  showLoginFailure,
  showLoginSuccess,
  showNotAnAdmin,
} from '../popups.ts';

/**
 * The owner's sign-in: the credentials are checked by the backend, then the « Login
 * Successful! » popup shows for 700 ms before the dashboard (docs/architecture.md). With a
 * live session the page goes straight to the dashboard.
 */
export default function LoginPage() {
  usePageMeta(ROUTES.login);
  const id = useId();
  const navigate = useNavigate();
  // Kept on the way to the dashboard: the message a notification's link opens.
  const { search } = useLocation();
  const session = useAdminSession({ whenSignedIn: ROUTES.dashboard });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });

  useEffect(() => {
    void loadPopups();
  }, []);

  const onSubmit = async (values: SignInValues) => {
    try {
      const admin = await session.signIn(values.email.trim(), values.password);
      await showLoginSuccess(admin.email, LOGIN_SUCCESS_POPUP_MS);
      await navigate({ pathname: ROUTES.dashboard, search }, { replace: true });
    } catch (error) {
      if (isBackendError(error) && error.code === 'invalid-credentials') await showLoginFailure();
      else if (isBackendError(error) && error.code === 'not-admin') {
        await showNotAnAdmin(values.email.trim());
      } else await showLoginError(failureText(error));
    }
  };

  // Until the backend has said whether a session is open, nothing is sent (unless it cannot
  // say: the sign-in will then tell what is wrong).
  const busy = (session.admin === undefined && !session.checkFailed) || isSubmitting;
  return (
    <AdminShell>
      <div className="container py-5">
        <div className="card border-0 shadow-sm mx-auto p-4 p-md-5" style={{ maxWidth: '28rem' }}>
          <h1 className="h3 mb-1">Connexion</h1>
          <p className="text-body-secondary mb-4">Espace réservé à l’administrateur de l’agence.</p>
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
              className="mb-4"
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
            <button type="submit" className="btn btn-primary w-100" disabled={busy}>
              {busy && (
                <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              )}
              Login
            </button>
          </form>
        </div>
      </div>
    </AdminShell>
  );
}
