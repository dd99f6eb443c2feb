import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Backend } from '../../../../shared/backend/ports.ts';
import type { ContactMessage } from '../../../../shared/domain/contact.ts';
import type { Lead } from '../../../../shared/domain/leads/pipeline.ts';
import { Icon, type IconName } from '../../../components/icon.tsx';
import { lazyPart } from '../../components/lazy-part.tsx';
import { INVOICES_FOLDER } from '../invoices/invoice-routes.ts';
import { FOLDER_PARAM, QUOTES_FOLDER, SPAM_FOLDER } from '../quotes/quote-routes.ts';
import { SETTINGS_FOLDER } from '../settings/settings-routes.ts';
import type { WorkingHours } from '../../../../shared/domain/leads/business-hours.ts';
import type { SpamState } from './use-spam.ts';

// Each folder but the inbox brings its own code when it is opened, or pointed at, or once the
// inbox is shown and the browser idle (issue 48: not at sign-in).
const Today = lazyPart(() => import('./today-view.tsx').then((module) => module.TodayView));
const Spam = lazyPart(() => import('./spam-view.tsx').then((module) => module.SpamView));
const Sources = lazyPart(() => import('./sources-view.tsx').then((module) => module.SourcesView));
const Quotes = lazyPart(() =>
  import('../quotes/quotes-view.tsx').then((module) => module.QuotesView),
);
const Invoices = lazyPart(() =>
  import('../invoices/invoices-view.tsx').then((module) => module.InvoicesView),
);
const Settings = lazyPart(() =>
  import('../settings/settings-view.tsx').then((module) => module.SettingsView),
);

/** What a folder may read to know whether it exists here, its count and its view. */
export interface FolderContext {
  backend: Backend;
  spam: SpamState;
  messages: ContactMessage[] | null;
  leads: ReadonlyMap<string, Lead>;
  now: number;
  /** The working hours of « Réglages » (« Aujourd’hui »’s « Sans réponse »). */
  hours: WorkingHours;
  /** Opens a message in its panel (over any folder). */
  open: (id: string) => void;
}

/**
 * One folder of the dashboard: its place in the URL, its name, its icon, where the backend has
 * it, and its view. The navigation (a row of tabs on a laptop, a bar at the bottom of a phone's
 * screen) and the choice of the view both come from {@link FOLDERS}: a new folder is one entry.
 */
export interface FolderEntry {
  /** The value of `?dossier=` (the inbox, the default, has none). */
  key: string;
  /** Its name, as the tabs and a screen reader say it. */
  label: string;
  /**
   * The start of `label` shown alone in the phone's bottom bar, where the width is a fifth of
   * the screen; the rest stays for screen readers (the visible words are in the accessible
   * name). Absent: the label is short enough.
   */
  short?: string;
  icon: IconName;
  /** Whether this backend has it (each has « Réglages »; a test's double may lack one). */
  available: (context: FolderContext) => boolean;
  /** A number shown beside its name (the messages waiting in « Indésirables »). */
  count?: (context: FolderContext) => number | null;
  /** Its view; absent for the inbox, which the dashboard draws itself. */
  view?: (context: FolderContext) => ReactNode;
  /** What the view says while its code arrives (« Chargement des devis… »). */
  loading?: string;
  /** Starts fetching the view's code (its link pointed at, the browser idle). */
  prefetch?: () => void;
}

/** The inbox: every folder but this one is named in the URL. */
export const INBOX_FOLDER = '';

/** The inbox, first and always there. */
const INBOX: FolderEntry = {
  key: INBOX_FOLDER,
  label: 'Boîte de réception',
  short: 'Boîte',
  icon: 'inbox',
  available: () => true,
};

export const FOLDERS: readonly FolderEntry[] = [
  INBOX,
  {
    key: 'aujourdhui',
    label: 'Aujourd’hui',
    icon: 'calendar-event',
    available: ({ backend }) => Boolean(backend.leads),
    loading: 'Chargement de « Aujourd’hui »…',
    prefetch: Today.prefetch,
    view: ({ backend, messages, leads, spam, now, hours, open }) => (
      <Today.Component
        messages={messages}
        leads={leads}
        spam={spam.available ? spam.spam : null}
        quotes={backend.quotes}
        invoices={backend.invoices}
        now={now}
        hours={hours}
        onOpen={open}
      />
    ),
  },
  {
    key: SPAM_FOLDER,
    label: 'Indésirables',
    icon: 'shield-exclamation',
    available: ({ spam }) => spam.available,
    count: ({ spam }) => spam.spam?.length ?? null,
    loading: 'Chargement des indésirables…',
    prefetch: Spam.prefetch,
    view: ({ spam }) => <Spam.Component state={spam} />,
  },
  {
    key: 'sources',
    label: 'Sources',
    icon: 'bullseye',
    available: ({ backend }) => Boolean(backend.leads),
    loading: 'Chargement des sources…',
    prefetch: Sources.prefetch,
    view: ({ backend, messages, leads, now }) =>
      messages ? (
        <Sources.Component
          messages={messages}
          leads={leads}
          now={now}
          whatsappTaps={backend.whatsappTaps}
        />
      ) : (
        <div className="d-flex align-items-center gap-2 py-5 justify-content-center" role="status">
          <span className="spinner-border text-primary" aria-hidden="true" />
          Chargement des messages…
        </div>
      ),
  },
  {
    key: QUOTES_FOLDER,
    label: 'Devis',
    icon: 'file-earmark-text',
    available: ({ backend }) => Boolean(backend.quotes),
    loading: 'Chargement des devis…',
    prefetch: Quotes.prefetch,
    view: ({ backend }) => backend.quotes && <Quotes.Component store={backend.quotes} />,
  },
  {
    key: INVOICES_FOLDER,
    label: 'Factures',
    icon: 'folder-check',
    available: ({ backend }) => Boolean(backend.invoices),
    loading: 'Chargement des factures…',
    prefetch: Invoices.prefetch,
    view: ({ backend }) => backend.invoices && <Invoices.Component store={backend.invoices} />,
  },
  {
    key: SETTINGS_FOLDER,
    label: 'Réglages',
    icon: 'gear',
    available: ({ backend }) => Boolean(backend.settings),
    loading: 'Chargement des réglages…',
    prefetch: Settings.prefetch,
    view: ({ backend }) => backend.settings && <Settings.Component store={backend.settings} />,
  },
];

// A folder opened by its address (a link, a reload) fetches its code now, alongside the
// session's check and the lists, not after them.
if (typeof window !== 'undefined') {
  const asked = new URLSearchParams(window.location.search).get(FOLDER_PARAM);
  FOLDERS.find((folder) => asked && folder.key === asked)?.prefetch?.();
}

/** The folder named by `?dossier=`, if this backend has it; the inbox otherwise. */
export function shownFolder(folders: readonly FolderEntry[], param: string | null): FolderEntry {
  return folders.find((folder) => folder.key === (param ?? INBOX_FOLDER)) ?? INBOX;
}

/** The search part of a folder's address. */
export function folderSearch(folder: FolderEntry): string {
  return folder.key === INBOX_FOLDER ? '' : `?${FOLDER_PARAM}=${folder.key}`;
}

/** At most this many places in the phone's bottom bar, as phone apps have (Material: 3 to 5). */
export const BAR_PLACES = 5;

/**
 * The folders of the bottom bar and those behind « Plus »: all of them while they fit, else the
 * first `places - 1` and « Plus » for the rest.
 */
export function barLayout<T>(
  folders: readonly T[],
  places = BAR_PLACES,
): { bar: readonly T[]; more: readonly T[] } {
  if (folders.length <= places) return { bar: folders, more: [] };
  return { bar: folders.slice(0, places - 1), more: folders.slice(places - 1) };
}

function FolderName({ folder, count }: { folder: FolderEntry; count: number | null }) {
  const rest = folder.short ? folder.label.slice(folder.short.length) : '';
  return (
    <>
      <Icon name={folder.icon} className="folder-icon" />
      <span className="folder-label">
        {folder.short ?? folder.label}
        {rest && <span className="folder-label-rest">{rest}</span>}
      </span>
      {count !== null && count > 0 && (
        <span className="badge rounded-pill text-bg-secondary folder-count">{count}</span>
      )}
    </>
  );
}

/**
 * The folders: tabs above the view on a laptop; on a phone, a bar fixed at the bottom of the
 * screen, within the thumb's reach, each folder an icon over its name, as phone apps show them.
 * More folders than the bar holds: the last place is « Plus », a button that unfolds the rest
 * (Escape folds it and gives the focus back). Links, so that the folder is in the URL.
 */
export function FolderNav({
  folders,
  shown,
  counts,
  phone,
}: {
  /** The folders this backend has, in their order. */
  folders: readonly FolderEntry[];
  shown: FolderEntry;
  /** Each folder's count, by key. */
  counts: ReadonlyMap<string, number | null>;
  /** A phone's width: the bottom bar. */
  phone: boolean;
}) {
  const { bar, more } = phone ? barLayout(folders) : { bar: folders, more: [] };
  // Unfolded for the folder shown when « Plus » was pressed: choosing another folds it again.
  const [openFor, setOpenFor] = useState<FolderEntry | null>(null);
  const open = phone && openFor === shown;
  const moreId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const shownInMore = more.includes(shown);

  // Unfolded: the first folder takes the focus; a tap outside or Escape folds it (Escape gives
  // the focus back to « Plus »).
  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector('a')?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !toggle.current?.contains(target)) setOpenFor(null);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setOpenFor(null);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  const link = (folder: FolderEntry) => (
    <Link
      to={{ search: folderSearch(folder) }}
      className={`nav-link${folder === shown ? ' active' : ''}`}
      aria-current={folder === shown ? 'page' : undefined}
      onClick={() => setOpenFor(null)}
      // Its code on the way as soon as the owner points at it (or a finger lands, or a key
      // brings the focus): the click seldom waits.
      onPointerEnter={folder.prefetch}
      onPointerDown={folder.prefetch}
      onFocus={folder.prefetch}
    >
      <FolderName folder={folder} count={counts.get(folder.key) ?? null} />
    </Link>
  );

  return (
    <nav aria-label="Dossiers" className={phone ? 'folder-bar' : 'mb-3'}>
      <ul className="nav nav-pills folder-nav">
        {bar.map((folder) => (
          <li key={folder.key} className="nav-item">
            {link(folder)}
          </li>
        ))}
        {more.length > 0 && (
          <li className="nav-item folder-more">
            <button
              ref={toggle}
              type="button"
              className={`nav-link${shownInMore ? ' active' : ''}`}
              aria-expanded={open}
              aria-controls={moreId}
              onClick={() => setOpenFor(open ? null : shown)}
            >
              <Icon name="three-dots" className="folder-icon" />
              <span className="folder-label">Plus</span>
              {shownInMore && <span className="visually-hidden">, {shown.label}</span>}
            </button>
            <ul
              id={moreId}
              ref={menu}
              hidden={!open}
              className="folder-more-list list-unstyled shadow"
              aria-label="Autres dossiers"
            >
              {more.map((folder) => (
                <li key={folder.key}>{link(folder)}</li>
              ))}
            </ul>
          </li>
        )}
      </ul>
    </nav>
  );
}
