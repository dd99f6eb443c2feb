/**
 * The desktop console's IPC contract, written once: every channel between the Electron main
 * process and the renderer, with what goes each way, in one map (`invokeChannels`,
 * `sendChannels`, `eventChannels`). The preload's `window.desktop` and its type `DesktopApi`
 * are derived from the map (shared/ipc/desktop-api.ts), so a channel added here reaches the
 * renderer with no other edit; the main process (src-electron/main/ipc) handles and checks
 * each one. Only those two name the channels on the wire.
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

/**
 * A request channel of the map: the arguments the renderer gives and what the main process
 * answers. Types only: at runtime the map holds nothing but its channels' names.
 */
export interface Request<Args extends unknown[], Result> {
  args: Args;
  result: Result;
}
const request = <Args extends unknown[], Result>() => null as unknown as Request<Args, Result>;
/** A one-way message or an event of the map: its payload's type (nothing at runtime). */
const message = <Payload>() => null as unknown as Payload;

/**
 * THE CHANNEL MAP. Every channel between the renderer and the main process is one line here;
 * `window.desktop` (shared/ipc/desktop-api.ts, exposed by the preload) and its type
 * `DesktopApi` are derived from it: `group:do-this` becomes `desktop.group.doThis(...args)`,
 * an event `group:that` becomes `desktop.group.onThat(listener)`. The main process must
 * handle and check each request and one-way channel (src-electron/main/ipc/handlers, asked for
 * by the compiler).
 *
 * Request/response channels: renderer → main, `ipcRenderer.invoke` / `ipcMain.handle`.
 */
export const invokeChannels = {
  /** `remember`: « Rester connecté sur cet appareil ». */
  'session:sign-in': request<
    [email: string, password: string, remember?: boolean],
    IpcResult<Admin>
  >(),
  /** The link e-mailed to this console while the account was under attack (its token). */
  'session:open-new-device-link': request<[token: string], IpcResult<Admin>>(),
  'session:sign-out': request<[], IpcResult<null>>(),
  /** « Se déconnecter partout »: every session of the owner ends, this console's too. */
  'session:sign-out-everywhere': request<[], IpcResult<null>>(),
  'session:current': request<[], IpcResult<Admin | null>>(),
  'inbox:snapshot': request<[], InboxSnapshot>(),
  /** Marks one message read or unread; the change comes back through `onUpdate`. */
  'inbox:set-read': request<[id: string, read: boolean], IpcResult<null>>(),
  /** Deletes these messages; the change comes back through `onUpdate`. */
  'inbox:remove': request<[ids: string[]], IpcResult<null>>(),
  /** « Indésirables »: the messages kept as spam, asked of the backend each time. */
  'inbox:list-spam': request<[], IpcResult<SpamMessage[]>>(),
  /** « Pas un indésirable »: the message comes back through `onUpdate`, as a new one. */
  'inbox:restore-spam': request<[id: string], IpcResult<null>>(),
  /**
   * « Marquer comme indésirable » (shared/domain/spam-marking.ts), checked in the main
   * process against its copy of the inbox, then asked of the backend; the message leaves
   * through `onUpdate`. 'refused' with the rule's French sentence for a lead typed in.
   */
  'inbox:mark-spam': request<[id: string], IpcResult<null>>(),
  /** The lead pipeline: its state once, then numbered updates (`leads:update`). */
  'leads:snapshot': request<[], LeadsSnapshot>(),
  'leads:set-status': request<[id: string, change: StatusChange], IpcResult<null>>(),
  'leads:add-note': request<[id: string, text: string], IpcResult<{ noteId: string }>>(),
  'leads:correct-note': request<[id: string, noteId: string, text: string], IpcResult<null>>(),
  'leads:set-next-action': request<[id: string, at: number | null], IpcResult<null>>(),
  'leads:set-estimated-value': request<[id: string, value: number | null], IpcResult<null>>(),
  'leads:record-reply': request<[id: string, channel: ReplyChannel], IpcResult<null>>(),
  /** « Nouveau contact »: the lead comes back through the inbox's and the pipeline's updates. */
  'leads:add-contact': request<[input: NewContactValues], IpcResult<{ id: string }>>(),
  /**
   * Quotes (docs/quotes.md): the owner's operations of `backend.quotes`, each checked in the
   * main process first; the client's (`readByToken`, `answer`) are not the console's.
   */
  'quotes:list': request<[], IpcResult<QuoteJson[]>>(),
  'quotes:list-by-lead': request<[leadId: string], IpcResult<QuoteJson[]>>(),
  'quotes:get': request<[id: string], IpcResult<QuoteJson>>(),
  'quotes:create-draft': request<[leadId: string, draft: QuoteDraftFields], IpcResult<QuoteJson>>(),
  'quotes:update-draft': request<[id: string, draft: QuoteDraftFields], IpcResult<QuoteJson>>(),
  'quotes:remove-draft': request<[id: string], IpcResult<null>>(),
  'quotes:send': request<[id: string, options: QuoteSendOptions], IpcResult<QuoteSentJson>>(),
  'quotes:resend-link': request<
    [id: string, options: QuoteSendOptions],
    IpcResult<QuoteLinkSent>
  >(),
  /** The client's link again, the same each time (issue 44); `via` logs it on the timeline. */
  'quotes:link': request<
    [id: string, via: 'whatsapp' | 'lien' | null],
    IpcResult<{ link: string }>
  >(),
  'quotes:new-version': request<[id: string], IpcResult<QuoteJson>>(),
  /**
   * « Enregistrer en PDF »: Electron's printToPDF of the page shown, saved where the owner
   * chooses; `fileName` is the name the save dialog proposes (`DEV-2026-0001.pdf`).
   */
  'quotes:save-pdf': request<[fileName: string], IpcResult<PdfSaveOutcome>>(),
  /**
   * Invoices (issue 46, docs/invoices.md): the owner's operations of `backend.invoices`, each
   * checked in the main process first with the domain's schemas; the client's page
   * (`readByToken`) is not the console's.
   */
  'invoices:list': request<[], IpcResult<InvoiceJson[]>>(),
  'invoices:list-by-lead': request<[leadId: string], IpcResult<InvoiceJson[]>>(),
  'invoices:get': request<[id: string], IpcResult<InvoiceJson>>(),
  'invoices:issue-from-quote': request<
    [quoteId: string, input: InvoiceFromQuoteInput],
    IpcResult<InvoiceJson>
  >(),
  'invoices:issue-credit-note': request<
    [invoiceId: string, input: CreditNoteInput],
    IpcResult<InvoiceJson>
  >(),
  'invoices:record-payment': request<
    [invoiceId: string, input: PaymentInput],
    IpcResult<InvoiceJson>
  >(),
  /** The client's link of an issued invoice, the same each time. */
  'invoices:link': request<[invoiceId: string], IpcResult<{ link: string }>>(),
  /** The link e-mailed to the client (`options.email`, or the lead's address). */
  'invoices:email-link': request<
    [invoiceId: string, options: QuoteSendOptions],
    IpcResult<QuoteLinkSent>
  >(),
  /**
   * « Réglages » of the agency (issue 49, docs/inbox.md), the backend's `settings`, checked in
   * the main process first with the domain's schema; not the console's own settings.
   */
  'agency-settings:get': request<[], IpcResult<SettingsAnswer>>(),
  'agency-settings:save': request<[settings: SettingsInput], IpcResult<SettingsAnswer>>(),
  'agency-settings:history': request<[], IpcResult<SettingsVersion[]>>(),
  /** The public pages' WhatsApp taps counted after `sinceMs` (« Sources »), the backend's. */
  'whatsapp-taps:since': request<[sinceMs: number], IpcResult<WhatsappTap[]>>(),
  /** « Réglages de la console »: where its backend is, starting at login (this computer's). */
  'settings:get': request<[], SettingsView>(),
  'settings:save': request<[settings: DesktopSettings], IpcResult<SettingsView>>(),
};

/** One-way messages: renderer → main, `ipcRenderer.send` / `ipcMain.on`. */
export const sendChannels = {
  /** Which screen the window shows, so that the main process knows when the inbox is read. */
  'inbox:report-view': message<ViewReport>(),
};

/** Events: main → renderer, `webContents.send` / `ipcRenderer.on`. */
export const eventChannels = {
  'session:change': message<Admin | null>(),
  'inbox:update': message<InboxUpdate>(),
  /** A notification was clicked: show this message. */
  'inbox:reveal': message<{ id: string }>(),
  'leads:update': message<LeadsUpdate>(),
};

export type InvokeChannels = typeof invokeChannels;
export type SendChannels = typeof sendChannels;
export type EventChannels = typeof eventChannels;
export type InvokeChannel = keyof InvokeChannels;
export type SendChannel = keyof SendChannels;
export type EventChannel = keyof EventChannels;
export type InvokeArgs<C extends InvokeChannel> = InvokeChannels[C]['args'];
export type InvokeResult<C extends InvokeChannel> = InvokeChannels[C]['result'];

/** Stops listening. */
export type Unsubscribe = () => void;

/** `list-by-lead` → `listByLead`: how a channel's name becomes a method's. */
export type Camel<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : S;
type GroupOf<C> = C extends `${infer Group}:${string}` ? Group : never;
type NameOf<C> = C extends `${string}:${infer Name}` ? Name : never;
/** The groups of the map: `session`, `inbox`, `leads`, `quotes`, … */
export type ChannelGroup = GroupOf<InvokeChannel | SendChannel | EventChannel>;

/** The requests of one group of `window.desktop` (`G`: the channels' group, `agency-settings`). */
export type DesktopRequests<G extends ChannelGroup> = {
  [C in InvokeChannel as GroupOf<C> extends G ? Camel<NameOf<C>> : never]: (
    ...args: InvokeArgs<C>
  ) => Promise<InvokeResult<C>>;
};

/** One group of `window.desktop`: its requests, its one-way messages, its events. */
export type DesktopGroupApi<G extends ChannelGroup> = DesktopRequests<G> & {
  [C in SendChannel as GroupOf<C> extends G ? Camel<NameOf<C>> : never]: (
    payload: SendChannels[C],
  ) => void;
} & {
  [C in EventChannel as GroupOf<C> extends G ? `on${Capitalize<Camel<NameOf<C>>>}` : never]: (
    listener: (payload: EventChannels[C]) => void,
  ) => Unsubscribe;
};

/**
 * The API the preload exposes to the renderer as `window.desktop`, derived from the map:
 * `desktop.quotes.listByLead(leadId)` is the channel `quotes:list-by-lead`,
 * `desktop.inbox.onUpdate(listener)` the event `inbox:update`.
 */
export type DesktopApi = { [G in ChannelGroup as Camel<G>]: DesktopGroupApi<G> };

/** The name of the global the preload exposes. */
export type DesktopApiGlobal = 'desktop';
