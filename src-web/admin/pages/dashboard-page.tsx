import { useSearchParams } from 'react-router-dom';
import { failureText } from '../../../shared/backend/ports.ts';
import { ROUTES } from '../../../shared/domain/routes.ts';
import { Icon } from '../../components/icon.tsx';
import { AdminShell } from '../features/auth/admin-shell.tsx';
import { useAdminSession } from '../features/auth/use-admin-session.ts';
import { InboxScreen } from '../features/inbox/inbox-screen.tsx';
import type { SaveAsPdf } from '../features/print/document-print-page.tsx';
import { FOLDER_PARAM, PRINT_PARAM } from '../features/quotes/quote-routes.ts';
import { INVOICES_FOLDER } from '../features/invoices/invoice-routes.ts';
import { lazyPart, PartBoundary } from '../components/lazy-part.tsx';
import { confirmSignOutEverywhere, showSignOutEverywhereError } from '../../lib/popups.ts';

// A printable quote or invoice: the documents' code (both languages, amounts in words) comes
// with the page that shows one, never with the dashboard.
const QuotePrint = lazyPart(() =>
  import('../features/quotes/quote-print-page.tsx').then((module) => module.QuotePrintPage),
);
const InvoicePrint = lazyPart(() =>
  import('../features/invoices/invoice-print-page.tsx').then((module) => module.InvoicePrintPage),
);

// A printable page opened by its address fetches its code at once, alongside the session.
if (typeof window !== 'undefined') {
  const params = new URLSearchParams(window.location.search);
  if (params.get(PRINT_PARAM)) {
    (params.get(FOLDER_PARAM) === INVOICES_FOLDER ? InvoicePrint : QuotePrint).prefetch();
  }
}

export interface DashboardPageProps {
  /**
   * Offer browser notifications (the web dashboard). The desktop console has native ones
   * from its main process and turns these off.
   */
  browserNotifications?: boolean;
  /** « Enregistrer en PDF » on a quote's printable page, where the host can (the console). */
  saveAsPdf?: SaveAsPdf;
}

/**
 * The owner's dashboard of received messages: the inbox, for the signed-in owner only.
 * Without a session (or when it ends) the visitor goes to the login page; Logout leads home.
 */
export default function DashboardPage({
  browserNotifications = true,
  saveAsPdf,
}: DashboardPageProps) {
  const session = useAdminSession({ whenSignedOut: ROUTES.login });
  const { admin, backend, signOutEverywhere } = session;
  const [params] = useSearchParams();
  const printing = params.get(PRINT_PARAM);

  if (!admin || !backend) {
    return (
      <AdminShell>
        <div className="d-flex justify-content-center py-5" role="status">
          <span className="spinner-border text-primary me-2" aria-hidden="true" />
          Vérification de la session…
        </div>
      </AdminShell>
    );
  }

  // One quote alone, ready to print: nothing of the dashboard around it.
  if (printing && params.get(FOLDER_PARAM) === INVOICES_FOLDER && backend.invoices) {
    return (
      <PartBoundary loading="Chargement de la facture…">
        <InvoicePrint.Component store={backend.invoices} id={printing} saveAsPdf={saveAsPdf} />
      </PartBoundary>
    );
  }
  if (printing && backend.quotes) {
    return (
      <PartBoundary loading="Chargement du devis…">
        <QuotePrint.Component store={backend.quotes} id={printing} saveAsPdf={saveAsPdf} />
      </PartBoundary>
    );
  }

  return (
    <AdminShell
      actions={
        <>
          <span className="small text-body-secondary d-none d-md-inline">{admin.email}</span>
          {signOutEverywhere && (
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              title="Se déconnecter partout"
              onClick={() =>
                void (async () => {
                  if (!(await confirmSignOutEverywhere())) return;
                  try {
                    await signOutEverywhere(ROUTES.login);
                  } catch (error) {
                    await showSignOutEverywhereError(failureText(error));
                  }
                })()
              }
              disabled={session.signingOut}
            >
              <Icon name="shield-lock" className="me-sm-1" />
              {/* On a phone, the icon alone (its name is still read out). */}
              <span className="hide-text-on-phone">Se déconnecter partout</span>
            </button>
          )}
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            onClick={() => void session.signOut(ROUTES.home)}
            disabled={session.signingOut}
          >
            <Icon name="box-arrow-right" className="me-1" />
            Logout
          </button>
        </>
      }
    >
      <InboxScreen
        backend={backend}
        browserNotifications={browserNotifications}
        onSessionLost={session.sessionLost}
      />
    </AdminShell>
  );
}
