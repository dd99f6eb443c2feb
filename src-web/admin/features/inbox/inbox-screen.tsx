import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { failureText, type Backend, type WatchStatus } from '../../../../shared/backend/ports.ts';
import type { ContactMessage } from '../../../../shared/domain/contact.ts';
import { ROUTES } from '../../../../shared/domain/routes.ts';
import { Icon } from '../../../components/icon.tsx';
import { useMediaQuery } from '../../hooks/use-media-query.ts';
import { useNow } from '../../hooks/use-now.ts';
import { useWorkingHours } from '../../hooks/use-working-hours.ts';
import { usePageMeta } from '../../hooks/use-page-meta.ts';
import { confirmDeletion, confirmMarkSpam, showInboxError } from '../../../lib/popups.ts';
import { SPAM_MARKING_TEXT } from '../../../../shared/domain/spam-marking.ts';
import { BackupNotice } from '../backups/backup-notice.tsx';
import { OwnerNotifications } from '../notifications/owner-notifications.tsx';
import { pushSupported } from '../notifications/push-device.ts';
import { useOpenRequestedMessage } from '../notifications/use-open-requested-message.ts';
import { InboxToolbar } from './inbox-toolbar.tsx';
import {
  applyView,
  isFiltered,
  PAGE_SIZE,
  pageCount,
  sourcesOf,
  unansweredCount,
  unreadCount,
} from './inbox-view.ts';
import { ListActions } from './list-actions.tsx';
import { MessageList } from './message-list.tsx';
import { MessagePanel, prefetchLeadQuotes } from './message-panel.tsx';
import { MessagesTable } from './messages-table.tsx';
import { Pagination } from './pagination.tsx';
import { useInbox } from './use-inbox.ts';
import { useLeads } from './use-leads.ts';
import { useAcceptedNet } from './use-accepted-net.ts';
import { newLead, type Lead, type ReplyChannel } from '../../../../shared/domain/leads/pipeline.ts';
import { pipelineTotals } from '../../../../shared/domain/leads/totals.ts';
import { PipelineSummary } from './pipeline-summary.tsx';
import { useInboxView } from './use-inbox-view.ts';
import { useNewMessageNotifications, type NotificationState } from './use-notifications.ts';
import { useSelection } from './use-selection.ts';
import { FOLDER_PARAM, SPAM_FOLDER } from '../quotes/quote-routes.ts';
import { FolderNav, FOLDERS, shownFolder, type FolderContext } from './folders.tsx';
import { useSpam } from './use-spam.ts';
import { PartBoundary, prefetchWhenIdle } from '../../components/lazy-part.tsx';
// Not fetched on demand: the owner presses « Nouveau contact » with a caller on the line, and
// its dialog must open at once, even on a loaded machine (an e2e waits 5 s for it).
import { NewContactDialog } from './new-contact-dialog.tsx';

/** The CSV of what the list shows, its writer (papaparse) fetched at the first export. */
async function exportCsv(shown: readonly ContactMessage[], leads: ReadonlyMap<string, Lead>) {
  const { csvFileName, downloadCsv, messagesToCsv } = await import('./export-csv.ts');
  downloadCsv(messagesToCsv(shown, leads), csvFileName());
}

const STATUS_TEXT: Record<WatchStatus, string> = {
  connecting: 'Connexion…',
  live: 'En direct',
  reconnecting: 'Reconnexion…',
};

/**
 * Below Bootstrap's `xl` breakpoint (phones, tablets, the narrowest laptops) the messages are a
 * list of items and the filters fold: eight columns need a laptop's width. The styles use the
 * same breakpoint (styles/_admin.scss).
 */
const COMPACT_INBOX = '(max-width: 1199.98px)';

/** Below Bootstrap's `md` breakpoint, a phone: the folders are a bar at the bottom. */
const PHONE = '(max-width: 767.98px)';

function plural(count: number, one: string, many: string): string {
  return `${count} ${count > 1 ? many : one}`;
}

function NotificationsControl({
  state,
  enable,
  disable,
}: {
  state: NotificationState;
  enable: () => Promise<void>;
  disable: () => void;
}) {
  if (state === 'off') {
    return (
      <button
        type="button"
        className="btn btn-outline-primary btn-sm"
        onClick={() => void enable()}
      >
        <Icon name="bell" className="me-1" />
        Activer les notifications
      </button>
    );
  }
  if (state === 'on') {
    return (
      <button type="button" className="btn btn-outline-primary btn-sm" onClick={disable}>
        <Icon name="bell-slash" className="me-1" />
        Couper les notifications
      </button>
    );
  }
  if (state === 'denied') {
    return (
      <span className="small text-body-secondary">Notifications bloquées par le navigateur</span>
    );
  }
  return null;
}

export interface InboxScreenProps {
  backend: Backend;
  /**
   * Offer browser notifications (the web dashboard). The desktop console has native ones
   * from its main process and turns these off.
   */
  browserNotifications: boolean;
  /** The backend refused the inbox for lack of a session. */
  onSessionLost: () => void;
}

/**
 * The owner's inbox: every received message, live, with read and unread, search, filters,
 * sorting (the view is kept in the URL), export, deletion and reply shortcuts.
 */
export function InboxScreen({ backend, browserNotifications, onSessionLost }: InboxScreenProps) {
  const { messages, status, error } = useInbox(backend);
  const { view, change: changeView, reset: resetView } = useInboxView();
  const [params] = useSearchParams();
  const spam = useSpam(backend);
  const leads = useLeads(backend);
  const acceptedNet = useAcceptedNet(backend, leads);
  const compact = useMediaQuery(COMPACT_INBOX);
  const phone = useMediaQuery(PHONE);
  const [openId, setOpenId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const addContact = backend.leads?.addContact?.bind(backend.leads);

  const unread = unreadCount(messages);
  // « (3) Tableau de bord | … »: the unread count in the tab's title.
  usePageMeta(ROUTES.dashboard, unread);
  // Once a minute: what is due today or overdue changes with the time.
  const now = useNow(60_000);
  // The working hours of « Réglages » (« Sans réponse », « Aujourd’hui »), read again when the
  // folder changes: back from « Réglages », a save shows at once.
  const hours = useWorkingHours(backend.settings, params.get(FOLDER_PARAM));
  const shown = useMemo(
    () => (messages ? applyView(messages, view, { leads, now, hours }) : []),
    [messages, view, leads, now, hours],
  );
  const totals = useMemo(
    () =>
      backend.leads && messages
        ? pipelineTotals(
            messages.map((message) => message.id),
            leads,
            now,
            acceptedNet,
          )
        : null,
    [backend.leads, messages, leads, now, acceptedNet],
  );
  const sources = useMemo(() => (messages ? sourcesOf(messages) : []), [messages]);
  const pages = pageCount(shown.length);
  const page = Math.min(view.page, pages);
  const pageMessages = shown.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const openMessage = messages?.find((message) => message.id === openId) ?? null;
  const selection = useSelection(messages, pageMessages);

  useEffect(() => {
    if (error?.code === 'unauthorized' || spam.error?.code === 'unauthorized') onSessionLost();
  }, [error, spam.error, onSessionLost]);

  const setRead = useCallback(
    async (message: ContactMessage, read: boolean) => {
      if (message.read === read) return;
      try {
        await backend.messages.setRead(message.id, read);
      } catch (failure) {
        void showInboxError(failureText(failure));
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

  // The folders this backend has, and the one the URL names.
  const openById = useCallback(
    (id: string) => {
      const message = messages?.find((candidate) => candidate.id === id);
      if (message) open(message);
    },
    [messages, open],
  );
  const folderContext: FolderContext = {
    backend,
    spam,
    messages,
    leads,
    now,
    hours,
    open: openById,
  };
  const folders = FOLDERS.filter((entry) => entry.available(folderContext));
  const folder = shownFolder(folders, params.get(FOLDER_PARAM));
  // Once the messages are shown, the browser idle: the code of the other parts, so that
  // opening one seldom waits (never before: the sign-in fetches the inbox's code only).
  const listShown = messages !== null;
  const prefetchKeys = folders.map((entry) => entry.key).join(' ');
  const hasQuotes = Boolean(backend.quotes);
  useEffect(() => {
    if (!listShown) return;
    return prefetchWhenIdle(() => {
      for (const entry of FOLDERS) {
        if (prefetchKeys.split(' ').includes(entry.key)) entry.prefetch?.();
      }
      if (hasQuotes) prefetchLeadQuotes();
    });
  }, [listShown, prefetchKeys, hasQuotes]);
  // Another folder (« Compléter dans « Réglages » » from a quote, in the message's panel):
  // the panel closes, not to stay over it.
  const [panelFolder, setPanelFolder] = useState(folder);
  if (panelFolder !== folder) {
    setPanelFolder(folder);
    setOpenId(null);
  }

  const remove = async (ids: string[]) => {
    if (ids.length === 0 || !(await confirmDeletion(ids.length))) return;
    try {
      await backend.messages.remove(ids);
      if (openId && ids.includes(openId)) setOpenId(null);
      selection.clear();
    } catch (failure) {
      void showInboxError(failureText(failure));
    }
  };

  // « Marquer comme indésirable »: asked first; then the panel closes (the watch drops the
  // message), and a notice says where it went, with the way there, and takes the focus.
  const [spamNotice, setSpamNotice] = useState<string | null>(null);
  const spamNoticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (spamNotice) spamNoticeRef.current?.focus();
  }, [spamNotice]);
  const markSpam = backend.messages.markSpam
    ? async (message: ContactMessage) => {
        if (!(await confirmMarkSpam(message.fullName))) return;
        try {
          await backend.messages.markSpam?.(message.id);
          setOpenId(null);
          spam.reload();
          setSpamNotice(SPAM_MARKING_TEXT.done(message.fullName));
        } catch (failure) {
          void showInboxError(failureText(failure));
        }
      }
    : undefined;

  // A reply shortcut of the table (e-mail, call) goes on the lead's timeline too.
  const recordReply = useCallback(
    (message: ContactMessage, channel: ReplyChannel) => {
      backend.leads?.recordReply(message.id, channel).catch((failure: unknown) => {
        void showInboxError(failureText(failure));
      });
    },
    [backend],
  );

  // Where push works, the service worker notifies (even with the tab closed) instead.
  const inTabNotifications = browserNotifications && !pushSupported();
  const notifications = useNewMessageNotifications(inTabNotifications ? messages : null, open);
  useOpenRequestedMessage(messages, open);

  return (
    <>
      <div
        className={`container-fluid px-3 px-lg-4 py-3 py-lg-4${phone && folders.length > 1 ? ' with-folder-bar' : ''}`}
      >
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
          <div className="d-flex flex-wrap align-items-center gap-2">
            <h1 className="h3 mb-0">Dashboard - Messages Reçus</h1>
            {messages !== null && (
              <span className="badge rounded-pill text-bg-primary" data-testid="unread-count">
                {unread > 0 ? plural(unread, 'non lu', 'non lus') : 'Tout est lu'}
              </span>
            )}
          </div>
          {/* The inbox's own small controls: how it is kept live and how the owner hears of it. */}
          <div className="inbox-tools d-flex flex-wrap align-items-center gap-2">
            {addContact && (
              // « Nouveau contact »: a lead received by phone, WhatsApp or at the office.
              <button
                type="button"
                className="btn btn-primary btn-sm new-contact-button"
                onClick={() => setAdding(true)}
              >
                <Icon name="person-plus" className="me-1" />
                Nouveau contact
              </button>
            )}
            {inTabNotifications && <NotificationsControl {...notifications} />}
            <span
              className={`badge rounded-pill ${status === 'live' ? 'text-bg-success' : 'text-bg-warning'}`}
              role="status"
              data-testid="inbox-status"
            >
              {STATUS_TEXT[status]}
            </span>
          </div>
        </div>
        <OwnerNotifications backend={backend} push={browserNotifications} />
        {backend.backups && <BackupNotice backups={backend.backups} />}
        {spamNotice && (
          <div
            ref={spamNoticeRef}
            tabIndex={-1}
            role="status"
            className="alert alert-success d-flex flex-wrap align-items-center gap-2 py-2 spam-marked-notice"
          >
            <span>{spamNotice}</span>
            <Link
              to={{ search: `?${FOLDER_PARAM}=${SPAM_FOLDER}` }}
              onClick={() => setSpamNotice(null)}
            >
              Voir les indésirables
            </Link>
            <button
              type="button"
              className="btn-close ms-auto"
              aria-label="Fermer l’avis"
              onClick={() => setSpamNotice(null)}
            />
          </div>
        )}
        {folders.length > 1 && (
          <FolderNav
            folders={folders}
            shown={folder}
            counts={
              new Map(folders.map((entry) => [entry.key, entry.count?.(folderContext) ?? null]))
            }
            phone={phone}
          />
        )}
        {folder.view ? (
          <PartBoundary key={folder.key} loading={folder.loading ?? 'Chargement…'}>
            {folder.view(folderContext)}
          </PartBoundary>
        ) : (
          <>
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
                {totals && (
                  <PipelineSummary
                    totals={totals}
                    unanswered={unansweredCount(messages, { leads, now, hours })}
                    view={view}
                    onChange={changeView}
                  />
                )}
                <InboxToolbar
                  view={view}
                  onChange={changeView}
                  compact={compact}
                  pipeline={Boolean(backend.leads)}
                  sources={sources}
                />
                <ListActions
                  summary={
                    isFiltered(view)
                      ? `${plural(shown.length, 'message affiché', 'messages affichés')} sur ${messages.length}`
                      : plural(messages.length, 'message reçu', 'messages reçus')
                  }
                  compact={compact}
                  selectedCount={selection.selected.size}
                  allOnPageSelected={selection.allOnPage}
                  pageIsEmpty={pageMessages.length === 0}
                  onTogglePage={selection.togglePage}
                  onDeleteSelected={() => void remove([...selection.selected])}
                  canExport={shown.length > 0}
                  onExport={() => void exportCsv(shown, leads)}
                />
                {shown.length === 0 ? (
                  <div className="text-center py-5 bg-white rounded-3 shadow-sm">
                    <p className="h5">Aucun message ne correspond à la recherche.</p>
                    <button type="button" className="btn btn-link" onClick={resetView}>
                      Effacer la recherche et les filtres
                    </button>
                  </div>
                ) : (
                  <>
                    {compact ? (
                      <MessageList
                        messages={pageMessages}
                        selected={selection.selected}
                        onToggleSelected={selection.toggle}
                        onOpen={open}
                        pipeline={backend.leads && { port: backend.leads, leads, now, hours }}
                      />
                    ) : (
                      <MessagesTable
                        messages={pageMessages}
                        firstNumber={(page - 1) * PAGE_SIZE + 1}
                        selected={selection.selected}
                        onToggleSelected={selection.toggle}
                        onOpen={open}
                        pipeline={backend.leads && { leads, now, hours }}
                        onReply={recordReply}
                      />
                    )}
                    <Pagination
                      page={page}
                      pages={pages}
                      onPage={(next) => changeView({ page: next })}
                    />
                  </>
                )}
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
          onMarkSpam={markSpam && ((message) => void markSpam(message))}
          pipeline={
            backend.leads && {
              port: backend.leads,
              lead: leads.get(openMessage.id) ?? newLead(openMessage.id),
            }
          }
          quotes={backend.quotes}
          invoices={backend.invoices}
          settings={backend.settings}
        />
      )}
      {adding && addContact && (
        <NewContactDialog
          pipeline={{ addContact }}
          onClose={() => setAdding(false)}
          onAdded={(id) => {
            setAdding(false);
            // Opened as soon as the watch delivers it (the message is already stored read).
            setOpenId(id);
          }}
        />
      )}
    </>
  );
}
