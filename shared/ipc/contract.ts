/**
 * The desktop console's IPC contract, written once as types: every channel between the
 * Electron main process and the renderer, with what goes each way. The main process
 * (src-electron/main/ipc) and the preload (src-electron/preload) are the only places that
 * name these channels on the wire; the renderer sees the `DesktopApi` the preload exposes.
 */
import type { ConsoleAppCheckOutcome } from '../backend/firebase/console-app-check-protocol.ts';
import type {
  Admin,
  BackendErrorCode,
  LeadChange,
  NewDeviceRefusal,
  QuoteSent,
  WatchStatus,
} from '../backend/ports.ts';
import type { ContactMessage, SpamMessage } from '../domain/contact.ts';
import type {
  CreditNoteInput,
  InvoiceFromQuoteInput,
  PaymentInput,
} from '../domain/invoices/invoice.ts';
import type { InvoiceJson } from '../domain/invoices/record.ts';
import type { InboxChange } from '../domain/inbox.ts';
import type { NewContactValues } from '../domain/leads/new-contact.ts';
import type { Lead, ReplyChannel, StatusChange } from '../domain/leads/pipeline.ts';
import type { QuoteDraftFields, QuoteJson, QuoteSendOptions } from '../domain/quotes/record.ts';
import type { SettingsAnswer } from '../domain/settings/record.ts';
import type { SettingsInput, SettingsVersion } from '../domain/settings/settings.ts';
import type { WhatsappTap } from '../domain/whatsapp-taps.ts';

/** A failure carried across IPC (Error objects lose their code and fields on the way). */
export interface IpcError {
  code: BackendErrorCode;
  /** French text, ready to show. */
  message: string;
  fields?: Record<string, string>;
  retryAfterSeconds?: number;
  /** See BackendError.newDevice: the sign-in page offers to paste the e-mailed link. */
  newDevice?: NewDeviceRefusal;
}

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/** The inbox as the main process sees it; the renderer starts from it, then applies updates. */
export interface InboxSnapshot {
  /** The last update it includes: the renderer skips the updates up to this one. */
  revision: number;
  /** Newest first; null until the first list arrives (or while signed out). */
  messages: ContactMessage[] | null;
  status: WatchStatus;
  error: IpcError | null;
}

/**
 * What changed in the main process's inbox, numbered from 1 so that the renderer applies
 * each update once and in order. A new message crosses IPC alone, never with the whole inbox.
 */
export type InboxUpdate =
  /** Everything anew: a new list (or none: signed out, or the watch starting over). */
  | ({ kind: 'reset' } & InboxSnapshot)
  | { kind: 'changes'; revision: number; changes: InboxChange[] }
  | { kind: 'status'; revision: number; status: WatchStatus; error: IpcError | null };

/**
 * The lead pipeline as the main process watches it beside the inbox (docs/inbox.md, « Le suivi
 * des contacts »): every lead the owner worked on, numbered like the inbox's updates.
 */
export interface LeadsSnapshot {
  revision: number;
  /** Null until the first list arrives (or while signed out). */
  leads: Lead[] | null;
}

export type LeadsUpdate =
  | ({ kind: 'reset' } & LeadsSnapshot)
  | { kind: 'changes'; revision: number; changes: LeadChange[] };

/**
 * Quotes cross IPC in their JSON form (shared/domain/quotes/record.ts), amounts as decimal
 * strings: the same form as over HTTP and in Firestore. A bigint survives Electron's structured
 * clone, but the contextBridge's list of the types it carries has none; a string crosses any
 * bridge. The renderer turns them back into `Quote`s (src-electron/renderer/ipc-backend.ts).
 */
export type QuoteSentJson = Omit<QuoteSent, 'quote'> & { quote: QuoteJson };

/** A link made again (`resendLink`): the link and how its e-mail went. */
export type QuoteLinkSent = Omit<QuoteSent, 'quote'>;

/**
 * Invoices cross IPC in their JSON form too (shared/domain/invoices/record.ts, amounts as
 * decimal strings), as over HTTP; the renderer turns them back into `Invoice`s.
 */
export type { InvoiceJson };

/**
 * « Enregistrer en PDF »: whether the file was written, and what to tell the owner, in French
 * (where it went, that they cancelled, or why it failed).
 */
export interface PdfSaveOutcome {
  saved: boolean;
  message: string;
}

/** Where the owner's backend lives: the agency's server, or a Firebase project. */
export type BackendSettings =
  | { kind: 'server'; url: string }
  | {
      kind: 'firebase';
      config: {
        apiKey: string;
        authDomain: string;
        projectId: string;
        appId: string;
      };
    };

export interface DesktopSettings {
  backend: BackendSettings;
  /** Start the console (hidden, in the tray) when the owner logs into the computer. */
  openAtLogin: boolean;
}

/** What the settings screen shows: the settings and what this build can do. */
export interface SettingsView {
  settings: DesktopSettings;
  /** Backend kinds this build can use. */
  availableBackends: BackendSettings['kind'][];
  /** Whether the platform supports starting at login. */
  canOpenAtLogin: boolean;
  /**
   * Whether the session is kept, encrypted by the system's keyring, for the next start (else
   * the owner signs in at each start).
   */
  keepsSession: boolean;
  /**
   * Firebase only: how the console's last request for an App Check token went (null: on the
   * agency's server, or not asked yet).
   */
  appCheck: ConsoleAppCheckOutcome | null;
}

/** Which screen the renderer shows, so that the main process knows when the inbox is read. */
export interface ViewReport {
  route: string;
  /** `document.visibilityState === 'visible'`. */
  visible: boolean;
}

/** Request/response channels: renderer → main, `ipcRenderer.invoke` / `ipcMain.handle`. */
export interface InvokeChannels {
  'session:sign-in': {
    args: [email: string, password: string, remember?: boolean];
    result: IpcResult<Admin>;
  };
  'session:new-device-link': { args: [token: string]; result: IpcResult<Admin> };
  'session:sign-out': { args: []; result: IpcResult<null> };
  /** « Se déconnecter partout »: every session of the owner ends, this console's too. */
  'session:sign-out-everywhere': { args: []; result: IpcResult<null> };
  'session:current': { args: []; result: IpcResult<Admin | null> };
  'inbox:snapshot': { args: []; result: InboxSnapshot };
  'inbox:set-read': { args: [id: string, read: boolean]; result: IpcResult<null> };
  'inbox:remove': { args: [ids: string[]]; result: IpcResult<null> };
  'inbox:list-spam': { args: []; result: IpcResult<SpamMessage[]> };
  'inbox:restore-spam': { args: [id: string]; result: IpcResult<null> };
  'inbox:mark-spam': { args: [id: string]; result: IpcResult<null> };
  'leads:snapshot': { args: []; result: LeadsSnapshot };
  'leads:set-status': { args: [id: string, change: StatusChange]; result: IpcResult<null> };
  'leads:add-note': { args: [id: string, text: string]; result: IpcResult<{ noteId: string }> };
  'leads:correct-note': {
    args: [id: string, noteId: string, text: string];
    result: IpcResult<null>;
  };
  'leads:set-next-action': { args: [id: string, at: number | null]; result: IpcResult<null> };
  'leads:set-estimated-value': {
    args: [id: string, value: number | null];
    result: IpcResult<null>;
  };
  'leads:record-reply': { args: [id: string, channel: ReplyChannel]; result: IpcResult<null> };
  'leads:add-contact': { args: [input: NewContactValues]; result: IpcResult<{ id: string }> };
  'quotes:list': { args: []; result: IpcResult<QuoteJson[]> };
  'quotes:list-by-lead': { args: [leadId: string]; result: IpcResult<QuoteJson[]> };
  'quotes:get': { args: [id: string]; result: IpcResult<QuoteJson> };
  'quotes:create-draft': {
    args: [leadId: string, draft: QuoteDraftFields];
    result: IpcResult<QuoteJson>;
  };
  'quotes:update-draft': {
    args: [id: string, draft: QuoteDraftFields];
    result: IpcResult<QuoteJson>;
  };
  'quotes:remove-draft': { args: [id: string]; result: IpcResult<null> };
  'quotes:send': {
    args: [id: string, options: QuoteSendOptions];
    result: IpcResult<QuoteSentJson>;
  };
  'quotes:resend-link': {
    args: [id: string, options: QuoteSendOptions];
    result: IpcResult<QuoteLinkSent>;
  };
  /** The client's link again, the same each time (issue 44); `via` logs it on the timeline. */
  'quotes:link': {
    args: [id: string, via: 'whatsapp' | 'lien' | null];
    result: IpcResult<{ link: string }>;
  };
  'quotes:new-version': { args: [id: string]; result: IpcResult<QuoteJson> };
  /** Prints the window's page (a quote's printable page) to a PDF file the owner chooses. */
  'quotes:save-pdf': { args: [fileName: string]; result: IpcResult<PdfSaveOutcome> };
  /** Invoices (issue 46, docs/invoices.md): the owner's operations of `backend.invoices`. */
  'invoices:list': { args: []; result: IpcResult<InvoiceJson[]> };
  'invoices:list-by-lead': { args: [leadId: string]; result: IpcResult<InvoiceJson[]> };
  'invoices:get': { args: [id: string]; result: IpcResult<InvoiceJson> };
  'invoices:issue-from-quote': {
    args: [quoteId: string, input: InvoiceFromQuoteInput];
    result: IpcResult<InvoiceJson>;
  };
  'invoices:issue-credit-note': {
    args: [invoiceId: string, input: CreditNoteInput];
    result: IpcResult<InvoiceJson>;
  };
  'invoices:record-payment': {
    args: [invoiceId: string, input: PaymentInput];
    result: IpcResult<InvoiceJson>;
  };
  /** The client's link of an issued invoice, the same each time. */
  'invoices:link': { args: [invoiceId: string]; result: IpcResult<{ link: string }> };
  /** The link e-mailed to the client (`options.email`, or the lead's address). */
  'invoices:email-link': {
    args: [invoiceId: string, options: QuoteSendOptions];
    result: IpcResult<QuoteLinkSent>;
  };
  /** « Réglages » of the agency (issue 49), the backend's `settings`; not the console's own. */
  'agency-settings:get': { args: []; result: IpcResult<SettingsAnswer> };
  'agency-settings:save': { args: [settings: SettingsInput]; result: IpcResult<SettingsAnswer> };
  'agency-settings:history': { args: []; result: IpcResult<SettingsVersion[]> };
  /** The public pages' WhatsApp taps counted after `sinceMs` (« Sources »), the backend's. */
  'whatsapp-taps:since': { args: [sinceMs: number]; result: IpcResult<WhatsappTap[]> };
  'settings:get': { args: []; result: SettingsView };
  'settings:save': { args: [settings: DesktopSettings]; result: IpcResult<SettingsView> };
}

/** One-way messages: renderer → main, `ipcRenderer.send` / `ipcMain.on`. */
export interface SendChannels {
  'view:report': ViewReport;
}

/** Events: main → renderer, `webContents.send` / `ipcRenderer.on`. */
export interface EventChannels {
  'session:changed': Admin | null;
  'inbox:update': InboxUpdate;
  'leads:update': LeadsUpdate;
  /** A notification was clicked: show this message. */
  'inbox:reveal': { id: string };
}

export type InvokeChannel = keyof InvokeChannels;
export type SendChannel = keyof SendChannels;
export type EventChannel = keyof EventChannels;
export type InvokeArgs<C extends InvokeChannel> = InvokeChannels[C]['args'];
export type InvokeResult<C extends InvokeChannel> = InvokeChannels[C]['result'];

/** Stops listening. */
export type Unsubscribe = () => void;

/** The API the preload exposes to the renderer as `window.desktop`. */
export interface DesktopApi {
  session: {
    /** `remember`: « Rester connecté sur cet appareil ». */
    signIn(email: string, password: string, remember?: boolean): Promise<IpcResult<Admin>>;
    /** The link e-mailed to this console while the account was under attack (its token). */
    openNewDeviceLink(token: string): Promise<IpcResult<Admin>>;
    signOut(): Promise<IpcResult<null>>;
    signOutEverywhere(): Promise<IpcResult<null>>;
    current(): Promise<IpcResult<Admin | null>>;
    onChange(listener: (admin: Admin | null) => void): Unsubscribe;
  };
  inbox: {
    snapshot(): Promise<InboxSnapshot>;
    onUpdate(listener: (update: InboxUpdate) => void): Unsubscribe;
    onReveal(listener: (message: { id: string }) => void): Unsubscribe;
    /** Marks one message read or unread; the change comes back through `onUpdate`. */
    setRead(id: string, read: boolean): Promise<IpcResult<null>>;
    /** Deletes these messages; the change comes back through `onUpdate`. */
    remove(ids: string[]): Promise<IpcResult<null>>;
    /** « Indésirables »: the messages kept as spam, asked of the backend each time. */
    listSpam(): Promise<IpcResult<SpamMessage[]>>;
    /** « Pas un indésirable »: the message comes back through `onUpdate`, as a new one. */
    restoreSpam(id: string): Promise<IpcResult<null>>;
    /**
     * « Marquer comme indésirable » (shared/domain/spam-marking.ts), checked in the main
     * process against its copy of the inbox, then asked of the backend; the message leaves
     * through `onUpdate`. 'refused' with the rule's French sentence for a lead typed in.
     */
    markSpam(id: string): Promise<IpcResult<null>>;
    reportView(view: ViewReport): void;
  };
  /** The lead pipeline: its state once, then numbered updates; each change asked of the backend. */
  leads: {
    snapshot(): Promise<LeadsSnapshot>;
    onUpdate(listener: (update: LeadsUpdate) => void): Unsubscribe;
    setStatus(id: string, change: StatusChange): Promise<IpcResult<null>>;
    addNote(id: string, text: string): Promise<IpcResult<{ noteId: string }>>;
    correctNote(id: string, noteId: string, text: string): Promise<IpcResult<null>>;
    setNextAction(id: string, at: number | null): Promise<IpcResult<null>>;
    setEstimatedValue(id: string, value: number | null): Promise<IpcResult<null>>;
    recordReply(id: string, channel: ReplyChannel): Promise<IpcResult<null>>;
    /** « Nouveau contact »: the lead comes back through the inbox's and the pipeline's updates. */
    addContact(input: NewContactValues): Promise<IpcResult<{ id: string }>>;
  };
  /**
   * Quotes (docs/quotes.md): the owner's operations of `backend.quotes`, each asked of the main
   * process's backend and checked there first; the client's (`readByToken`, `answer`) are not
   * the console's. Plus « Enregistrer en PDF » of the printable page.
   */
  quotes: {
    list(): Promise<IpcResult<QuoteJson[]>>;
    listByLead(leadId: string): Promise<IpcResult<QuoteJson[]>>;
    get(id: string): Promise<IpcResult<QuoteJson>>;
    createDraft(leadId: string, draft: QuoteDraftFields): Promise<IpcResult<QuoteJson>>;
    updateDraft(id: string, draft: QuoteDraftFields): Promise<IpcResult<QuoteJson>>;
    removeDraft(id: string): Promise<IpcResult<null>>;
    send(id: string, options: QuoteSendOptions): Promise<IpcResult<QuoteSentJson>>;
    resendLink(id: string, options: QuoteSendOptions): Promise<IpcResult<QuoteLinkSent>>;
    newVersion(id: string): Promise<IpcResult<QuoteJson>>;
    link(id: string, via: 'whatsapp' | 'lien' | null): Promise<IpcResult<{ link: string }>>;
    /**
     * « Enregistrer en PDF »: Electron's printToPDF of the page shown, saved where the owner
     * chooses; `fileName` is the name the save dialog proposes (`DEV-2026-0001.pdf`).
     */
    savePdf(fileName: string): Promise<IpcResult<PdfSaveOutcome>>;
  };
  /**
   * Invoices (docs/invoices.md): the owner's operations of `backend.invoices`, each asked of
   * the main process's backend and checked there first with the domain's schemas; the
   * client's page (`readByToken`) is not the console's.
   */
  invoices: {
    list(): Promise<IpcResult<InvoiceJson[]>>;
    listByLead(leadId: string): Promise<IpcResult<InvoiceJson[]>>;
    get(id: string): Promise<IpcResult<InvoiceJson>>;
    issueFromQuote(quoteId: string, input: InvoiceFromQuoteInput): Promise<IpcResult<InvoiceJson>>;
    issueCreditNote(invoiceId: string, input: CreditNoteInput): Promise<IpcResult<InvoiceJson>>;
    recordPayment(invoiceId: string, input: PaymentInput): Promise<IpcResult<InvoiceJson>>;
    link(invoiceId: string): Promise<IpcResult<{ link: string }>>;
    emailLink(invoiceId: string, options: QuoteSendOptions): Promise<IpcResult<QuoteLinkSent>>;
  };
  /**
   * « Réglages » (docs/inbox.md): the agency's details and the owner's habits, kept by the
   * backend (the agency's server or Firebase), asked of the main process's backend and checked
   * there first with the domain's schema.
   */
  agencySettings: {
    get(): Promise<IpcResult<SettingsAnswer>>;
    save(settings: SettingsInput): Promise<IpcResult<SettingsAnswer>>;
    history(): Promise<IpcResult<SettingsVersion[]>>;
  };
  /**
   * The public pages' WhatsApp taps (« Clics WhatsApp » in « Sources »), read by the main
   * process's backend; `sinceMs` checked there first with the domain's schema.
   */
  whatsappTaps: {
    since(sinceMs: number): Promise<IpcResult<WhatsappTap[]>>;
  };
  /** « Réglages de la console »: where its backend is, starting at login (this computer's). */
  settings: {
    get(): Promise<SettingsView>;
    save(settings: DesktopSettings): Promise<IpcResult<SettingsView>>;
  };
}

/** The name of the global the preload exposes. */
export type DesktopApiGlobal = 'desktop';
