import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Admin } from '../../shared/backend/ports.ts';
import { ROUTES } from '../../shared/domain/routes.ts';
import { useBackend } from '../backend/backend-context.tsx';
import { Icon } from '../components/icon.tsx';
import { AdminShell } from '../features/auth/admin-shell.tsx';
import { forgetSignIn } from '../features/auth/user-record.ts';
import { MessagesTable } from '../features/inbox/messages-table.tsx';
import { useInbox } from '../features/inbox/use-inbox.ts';
import { usePageMeta } from '../hooks/use-page-meta.ts';

const STATUS_TEXT = {
  connecting: 'Connexion…',
  live: 'En direct',
  reconnecting: 'Reconnexion…',
} as const;

/**
 * The owner's inbox (spec section 2): every received message, live. Without a session the
 * visitor is sent to the login page.
 */
export default function DashboardPage() {
  usePageMeta(ROUTES.dashboard);
  const navigate = useNavigate();
  const backend = useBackend();
  const [admin, setAdmin] = useState<Admin | null | undefined>(undefined);
  const [signingOut, setSigningOut] = useState(false);
  // Set while logging out, so that the end of the session leads home, not to the login.
  const leaving = useRef(false);
  const inbox = useInbox(backend, Boolean(admin));

  useEffect(() => {
    if (!backend) return;
    return backend.session.onChange((current) => {
      setAdmin(current);
      if (!current && !leaving.current) navigate(ROUTES.login, { replace: true });
    });
  }, [backend, navigate]);

  // A session that expires while the inbox is open sends the owner back to the login.
  useEffect(() => {
    if (inbox.error?.code === 'unauthorized' && !leaving.current) {
      navigate(ROUTES.login, { replace: true });
    }
  }, [inbox.error, navigate]);

  const logout = async () => {
    if (!backend) return;
    leaving.current = true;
    setSigningOut(true);
    try {
      await backend.session.signOut();
    } finally {
      forgetSignIn();
      navigate(ROUTES.home);
    }
  };

  if (!admin) {
    return (
      <AdminShell>
        <div className="d-flex justify-content-center py-5" role="status">
          <span className="spinner-border text-primary me-2" aria-hidden="true" />
          Vérification de la session…
        </div>
      </AdminShell>
    );
  }

  const { messages, status, error } = inbox;
  return (
    <AdminShell
      actions={
        <>
          <span className="small text-body-secondary d-none d-md-inline">{admin.email}</span>
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            onClick={logout}
            disabled={signingOut}
          >
            <Icon name="box-arrow-right" className="me-1" />
            Logout
          </button>
        </>
      }
    >
      <div className="container-fluid px-3 px-lg-4 py-4">
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
          <h1 className="h3 mb-0">Dashboard - Messages Reçus</h1>
          <span
            className={`badge rounded-pill ${status === 'live' ? 'text-bg-success' : 'text-bg-warning'}`}
            role="status"
            data-testid="inbox-status"
          >
            {STATUS_TEXT[status]}
          </span>
        </div>
        {error && error.code !== 'unauthorized' && (
          <div className="alert alert-danger" role="alert">
            Impossible de charger les messages : {error.message}
          </div>
        )}
        {messages === null ? (
          !error && (
            <div
              className="d-flex align-items-center gap-2 py-5 justify-content-center"
              role="status"
            >
              <span className="spinner-border text-primary" aria-hidden="true" />
              Chargement des messages…
            </div>
          )
        ) : messages.length === 0 ? (
          <div className="text-center py-5 bg-white rounded-3 shadow-sm">
            <Icon name="inbox" size="3rem" className="text-body-secondary mb-3" />
            <p className="h5">Aucun message reçu pour le moment.</p>
            <p className="text-body-secondary mb-0">
              Les nouveaux messages apparaîtront ici dès leur envoi.
            </p>
          </div>
        ) : (
          <>
            <p className="text-body-secondary" aria-live="polite">
              {messages.length} message{messages.length > 1 ? 's' : ''} reçu
              {messages.length > 1 ? 's' : ''}
            </p>
            <MessagesTable messages={messages} />
          </>
        )}
      </div>
    </AdminShell>
  );
}
