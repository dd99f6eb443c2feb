import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { ROUTES } from '../../shared/domain/routes.ts';
import { useNotificationClicks } from './features/notifications/use-notification-clicks.ts';

// Each private screen is its own chunk: the login page never downloads the dashboard.
const LoginPage = lazy(() => import('./pages/login-page.tsx'));
const DashboardPage = lazy(() => import('./pages/dashboard-page.tsx'));
const FirstPasswordPage = lazy(() => import('./pages/first-password-page.tsx'));

function AdminFallback() {
  return (
    <div className="d-flex justify-content-center align-items-center min-vh-100" role="status">
      <span className="spinner-border text-primary me-2" aria-hidden="true" />
      Chargement…
    </div>
  );
}

/**
 * Any other path (the site's home after Logout, « Retour au site ») is a page of the public
 * site, which is its own prerendered document: load it.
 */
function PublicSitePage() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    window.location.replace(`${pathname}${search}${hash}`);
  }, [pathname, search, hash]);
  return <AdminFallback />;
}

/** The private screens: the login, the dashboard and the first password, on their own bundle. */
export function AdminApp() {
  useNotificationClicks();
  return (
    <Routes>
      <Route
        caseSensitive
        path={ROUTES.login}
        element={
          <Suspense fallback={<AdminFallback />}>
            <LoginPage />
          </Suspense>
        }
      />
      <Route
        caseSensitive
        path={ROUTES.dashboard}
        element={
          <Suspense fallback={<AdminFallback />}>
            <DashboardPage />
          </Suspense>
        }
      />
      <Route
        caseSensitive
        path={ROUTES.firstPassword}
        element={
          <Suspense fallback={<AdminFallback />}>
            <FirstPasswordPage />
          </Suspense>
        }
      />
      <Route path="*" element={<PublicSitePage />} />
    </Routes>
  );
}
