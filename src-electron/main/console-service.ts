import {
  BackendError,
  isBackendError,
  type Admin,
  type Backend,
  type SignInOptions,
} from '../../shared/backend/ports.ts';
import type { ContactMessage } from '../../shared/domain/contact.ts';
import type {
  CreditNoteInput,
  InvoiceFromQuoteInput,
  PaymentInput,
} from '../../shared/domain/invoices/invoice.ts';
import { invoiceToJson } from '../../shared/domain/invoices/record.ts';
import type { NewContactValues } from '../../shared/domain/leads/new-contact.ts';
import type { Lead, ReplyChannel, StatusChange } from '../../shared/domain/leads/pipeline.ts';
import { applyInboxChanges } from '../../shared/domain/inbox.ts';
import {
  quoteToJson,
  type QuoteDraftFields,
  type QuoteSendOptions,
} from '../../shared/domain/quotes/record.ts';
import { FAILURES } from '../../shared/domain/messages.ts';
import type { SettingsInput } from '../../shared/domain/settings/settings.ts';
import { workingHoursOf } from '../../shared/domain/settings/effective.ts';
import { EVERY_DAY_HOURS, type WorkingHours } from '../../shared/domain/leads/business-hours.ts';
import type {
  BackendSettings,
  EventChannel,
  EventChannels,
  InboxSnapshot,
  InboxUpdate,
  IpcError,
  IpcResult,
} from '../../shared/ipc/contract.ts';
import type { BackendFactory } from './backend-factory.ts';
import { createInboxTracker } from './inbox-tracker.ts';
import { markAsSpam } from '../../shared/domain/spam-marking.ts';
import { createLeadReminders, type ConsoleReminder } from './lead-reminders.ts';
import { createLeadsRelay } from './leads-relay.ts';

/** A failure as the renderer receives it. */
export function toIpcError(error: unknown): IpcError {
  if (isBackendError(error)) {
    return {
      code: error.code,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
      ...(error.retryAfterSeconds !== undefined
        ? { retryAfterSeconds: error.retryAfterSeconds }
        : {}),
      ...(error.newDevice ? { newDevice: error.newDevice } : {}),
    };
  }
  return { code: 'unknown', message: FAILURES.unknown };
}

async function attempt<T>(work: () => Promise<T>): Promise<IpcResult<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return { ok: false, error: toIpcError(error) };
  }
}

export type EmitEvent = <C extends EventChannel>(channel: C, payload: EventChannels[C]) => void;

export interface ConsoleServiceOptions {
  createBackend: BackendFactory;
  /** Shows the native notification of a new message. */
  notify: (message: ContactMessage) => void;
  /**
   * Shows the native notification of a reminder about a lead (lead-reminders.ts); none
   * without it.
   */
  notifyReminder?: (reminder: ConsoleReminder) => void;
  /** The time the reminders are judged at (Date.now; tests move their own). */
  clock?: () => number;
  /** How often the reminders are looked for, besides each change (30 s). */
  reminderCheckMs?: number;
  /** Shows the unread count (badge, tray, overlay). */
  setUnread: (count: number) => void;
  /** Sends an event to the renderer. */
  emit: EmitEvent;
  /** Whether the owner has the inbox in front of them (window focused, dashboard shown). */
  isLookingAtInbox: () => boolean;
  /** Wait before watching again after a failure that ended the watch. */
  rewatchDelayMs?: number;
  log?: (message: string) => void;
}

/** No list: signed out, or a watch starting. */
const IDLE = { messages: null, status: 'connecting', error: null } as const;

type WithoutRevision<U> = U extends unknown ? Omit<U, 'revision'> : never;
/** An update before the main process numbers it. */
type UnnumberedUpdate = WithoutRevision<InboxUpdate>;

/**
 * The console's core, in the main process: the backend, the owner's session and the realtime
 * inbox, watched for as long as the owner is signed in, whether the window is open or not.
 * New messages notify and count as unread until the owner looks at the inbox.
 */
export function createConsoleService(options: ConsoleServiceOptions) {
  const log = options.log ?? (() => undefined);
  const rewatchDelayMs = options.rewatchDelayMs ?? 30_000;
  const tracker = createInboxTracker();
  const leadsRelay = createLeadsRelay(options.emit);

  let backend: Backend | null = null;
  let backendProblem: IpcError | null = null;
  let admin: Admin | null = null;
  let stopSession: (() => void) | null = null;
  let stopWatch: (() => void) | null = null;
  let rewatchTimer: ReturnType<typeof setTimeout> | undefined;
  let inbox: InboxSnapshot = { revision: 0, ...IDLE };
  // The pipeline as the backend's watch gives it; null until its first snapshot.
  let leads: Map<string, Lead> | null = null;
  let reminderTimer: ReturnType<typeof setInterval> | undefined;
  // The working hours of « Réglages » the « Toujours nouveau » reminder counts in: read from
  // the backend at most every 5 minutes, and after a save from this console.
  let hours: WorkingHours = EVERY_DAY_HOURS;
  let hoursReadAt = Number.NEGATIVE_INFINITY;
  const readHours = (force = false) => {
    const clock = options.clock ?? Date.now;
    const source = backend;
    if (!source?.settings || (!force && clock() - hoursReadAt < 5 * 60_000)) return;
    hoursReadAt = clock();
    source.settings.get().then(
      (answer) => {
        if (backend === source) hours = workingHoursOf(answer.settings);
      },
      () => undefined,
    );
  };
  const reminders = createLeadReminders({
    clock: options.clock ?? Date.now,
    notify: (reminder) => options.notifyReminder?.(reminder),
    workingHours: () => hours,
  });
  /** Looks for reminders due, once both the inbox and its pipeline are known. */
  const checkReminders = () => {
    readHours();
    if (inbox.messages && leads) reminders.check(inbox.messages, leads);
  };
  // The messages notified since the owner last looked at the inbox, and still unread there.
  const unread = new Set<string>();
  let generation = 0;

  /** Applies an update to the main process's copy of the inbox and sends it to the renderer. */
  const publish = (change: UnnumberedUpdate) => {
    const revision = inbox.revision + 1;
    switch (change.kind) {
      case 'reset':
        inbox = { revision, messages: change.messages, status: change.status, error: change.error };
        break;
      case 'changes':
        inbox = {
          ...inbox,
          revision,
          messages: applyInboxChanges(inbox.messages ?? [], change.changes),
        };
        break;
      case 'status':
        inbox = { ...inbox, revision, status: change.status, error: change.error };
        break;
    }
    options.emit('inbox:update', { ...change, revision });
  };

  const isIdle = () => inbox.messages === null && inbox.status === 'connecting' && !inbox.error;
  const resetInbox = () => {
    if (!isIdle()) publish({ kind: 'reset', ...IDLE });
  };

  /** New messages notify, unless the owner is looking at the inbox already. */
  const announce = (fresh: ContactMessage[]) => {
    if (fresh.length === 0 || options.isLookingAtInbox()) return;
    for (const message of fresh) {
      options.notify(message);
      unread.add(message.id);
    }
    options.setUnread(unread.size);
  };

  const clearUnread = () => {
    if (unread.size === 0) return;
    unread.clear();
    options.setUnread(0);
  };

  /** A message deleted, or marked read elsewhere (the browser's dashboard), no longer counts. */
  const forget = (ids: Iterable<string>) => {
    const before = unread.size;
    for (const id of ids) unread.delete(id);
    if (unread.size !== before) options.setUnread(unread.size);
  };

  const endWatch = () => {
    if (rewatchTimer !== undefined) clearTimeout(rewatchTimer);
    rewatchTimer = undefined;
    stopWatch?.();
    stopWatch = null;
    leadsRelay.stop();
    if (reminderTimer !== undefined) clearInterval(reminderTimer);
    reminderTimer = undefined;
    leads = null;
  };

  /**
   * The pipeline, watched beside the inbox where the backend has one: relayed to the window
   * (leads-relay.ts) and kept here for the reminders.
   */
  const watchLeads = (source: Backend) => {
    reminders.reset();
    leadsRelay.start(source, {
      snapshot: (all) => {
        leads = new Map(all.map((lead) => [lead.id, lead]));
        checkReminders();
      },
      changes: (changes) => {
        for (const change of changes) {
          if (change.type === 'set') leads?.set(change.lead.id, change.lead);
          else leads?.delete(change.id);
        }
        checkReminders();
      },
    });
    if (!source.leads || !options.notifyReminder) return;
    reminderTimer = setInterval(checkReminders, options.reminderCheckMs ?? 30_000);
    reminderTimer.unref?.();
  };

  const startWatch = (source: Backend) => {
    endWatch();
    tracker.restart();
    publish({ kind: 'reset', ...IDLE });
    watchLeads(source);
    stopWatch = source.messages.watch({
      snapshot: (messages) => {
        const fresh = tracker.snapshot(messages);
        const present = new Map(messages.map((message) => [message.id, message]));
        forget([...unread].filter((id) => present.get(id)?.read !== false));
        publish({ kind: 'reset', messages, status: inbox.status, error: null });
        announce(fresh);
        checkReminders();
      },
      changes: (changes) => {
        const added = changes.flatMap((change) =>
          change.type === 'added' ? [change.message] : [],
        );
        const fresh = tracker.added(added);
        forget(
          changes.flatMap((change) => {
            if (change.type === 'removed') return [change.id];
            return change.type === 'changed' && change.message.read ? [change.message.id] : [];
          }),
        );
        publish({ kind: 'changes', changes });
        announce(fresh);
        checkReminders();
      },
      status: (status) => publish({ kind: 'status', status, error: inbox.error }),
      error: (error) => {
        stopWatch = null;
        publish({ kind: 'status', status: inbox.status, error: toIpcError(error) });
        if (error.code === 'unauthorized') return;
        log(`Boîte de réception interrompue (${error.code}) : nouvel essai bientôt.`);
        rewatchTimer = setTimeout(() => {
          rewatchTimer = undefined;
          if (admin && backend === source) startWatch(source);
        }, rewatchDelayMs);
      },
    });
  };

  const onSession = (source: Backend, next: Admin | null) => {
    if (backend !== source) return;
    const changed = (admin?.email ?? null) !== (next?.email ?? null);
    admin = next;
    if (changed) options.emit('session:change', admin);
    if (admin && (changed || (!stopWatch && rewatchTimer === undefined))) {
      startWatch(source);
    } else if (!admin) {
      endWatch();
      resetInbox();
      clearUnread();
    }
  };

  const detach = () => {
    endWatch();
    stopSession?.();
    stopSession = null;
    const previous = backend;
    backend = null;
    previous?.close().catch((error: unknown) => log(`Fermeture du backend : ${String(error)}`));
  };

  const connect = async (settings: BackendSettings) => {
    const current = ++generation;
    detach();
    backendProblem = null;
    try {
      const created = await options.createBackend(settings);
      if (current !== generation) return;
      backend = created;
      stopSession = created.session.onChange((next) => onSession(created, next));
    } catch (error) {
      if (current !== generation) return;
      backendProblem = toIpcError(error);
      log(`Backend indisponible : ${backendProblem.message}`);
    }
  };

  const withBackend = <T>(work: (source: Backend) => Promise<T>): Promise<IpcResult<T>> => {
    const source = backend;
    if (!source) {
      return Promise.resolve({
        ok: false,
        error: backendProblem ?? {
          code: 'unavailable',
          message: FAILURES.unavailable,
        },
      });
    }
    return attempt(() => work(source));
  };

  const withPipeline = <T>(
    work: (pipeline: NonNullable<Backend['leads']>) => Promise<T>,
  ): Promise<IpcResult<T>> =>
    withBackend((source) => {
      if (!source.leads) throw new BackendError('unavailable');
      return work(source.leads);
    });

  const withQuotes = <T>(
    work: (quotes: NonNullable<Backend['quotes']>) => Promise<T>,
  ): Promise<IpcResult<T>> =>
    withBackend((source) => {
      if (!source.quotes) throw new BackendError('unavailable');
      return work(source.quotes);
    });

  const withInvoices = <T>(
    work: (invoices: NonNullable<Backend['invoices']>) => Promise<T>,
  ): Promise<IpcResult<T>> =>
    withBackend((source) => {
      if (!source.invoices) throw new BackendError('unavailable');
      return work(source.invoices);
    });

  const withSettings = <T>(
    work: (settings: NonNullable<Backend['settings']>) => Promise<T>,
  ): Promise<IpcResult<T>> =>
    withBackend((source) => {
      if (!source.settings) throw new BackendError('unavailable');
      return work(source.settings);
    });

  const withWhatsappTaps = <T>(
    work: (taps: NonNullable<Backend['whatsappTaps']>) => Promise<T>,
  ): Promise<IpcResult<T>> =>
    withBackend((source) => {
      if (!source.whatsappTaps) throw new BackendError('unavailable');
      return work(source.whatsappTaps);
    });

  const resetSession = () => {
    if (admin) {
      admin = null;
      options.emit('session:change', null);
    }
    resetInbox();
    clearUnread();
  };

  return {
    /** Connects to the backend of these settings (again, when they change). */
    async useBackend(settings: BackendSettings): Promise<void> {
      resetSession();
      await connect(settings);
    },

    signIn: (email: string, password: string, options?: SignInOptions) =>
      withBackend((source) => source.session.signIn(email, password, options)),

    /** The console keeps its cookies here: the e-mailed link is pasted in, not opened. */
    openNewDeviceLink: (token: string) =>
      withBackend((source) => {
        if (!source.session.openNewDeviceLink) throw new BackendError('refused');
        return source.session.openNewDeviceLink(token);
      }),

    signOut: () =>
      withBackend(async (source) => {
        await source.session.signOut();
        return null;
      }),

    /** « Se déconnecter partout »: refused ('unavailable') where the backend cannot. */
    signOutEverywhere: () =>
      withBackend(async (source) => {
        if (!source.session.signOutEverywhere) throw new BackendError('unavailable');
        await source.session.signOutEverywhere();
        return null;
      }),

    current: () => withBackend((source) => source.session.current()),

    setRead: (id: string, read: boolean) =>
      withBackend(async (source) => {
        await source.messages.setRead(id, read);
        return null;
      }),

    remove: (ids: readonly string[]) =>
      withBackend(async (source) => {
        await source.messages.remove(ids);
        return null;
      }),

    /** « Indésirables », as the backend keeps them (a backend without: none). */
    listSpam: () => withBackend(async (source) => (await source.messages.listSpam?.()) ?? []),

    restoreSpam: (id: string) =>
      withBackend(async (source) => {
        if (!source.messages.restoreSpam) throw new BackendError('not-found');
        await source.messages.restoreSpam(id);
        return null;
      }),

    /**
     * « Marquer comme indésirable »: the rule (markAsSpam) on the message as this process
     * knows it, then the backend, which checks it again in its own transaction.
     */
    markSpam: (id: string) =>
      withBackend(async (source) => {
        const message = inbox.messages?.find((candidate) => candidate.id === id);
        if (!message || !source.messages.markSpam) throw new BackendError('not-found');
        const marking = markAsSpam(message, Date.now());
        if (!marking.marked) throw new BackendError('refused', { message: marking.refusal });
        await source.messages.markSpam(id);
        return null;
      }),

    snapshot: (): InboxSnapshot => inbox,

    /** Looks for reminders due now (a 30-second timer does it too; the tests move a clock). */
    checkReminders,

    leadsSnapshot: () => leadsRelay.snapshot(),

    /** The pipeline's changes, asked of the backend; the result comes back as an update. */
    leadsPort: {
      setStatus: (id: string, change: StatusChange) =>
        withPipeline(async (pipeline) => {
          await pipeline.setStatus(id, change);
          return null;
        }),
      addNote: (id: string, text: string) => withPipeline((pipeline) => pipeline.addNote(id, text)),
      correctNote: (id: string, noteId: string, text: string) =>
        withPipeline(async (pipeline) => {
          await pipeline.correctNote(id, noteId, text);
          return null;
        }),
      setNextAction: (id: string, at: number | null) =>
        withPipeline(async (pipeline) => {
          await pipeline.setNextAction(id, at);
          return null;
        }),
      setEstimatedValue: (id: string, value: number | null) =>
        withPipeline(async (pipeline) => {
          await pipeline.setEstimatedValue(id, value);
          return null;
        }),
      addContact: (input: NewContactValues) =>
        withPipeline((pipeline) => {
          if (!pipeline.addContact) throw new BackendError('unavailable');
          return pipeline.addContact(input);
        }),
      recordReply: (id: string, channel: ReplyChannel) =>
        withPipeline(async (pipeline) => {
          await pipeline.recordReply(id, channel);
          return null;
        }),
    },

    /**
     * The owner's quotes, asked of the backend; each quote comes back in its JSON form (see
     * QuoteSentJson in shared/ipc/contract.ts).
     */
    quotesPort: {
      list: () => withQuotes(async (quotes) => (await quotes.list()).map(quoteToJson)),
      listByLead: (leadId: string) =>
        withQuotes(async (quotes) => (await quotes.listByLead(leadId)).map(quoteToJson)),
      get: (id: string) => withQuotes(async (quotes) => quoteToJson(await quotes.get(id))),
      createDraft: (leadId: string, draft: QuoteDraftFields) =>
        withQuotes(async (quotes) => quoteToJson(await quotes.createDraft(leadId, draft))),
      updateDraft: (id: string, draft: QuoteDraftFields) =>
        withQuotes(async (quotes) => quoteToJson(await quotes.updateDraft(id, draft))),
      removeDraft: (id: string) =>
        withQuotes(async (quotes) => {
          await quotes.removeDraft(id);
          return null;
        }),
      send: (id: string, options: QuoteSendOptions) =>
        withQuotes(async (quotes) => {
          const sent = await quotes.send(id, options);
          return { ...sent, quote: quoteToJson(sent.quote) };
        }),
      resendLink: (id: string, options: QuoteSendOptions) =>
        withQuotes((quotes) => quotes.resendLink(id, options)),
      newVersion: (id: string) =>
        withQuotes(async (quotes) => quoteToJson(await quotes.newVersion(id))),
      link: (id: string, via: 'whatsapp' | 'lien' | null) =>
        withQuotes((quotes) => quotes.link(id, via ?? undefined)),
    },

    /**
     * The owner's invoices, asked of the backend (which checks and numbers them); each comes
     * back in its JSON form (InvoiceJson in shared/ipc/contract.ts).
     */
    invoicesPort: {
      list: () => withInvoices(async (invoices) => (await invoices.list()).map(invoiceToJson)),
      listByLead: (leadId: string) =>
        withInvoices(async (invoices) => (await invoices.listByLead(leadId)).map(invoiceToJson)),
      get: (id: string) => withInvoices(async (invoices) => invoiceToJson(await invoices.get(id))),
      issueFromQuote: (quoteId: string, input: InvoiceFromQuoteInput) =>
        withInvoices(async (invoices) =>
          invoiceToJson(await invoices.issueFromQuote(quoteId, input)),
        ),
      issueCreditNote: (invoiceId: string, input: CreditNoteInput) =>
        withInvoices(async (invoices) =>
          invoiceToJson(await invoices.issueCreditNote(invoiceId, input)),
        ),
      recordPayment: (invoiceId: string, input: PaymentInput) =>
        withInvoices(async (invoices) =>
          invoiceToJson(await invoices.recordPayment(invoiceId, input)),
        ),
      link: (invoiceId: string) =>
        withInvoices((invoices) => {
          if (!invoices.link) throw new BackendError('unavailable');
          return invoices.link(invoiceId);
        }),
      emailLink: (invoiceId: string, options: QuoteSendOptions) =>
        withInvoices((invoices) => {
          if (!invoices.emailLink) throw new BackendError('unavailable');
          return invoices.emailLink(invoiceId, options);
        }),
    },

    /** « Réglages » of the agency, asked of the backend (checked there again). */
    settingsPort: {
      get: () => withSettings((settings) => settings.get()),
      save: (input: SettingsInput) =>
        withSettings(async (settings) => {
          const saved = await settings.save(input);
          hours = workingHoursOf(saved.settings);
          return saved;
        }),
      history: () => withSettings((settings) => settings.history()),
    },

    /** The WhatsApp taps of the public pages (« Sources »), asked of the backend. */
    whatsappTapsPort: {
      since: (sinceMs: number) => withWhatsappTaps((taps) => taps.since(sinceMs)),
    },

    get unread(): number {
      return unread.size;
    },

    get admin(): Admin | null {
      return admin;
    },

    /** Call whenever what the owner sees may have changed: clears the unread count if so. */
    refreshSeen(): void {
      if (unread.size > 0 && options.isLookingAtInbox()) clearUnread();
    },

    dispose(): void {
      generation += 1;
      detach();
    },
  };
}

export type ConsoleService = ReturnType<typeof createConsoleService>;
