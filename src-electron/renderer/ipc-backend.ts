import {
  BackendError,
  type Backend,
  type LeadChange,
  type LeadsObserver,
  type MessagesObserver,
  type WatchStatus,
} from '../../shared/backend/ports.ts';
import type { Lead } from '../../shared/domain/leads/pipeline.ts';
import { createWatchLifecycle } from '../../shared/backend/watch-lifecycle.ts';
import { CONSOLE_CANNOT_SEND, CONSOLE_NOT_THE_CLIENT } from '../../shared/domain/messages.ts';
import { invoiceFromJson } from '../../shared/domain/invoices/record.ts';
import { quoteFromJson } from '../../shared/domain/quotes/record.ts';
import type {
  DesktopApi,
  InboxSnapshot,
  InboxUpdate,
  IpcError,
  IpcResult,
  LeadsUpdate,
} from '../../shared/ipc/contract.ts';

/** Turns a failure that crossed IPC back into the port's error. */
export function toBackendError(error: IpcError): BackendError {
  return new BackendError(error.code, {
    message: error.message,
    ...(error.fields ? { fields: error.fields } : {}),
    ...(error.retryAfterSeconds !== undefined
      ? { retryAfterSeconds: error.retryAfterSeconds }
      : {}),
    ...(error.newDevice ? { newDevice: error.newDevice } : {}),
  });
}

function unwrap<T>(result: IpcResult<T>): T {
  if (result.ok) return result.value;
  throw toBackendError(result.error);
}

/**
 * The inbox as the main process publishes it: its state once, then its numbered updates.
 * The updates that arrive before the state are kept, and those it already includes skipped.
 */
function watchMainInbox(api: DesktopApi, observer: MessagesObserver): () => void {
  // The main process retries by itself: this watch only relays.
  const lifecycle = createWatchLifecycle(observer);
  let revision: number | null = null;
  let hasList = false;
  const early: InboxUpdate[] = [];

  const report = (status: WatchStatus, error: IpcError | null) => {
    lifecycle.status(status);
    // The port's rule: nothing is delivered after an error.
    if (error) lifecycle.end(toBackendError(error));
  };

  const applyState = (state: Omit<InboxSnapshot, 'revision'>) => {
    report(state.status, state.error);
    hasList = state.messages !== null;
    if (state.messages) lifecycle.snapshot(state.messages);
  };

  const apply = (update: InboxUpdate) => {
    if (revision !== null && update.revision <= revision) return;
    revision = update.revision;
    switch (update.kind) {
      case 'reset':
        applyState(update);
        break;
      case 'changes':
        if (hasList) lifecycle.changes(update.changes);
        break;
      case 'status':
        report(update.status, update.error);
        break;
    }
  };

  lifecycle.onStop(
    api.inbox.onUpdate((update) => {
      if (revision === null) early.push(update);
      else apply(update);
    }),
  );
  void api.inbox
    .snapshot()
    .then((snapshot) => {
      if (lifecycle.stopped) return;
      revision = snapshot.revision;
      applyState(snapshot);
      for (const update of early.splice(0)) apply(update);
    })
    .catch(() => undefined);
  return lifecycle.stop;
}

/**
 * The pipeline as the main process publishes it, the same way as the inbox: its state once,
 * then its numbered updates, none applied twice nor before the state.
 */
function watchMainLeads(api: DesktopApi, observer: LeadsObserver): () => void {
  const lifecycle = createWatchLifecycle<Lead, LeadChange>(observer);
  let revision: number | null = null;
  let hasList = false;
  const early: LeadsUpdate[] = [];

  const reset = (leads: Lead[] | null) => {
    hasList = leads !== null;
    if (leads) lifecycle.snapshot(leads);
  };
  const apply = (update: LeadsUpdate) => {
    if (revision !== null && update.revision <= revision) return;
    revision = update.revision;
    if (update.kind === 'reset') reset(update.leads);
    else if (hasList) lifecycle.changes(update.changes);
  };

  lifecycle.onStop(
    api.leads.onUpdate((update) => {
      if (revision === null) early.push(update);
      else apply(update);
    }),
  );
  void api.leads
    .snapshot()
    .then((snapshot) => {
      if (lifecycle.stopped) return;
      revision = snapshot.revision;
      reset(snapshot.leads);
      for (const update of early.splice(0)) apply(update);
    })
    .catch(() => undefined);
  return lifecycle.stop;
}

/**
 * The backend port for src-web's screens inside the desktop console: every call goes to the
 * main process through the preload's API, which owns the real backend, the session and the
 * realtime watch. The renderer holds no credential and opens no connection.
 */
export function createIpcBackend(api: DesktopApi): Backend {
  const stops = new Set<() => void>();
  const tracked = (stop: () => void) => {
    const once = () => {
      stops.delete(once);
      stop();
    };
    stops.add(once);
    return once;
  };

  return {
    session: {
      signIn: async (email, password, options) =>
        unwrap(await api.session.signIn(email, password, options?.remember === true)),
      openNewDeviceLink: async (token) => unwrap(await api.session.openNewDeviceLink(token)),
      signOut: async () => {
        unwrap(await api.session.signOut());
      },
      signOutEverywhere: async () => {
        unwrap(await api.session.signOutEverywhere());
      },
      current: async () => unwrap(await api.session.current()),
      onChange(listener) {
        let active = true;
        let changed = false;
        const stop = api.session.onChange((admin) => {
          changed = true;
          if (active) listener(admin);
        });
        // The current state first, unless a change already said it.
        void api.session
          .current()
          .then((result) => {
            if (active && !changed && result.ok) listener(result.value);
          })
          .catch(() => undefined);
        return tracked(() => {
          active = false;
          stop();
        });
      },
    },
    messages: {
      send: () => Promise.reject(new BackendError('refused', { message: CONSOLE_CANNOT_SEND })),
      setRead: async (id, read) => {
        unwrap(await api.inbox.setRead(id, read));
      },
      remove: async (ids) => {
        unwrap(await api.inbox.remove([...ids]));
      },
      watch: (observer) => tracked(watchMainInbox(api, observer)),
      listSpam: async () => unwrap(await api.inbox.listSpam()),
      restoreSpam: async (id) => {
        unwrap(await api.inbox.restoreSpam(id));
      },
      markSpam: async (id) => {
        unwrap(await api.inbox.markSpam(id));
      },
    },
    leads: {
      watch: (observer) => tracked(watchMainLeads(api, observer)),
      setStatus: async (id, change) => {
        unwrap(await api.leads.setStatus(id, change));
      },
      addNote: async (id, text) => unwrap(await api.leads.addNote(id, text)),
      addContact: async (input) => unwrap(await api.leads.addContact(input)),
      correctNote: async (id, noteId, text) => {
        unwrap(await api.leads.correctNote(id, noteId, text));
      },
      setNextAction: async (id, at) => {
        unwrap(await api.leads.setNextAction(id, at));
      },
      setEstimatedValue: async (id, value) => {
        unwrap(await api.leads.setEstimatedValue(id, value));
      },
      recordReply: async (id, channel) => {
        unwrap(await api.leads.recordReply(id, channel));
      },
    },
    // The owner's quotes, in their JSON form across IPC (shared/ipc/contract.ts), as `Quote`s
    // here; the client's page and answer are the site's.
    quotes: {
      list: async () => unwrap(await api.quotes.list()).map(quoteFromJson),
      listByLead: async (leadId) => unwrap(await api.quotes.listByLead(leadId)).map(quoteFromJson),
      get: async (id) => quoteFromJson(unwrap(await api.quotes.get(id))),
      createDraft: async (leadId, draft) =>
        quoteFromJson(unwrap(await api.quotes.createDraft(leadId, draft))),
      updateDraft: async (id, draft) =>
        quoteFromJson(unwrap(await api.quotes.updateDraft(id, draft))),
      removeDraft: async (id) => {
        unwrap(await api.quotes.removeDraft(id));
      },
      send: async (id, options = {}) => {
        const sent = unwrap(await api.quotes.send(id, options));
        return { ...sent, quote: quoteFromJson(sent.quote) };
      },
      resendLink: async (id, options = {}) => unwrap(await api.quotes.resendLink(id, options)),
      newVersion: async (id) => quoteFromJson(unwrap(await api.quotes.newVersion(id))),
      link: async (id, via) => unwrap(await api.quotes.link(id, via ?? null)),
      // Not relayed: the main process's backend expires the overdue quotes at each read.
      expireOverdue: () => Promise.reject(new BackendError('refused')),
      readByToken: () =>
        Promise.reject(new BackendError('refused', { message: CONSOLE_NOT_THE_CLIENT })),
      answer: () =>
        Promise.reject(new BackendError('refused', { message: CONSOLE_NOT_THE_CLIENT })),
    },
    // The owner's invoices, in their JSON form across IPC, as `Invoice`s here; the client's
    // page is the site's.
    invoices: {
      list: async () => unwrap(await api.invoices.list()).map(invoiceFromJson),
      listByLead: async (leadId) =>
        unwrap(await api.invoices.listByLead(leadId)).map(invoiceFromJson),
      get: async (id) => invoiceFromJson(unwrap(await api.invoices.get(id))),
      issueFromQuote: async (quoteId, input) =>
        invoiceFromJson(unwrap(await api.invoices.issueFromQuote(quoteId, input))),
      issueCreditNote: async (invoiceId, input) =>
        invoiceFromJson(unwrap(await api.invoices.issueCreditNote(invoiceId, input))),
      recordPayment: async (invoiceId, input) =>
        invoiceFromJson(unwrap(await api.invoices.recordPayment(invoiceId, input))),
      link: async (invoiceId) => unwrap(await api.invoices.link(invoiceId)),
      emailLink: async (invoiceId, options = {}) =>
        unwrap(await api.invoices.emailLink(invoiceId, options)),
    },
    // « Réglages » of the agency, kept by the main process's backend.
    settings: {
      get: async () => unwrap(await api.agencySettings.get()),
      save: async (settings) => unwrap(await api.agencySettings.save(settings)),
      history: async () => unwrap(await api.agencySettings.history()),
    },
    // « Sources »'s WhatsApp taps, read by the main process's backend.
    whatsappTaps: {
      since: async (sinceMs) => unwrap(await api.whatsappTaps.since(sinceMs)),
    },
    async close() {
      for (const stop of [...stops]) stop();
    },
  };
}
