import '../zod-jitless.ts';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { failureText, isBackendError } from '../../shared/backend/ports.ts';
import { signInSchema, type SignInValues } from '../../shared/domain/admin.ts';
import { LOGIN_SUCCESS_POPUP_MS } from '../../shared/domain/constants.ts';
import { ROUTES } from '../../shared/domain/routes.ts';
import { useBackend } from '../backend/backend-context.tsx';
import { AdminShell } from '../features/auth/admin-shell.tsx';
import { rememberSignIn } from '../features/auth/user-record.ts';
import { usePageMeta } from '../hooks/use-page-meta.ts';
import { loadPopups, showLoginError, showLoginFailure, showLoginSuccess } from '../popups.ts';

/**
 * The owner's sign-in (spec sections 4 and 8). The credentials are checked by the backend;
 * with a live session the page goes straight to the dashboard.
 */
export default function LoginPage() {
  usePageMeta(ROUTES.login);
  const id = useId();
  const navigate = useNavigate();
  const backend = useBackend();
  const [checking, setChecking] = useState(true);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });

  useEffect(() => {
    if (!backend) return;
    let active = true;
    void loadPopups();
    backend.session
      .current()
      .then((admin) => {
        if (!active) return;
        if (admin) navigate(ROUTES.dashboard, { replace: true });
        else setChecking(false);
      })
      .catch(() => {
        if (active) setChecking(false);
      });
    return () => {
      active = false;
    };
  }, [backend, navigate]);

  const onSubmit = async (values: SignInValues) => {
    if (!backend) return;
    try {
      const admin = await backend.session.signIn(values.email.trim(), values.password);
      const record = rememberSignIn(admin.email);
      await showLoginSuccess(admin.email, LOGIN_SUCCESS_POPUP_MS);
      navigate(record.allowedRoute, { replace: true });
    } catch (error) {
      if (isBackendError(error) && error.code === 'invalid-credentials') await showLoginFailure();
      else await showLoginError(failureText(error));
    }
  };

  const busy = !backend || checking;
  return (
    <AdminShell>
      <div className="container py-5">
        <div className="card border-0 shadow-sm mx-auto p-4 p-md-5" style={{ maxWidth: '28rem' }}>
          <h1 className="h3 mb-1">Connexion</h1>
          <p className="text-body-secondary mb-4">Espace réservé à l’administrateur de l’agence.</p>
          <form noValidate onSubmit={handleSubmit(onSubmit)} aria-busy={busy || isSubmitting}>
            <div className="mb-3">
              <label htmlFor={`${id}-email`} className="form-label">
                E-mail
              </label>
              <input
                id={`${id}-email`}
                type="email"
                autoComplete="username"
                inputMode="email"
                className={`form-control${errors.email ? ' is-invalid' : ''}`}
                aria-required="true"
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={errors.email ? `${id}-email-error` : undefined}
                {...register('email')}
              />
              {errors.email && (
                <div id={`${id}-email-error`} className="invalid-feedback">
                  {errors.email.message}
                </div>
              )}
            </div>
            <div className="mb-4">
              <label htmlFor={`${id}-password`} className="form-label">
                Mot de passe
              </label>
              <input
                id={`${id}-password`}
                type="password"
                autoComplete="current-password"
                className={`form-control${errors.password ? ' is-invalid' : ''}`}
                aria-required="true"
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={errors.password ? `${id}-password-error` : undefined}
                {...register('password')}
              />
              {errors.password && (
                <div id={`${id}-password-error`} className="invalid-feedback">
                  {errors.password.message}
                </div>
              )}
            </div>
            <button type="submit" className="btn btn-primary w-100" disabled={busy || isSubmitting}>
              {(busy || isSubmitting) && (
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
