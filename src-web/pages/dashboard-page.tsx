import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { failureText, type Admin } from '../../shared/backend/ports.ts';
import type { ContactMessage } from '../../shared/domain/contact.ts';
import { ROUTES } from '../../shared/domain/routes.ts';
import { useBackend } from '../backend/backend-context.tsx';
import { Icon } from '../components/icon.tsx';
import { AdminShell } from '../features/auth/admin-shell.tsx';
import { forgetSignIn } from '../features/auth/user-record.ts';
import { csvFileName, downloadCsv, messagesToCsv } from '../features/inbox/export-csv.ts';
import { InboxToolbar } from '../features/inbox/inbox-toolbar.tsx';
import {
  applyView,
  isFiltered,
  PAGE_SIZE,
  pageCount,
  paramsFromView,
  unreadCount,
  viewFromParams,
  type InboxView,
} from '../features/inbox/inbox-view.ts';
import { MessagePanel } from '../features/inbox/message-panel.tsx';
import { MessagesTable } from '../features/inbox/messages-table.tsx';
import { Pagination } from '../features/inbox/pagination.tsx';
import { useInbox } from '../features/inbox/use-inbox.ts';
import { useNewMessageNotifications } from '../features/inbox/use-notifications.ts';
import { usePageMeta } from '../hooks/use-page-meta.ts';
import { confirmDeletion, showInboxError } from '../popups.ts';

const STATUS_TEXT = {
  connecting: 'Connexion…',
  live: 'En direct',
  reconnecting: 'Reconnexion…',
} as const;

function plural(count: number, one: string, many: string): string {
  return `${count} ${count > 1 ? many : one}`;
}

export interface DashboardPageProps {
  /**
   * Offer browser notifications (the web dashboard). The desktop console has native ones
   * from its main process and turns these off.
   */
  browserNotifications?: boolean;
}

/**
 * The owner's inbox (spec section 2): every received message, live, with read and unread,
 * search, filters, sorting, export, deletion and reply shortcuts. Without a session the
 * visitor is sent to the login page.
 */
export default function DashboardPage({ browserNotifications = true }: DashboardPageProps) {
  const navigate = useNavigate();
  const backend = useBackend();
  const [admin, setAdmin] = useState<Admin | null | undefined>(undefined);
  const [signingOut, setSigningOut] = useState(false);
  // Set while logging out, so that the end of the session leads home, not to the login.
  const leaving = useRef(false);
  const inbox = useInbox(backend, Boolean(admin));
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => viewFromParams(searchParams), [searchParams]);
  const [openId, setOpenId] = useState<string | null>(null);
  const [chosen, setSelected] = useState<ReadonlySet<string>>(new Set());

  const messages = inbox.messages;
  const unread = unreadCount(messages);
  // « (3) Tableau de bord | … »: the unread count in the tab's title.
  usePageMeta(ROUTES.dashboard, unread);
  const shown = useMemo(() => (messages ? applyView(messages, view) : []), [messages, view]);
  const pages = pageCount(shown.length);
  const page = Math.min(view.page, pages);
  const pageMessages = shown.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const openMessage = messages?.find((message) => message.id === openId) ?? null;

  // Selected messages deleted since (here or on another dashboard) no longer count.
  const selected = useMemo(() => {
    if (!messages || chosen.size === 0) return chosen;
    const present = new Set(messages.map((message) => message.id));
    return new Set([...chosen].filter((id) => present.has(id)));
  }, [messages, chosen]);

  const changeView = (changes: Partial<InboxView>) => {
    // Any change but the page itself starts again from page 1.
    const next = { ...view, page: 1, ...changes };
    setSearchParams(paramsFromView(next), { replace: true });
  };

  const setRead = useCallback(
    async (message: ContactMessage, read: boolean) => {
      if (!backend || message.read === read) return;
      try {
        await backend.messages.setRead(message.id, read);
      } catch (error) {
        void showInboxError(failureText(error));
      }
    },
    [backend],
  );

  const open = useCallback(
    (message: ContactMessage) => {
      setOpenId(message.id);
      void setRead(message, true);
    },
    [setRead],
  );

  const remove = async (ids: string[]) => {
    if (!backend || ids.length === 0) return;
    if (!(await confirmDeletion(ids.length))) return;
    try {
      await backend.messages.remove(ids);
      if (openId && ids.includes(openId)) setOpenId(null);
      setSelected(new Set());
    } catch (error) {
      void showInboxError(failureText(error));
    }
  };

  const toggleSelected = (id: string) => {
    const next = new Set(selected);
    if (!next.delete(id)) next.add(id);
    setSelected(next);
  };

  const allOnPageSelected =
    pageMessages.length > 0 && pageMessages.every((message) => selected.has(message.id));
  const toggleAllOnPage = () => {
    const next = new Set(selected);
    for (const message of pageMessages) {
      if (allOnPageSelected) next.delete(message.id);
      else next.add(message.id);
    }
    setSelected(next);
  };

  const notifications = useNewMessageNotifications(browserNotifications ? messages : null, open);

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

  const { status, error } = inbox;
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
          <div className="d-flex flex-wrap align-items-center gap-2">
            <h1 className="h3 mb-0">Dashboard - Messages Reçus</h1>
            {messages !== null && (
              <span className="badge rounded-pill text-bg-primary" data-testid="unread-count">
                {unread > 0 ? plural(unread, 'non lu', 'non lus') : 'Tout est lu'}
              </span>
            )}
          </div>
          <div className="d-flex flex-wrap align-items-center gap-2">
            {browserNotifications && notifications.state === 'off' && (
              <button
                type="button"
                className="btn btn-outline-secondary btn-sm"
                onClick={() => void notifications.enable()}
              >
                <Icon name="bell" className="me-1" />
                Activer les notifications
              </button>
            )}
            {browserNotifications && notifications.state === 'on' && (
              <button
                type="button"
                className="btn btn-outline-secondary btn-sm"
                onClick={notifications.disable}
              >
                <Icon name="bell-slash" className="me-1" />
                Couper les notifications
              </button>
            )}
            {browserNotifications && notifications.state === 'denied' && (
              <span className="small text-body-secondary">
                Notifications bloquées par le navigateur
              </span>
            )}
            <span
              className={`badge rounded-pill ${status === 'live' ? 'text-bg-success' : 'text-bg-warning'}`}
              role="status"
              data-testid="inbox-status"
            >
              {STATUS_TEXT[status]}
            </span>
          </div>
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
            <InboxToolbar view={view} onChange={changeView} />
            <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
              <p className="text-body-secondary mb-0 me-auto" aria-live="polite">
                {isFiltered(view)
                  ? `${plural(shown.length, 'message affiché', 'messages affichés')} sur ${messages.length}`
                  : plural(messages.length, 'message reçu', 'messages reçus')}
              </p>
              <div className="form-check mb-0">
                <input
                  id="select-page"
                  type="checkbox"
                  className="form-check-input"
                  checked={allOnPageSelected}
                  onChange={toggleAllOnPage}
                  disabled={pageMessages.length === 0}
                />
                <label htmlFor="select-page" className="form-check-label small">
                  Sélectionner la page
                </label>
              </div>
              <button
                type="button"
                className="btn btn-outline-danger btn-sm"
                disabled={selected.size === 0}
                onClick={() => void remove([...selected])}
              >
                <Icon name="trash3" className="me-1" />
                Supprimer la sélection ({selected.size})
              </button>
              <button
                type="button"
                className="btn btn-outline-primary btn-sm"
                disabled={shown.length === 0}
                onClick={() => downloadCsv(messagesToCsv(shown), csvFileName())}
              >
                <Icon name="download" className="me-1" />
                Exporter en CSV
              </button>
            </div>
            {shown.length === 0 ? (
              <div className="text-center py-5 bg-white rounded-3 shadow-sm">
                <p className="h5">Aucun message ne correspond à la recherche.</p>
                <button
                  type="button"
                  className="btn btn-link"
                  onClick={() => setSearchParams(new URLSearchParams(), { replace: true })}
                >
                  Effacer la recherche et les filtres
                </button>
              </div>
            ) : (
              <>
                <MessagesTable
                  messages={pageMessages}
                  firstNumber={(page - 1) * PAGE_SIZE + 1}
                  selected={selected}
                  onToggleSelected={toggleSelected}
                  onOpen={open}
                />
                <Pagination
                  page={page}
                  pages={pages}
                  onPage={(next) => changeView({ page: next })}
                />
              </>
            )}
          </>
        )}
      </div>
      {openMessage && (
        <MessagePanel
          message={openMessage}
          onClose={() => setOpenId(null)}
          onSetRead={(message, read) => void setRead(message, read)}
          onDelete={(message) => void remove([message.id])}
        />
      )}
    </AdminShell>
  );
}
