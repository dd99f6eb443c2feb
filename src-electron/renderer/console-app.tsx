import { useCallback, useEffect, useMemo, useRef } from 'react';
import {
  Link,
  MemoryRouter,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
} from 'react-router-dom';
import { ROUTES } from '../../shared/domain/routes.ts';
import type { DesktopApi } from '../../shared/ipc/contract.ts';
import { BackendProvider } from '../../src-web/backend/backend-context.tsx';
import { AdminShellOptionsProvider } from '../../src-web/admin/features/auth/admin-shell.tsx';
import DashboardPage from '../../src-web/admin/pages/dashboard-page.tsx';
import LoginPage from '../../src-web/admin/pages/login-page.tsx';
import { createIpcBackend } from './ipc-backend.ts';
import { revealWhenRendered } from './reveal-message.ts';
import { DESKTOP_ROUTES } from './routes.ts';
import { SettingsPage } from './settings-page.tsx';

/** Tells the main process which screen is shown, so it knows when the inbox is being read. */
function ViewReporter({ api }: { api: DesktopApi }) {
  const { pathname } = useLocation();
  useEffect(() => {
    const report = () =>
      api.inbox.reportView({ route: pathname, visible: document.visibilityState === 'visible' });
    report();
    document.addEventListener('visibilitychange', report);
    return () => document.removeEventListener('visibilitychange', report);
  }, [api, pathname]);
  return null;
}

/** A click on a notification: the dashboard, scrolled to that message. */
function RevealOnNotification({ api }: { api: DesktopApi }) {
  const navigate = useNavigate();
  // `navigate` changes with the location: a ref keeps the pending reveal alive across it.
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  useEffect(() => {
    let cancel: (() => void) | undefined;
    const stop = api.inbox.onReveal(({ id }) => {
      cancel?.();
      void navigateRef.current(ROUTES.dashboard);
      cancel = revealWhenRendered(id);
    });
    return () => {
      cancel?.();
      stop();
    };
  }, [api]);
  return null;
}

function SettingsShortcut() {
  const { pathname } = useLocation();
  if (pathname === DESKTOP_ROUTES.settings) return null;
  return (
    <Link
      to={DESKTOP_ROUTES.settings}
      className="btn btn-light btn-sm shadow-sm position-fixed bottom-0 end-0 m-3 desktop-settings-link d-print-none"
    >
      Réglages de la console
    </Link>
  );
}

/**
 * The console's screens: src-web's login and dashboard (same components, texts, popups and
 * 700 ms), fed by the IPC backend, plus the settings screen. Every other path, the site's
 * home included (the dashboard's Logout goes there), leads to the login.
 */
export function ConsoleApp({ api }: { api: DesktopApi }) {
  const load = useMemo(() => {
    const backend = createIpcBackend(api);
    return () => Promise.resolve(backend);
  }, [api]);
  // « Enregistrer en PDF » on a quote's printable page: the main process prints the window.
  const saveAsPdf = useCallback(
    async (fileName: string) => {
      const result = await api.quotes.savePdf(fileName);
      if (result.ok) return result.value;
      return {
        saved: false,
        message: `Le PDF n’a pas été enregistré : ${result.error.message}`,
      };
    },
    [api],
  );
  return (
    <BackendProvider load={load}>
      <AdminShellOptionsProvider value={{ linksToSite: false }}>
        <MemoryRouter initialEntries={[ROUTES.login]}>
          <ViewReporter api={api} />
          <RevealOnNotification api={api} />
          <Routes>
            <Route caseSensitive path={ROUTES.login} element={<LoginPage />} />
            <Route
              caseSensitive
              path={ROUTES.dashboard}
              element={<DashboardPage browserNotifications={false} saveAsPdf={saveAsPdf} />}
            />
            <Route
              caseSensitive
              path={DESKTOP_ROUTES.settings}
              element={<SettingsPage api={api} />}
            />
            <Route path="*" element={<Navigate to={ROUTES.login} replace />} />
          </Routes>
          <SettingsShortcut />
        </MemoryRouter>
      </AdminShellOptionsProvider>
    </BackendProvider>
  );
}
