/**
 * The preload: the one bridge between the sandboxed renderer and the main process. It
 * exposes `window.desktop` (the contract's DesktopApi) and nothing else: no ipcRenderer, no
 * Node, no event objects. Sandboxed preloads are CommonJS and may only require `electron`.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type {
  DesktopApi,
  DesktopApiGlobal,
  EventChannel,
  EventChannels,
  InvokeArgs,
  InvokeChannel,
  InvokeResult,
  SendChannel,
  SendChannels,
  Unsubscribe,
} from '../../shared/ipc/contract.ts';

function invoke<C extends InvokeChannel>(
  channel: C,
  ...args: InvokeArgs<C>
): Promise<InvokeResult<C>> {
  return ipcRenderer.invoke(channel, ...args) as Promise<InvokeResult<C>>;
}

function send<C extends SendChannel>(channel: C, payload: SendChannels[C]): void {
  ipcRenderer.send(channel, payload);
}

function subscribe<C extends EventChannel>(
  channel: C,
  listener: (payload: EventChannels[C]) => void,
): Unsubscribe {
  const forward = (_event: IpcRendererEvent, payload: EventChannels[C]) => listener(payload);
  ipcRenderer.on(channel, forward);
  return () => {
    ipcRenderer.removeListener(channel, forward);
  };
}

const api: DesktopApi = {
  session: {
    signIn: (email, password, remember) => invoke('session:sign-in', email, password, remember),
    openNewDeviceLink: (token) => invoke('session:new-device-link', token),
    signOut: () => invoke('session:sign-out'),
    signOutEverywhere: () => invoke('session:sign-out-everywhere'),
    current: () => invoke('session:current'),
    onChange: (listener) => subscribe('session:changed', listener),
  },
  inbox: {
    snapshot: () => invoke('inbox:snapshot'),
    onUpdate: (listener) => subscribe('inbox:update', listener),
    onReveal: (listener) => subscribe('inbox:reveal', listener),
    setRead: (id, read) => invoke('inbox:set-read', id, read),
    remove: (ids) => invoke('inbox:remove', ids),
    listSpam: () => invoke('inbox:list-spam'),
    restoreSpam: (id) => invoke('inbox:restore-spam', id),
    markSpam: (id) => invoke('inbox:mark-spam', id),
    reportView: (view) => send('view:report', view),
  },
  leads: {
    snapshot: () => invoke('leads:snapshot'),
    onUpdate: (listener) => subscribe('leads:update', listener),
    setStatus: (id, change) => invoke('leads:set-status', id, change),
    addNote: (id, text) => invoke('leads:add-note', id, text),
    correctNote: (id, noteId, text) => invoke('leads:correct-note', id, noteId, text),
    setNextAction: (id, at) => invoke('leads:set-next-action', id, at),
    setEstimatedValue: (id, value) => invoke('leads:set-estimated-value', id, value),
    recordReply: (id, channel) => invoke('leads:record-reply', id, channel),
    addContact: (input) => invoke('leads:add-contact', input),
  },
  quotes: {
    list: () => invoke('quotes:list'),
    listByLead: (leadId) => invoke('quotes:list-by-lead', leadId),
    get: (id) => invoke('quotes:get', id),
    createDraft: (leadId, draft) => invoke('quotes:create-draft', leadId, draft),
    updateDraft: (id, draft) => invoke('quotes:update-draft', id, draft),
    removeDraft: (id) => invoke('quotes:remove-draft', id),
    send: (id, options) => invoke('quotes:send', id, options),
    resendLink: (id, options) => invoke('quotes:resend-link', id, options),
    newVersion: (id) => invoke('quotes:new-version', id),
    link: (id, via) => invoke('quotes:link', id, via),
    savePdf: (fileName) => invoke('quotes:save-pdf', fileName),
  },
  invoices: {
    list: () => invoke('invoices:list'),
    listByLead: (leadId) => invoke('invoices:list-by-lead', leadId),
    get: (id) => invoke('invoices:get', id),
    issueFromQuote: (quoteId, input) => invoke('invoices:issue-from-quote', quoteId, input),
    issueCreditNote: (invoiceId, input) => invoke('invoices:issue-credit-note', invoiceId, input),
    recordPayment: (invoiceId, input) => invoke('invoices:record-payment', invoiceId, input),
    link: (invoiceId) => invoke('invoices:link', invoiceId),
    emailLink: (invoiceId, options) => invoke('invoices:email-link', invoiceId, options),
  },
  agencySettings: {
    get: () => invoke('agency-settings:get'),
    save: (settings) => invoke('agency-settings:save', settings),
    history: () => invoke('agency-settings:history'),
  },
  whatsappTaps: {
    since: (sinceMs) => invoke('whatsapp-taps:since', sinceMs),
  },
  settings: {
    get: () => invoke('settings:get'),
    save: (settings) => invoke('settings:save', settings),
  },
};

const globalName: DesktopApiGlobal = 'desktop';
contextBridge.exposeInMainWorld(globalName, api);
