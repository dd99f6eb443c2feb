import { lazy, Suspense } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router-dom';
import { ROUTES } from '../shared/domain/routes.ts';
import { PublicLayout } from './components/layout/public-layout.tsx';
import { ScrollToTop } from './components/layout/scroll-to-top.tsx';
import ContactPage from './pages/contact-page.tsx';
import HomePage from './pages/home-page.tsx';
import NotFoundPage from './pages/not-found-page.tsx';
import PortfolioPage from './pages/portfolio-page.tsx';
import PrivacyPage from './pages/privacy-page.tsx';
import ServicesPage from './pages/services-page.tsx';
import TeamPage from './pages/team-page.tsx';

// The admin screens are their own chunks: visitors never download them.
const LoginPage = lazy(() => import('./pages/login-page.tsx'));
const DashboardPage = lazy(() => import('./pages/dashboard-page.tsx'));

function AdminFallback() {
  return (
    <div className="d-flex justify-content-center align-items-center min-vh-100" role="status">
      <span className="spinner-border text-primary me-2" aria-hidden="true" />
      Chargement…
    </div>
  );
}

/** Every route (docs/architecture.md). Paths are case-sensitive, as on the server. */
export function App() {
  return (
    <>
      <ScrollToTop />
      <Routes>
        <Route path="/" element={<Navigate to={ROUTES.home} replace />} />
        <Route
          element={
            <PublicLayout>
              <Outlet />
            </PublicLayout>
          }
        >
          <Route caseSensitive path={ROUTES.home} element={<HomePage />} />
          <Route caseSensitive path={ROUTES.services} element={<ServicesPage />} />
          <Route caseSensitive path={ROUTES.portfolio} element={<PortfolioPage />} />
          <Route caseSensitive path={ROUTES.team} element={<TeamPage />} />
          <Route caseSensitive path={ROUTES.contact} element={<ContactPage />} />
          <Route caseSensitive path={ROUTES.privacy} element={<PrivacyPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
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
      </Routes>
    </>
  );
}
