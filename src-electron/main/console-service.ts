import type { Admin, Backend } from '../../shared/backend/ports.ts';
import type { ContactMessage } from '../../shared/domain/contact.ts';
import type { BackendSettings } from '../../shared/ipc/contract.ts';
import type { BackendFactory } from './backend-factory.ts';
import { agencySettingsOperations } from './console/agency-settings.ts';
import { createBackendConnection } from './console/connection.ts';
import { createInboxWatch } from './console/inbox-watch.ts';
import { invoiceOperations } from './console/invoices.ts';
import { leadOperations } from './console/leads.ts';
import { createLeadsWatch } from './console/leads-watch.ts';
import { messageOperations } from './console/messages.ts';
import { quoteOperations } from './console/quotes.ts';
import { sessionOperations } from './console/session.ts';
import { whatsappTapOperations } from './console/whatsapp-taps.ts';
import type { EmitEvent } from './ipc/renderer-events.ts';
import type { ConsoleReminder } from './lead-reminders.ts';

export { toIpcError } from './console/connection.ts';
export type { EmitEvent } from './ipc/renderer-events.ts';

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

/**
 * The console's core, in the main process: the backend, the owner's session and the realtime
 * inbox and pipeline, watched for as long as the owner is signed in, whether the window is
 * open or not. Each job is its own file in ./console: the connection, the two watches, and the
 * operations the window asks for, by part of the backend (session, messages, leads, quotes,
 * invoices, « Réglages », WhatsApp taps).
 */
export function createConsoleService(options: ConsoleServiceOptions) {
  const log = options.log ?? (() => undefined);
  let admin: Admin | null = null;

  const inbox = createInboxWatch({
    emit: options.emit,
    notify: options.notify,
    setUnread: options.setUnread,
    isLookingAtInbox: options.isLookingAtInbox,
    onChange: () => leads.check(),
    rewatch: (source) => {
      if (admin && connection.access.current() === source) startWatch(source);
    },
    rewatchDelayMs: options.rewatchDelayMs ?? 30_000,
    log,
  });
  const leads = createLeadsWatch({
    emit: options.emit,
    backend: () => connection.access.current(),
    messages: () => inbox.snapshot().messages,
    ...(options.notifyReminder ? { notifyReminder: options.notifyReminder } : {}),
    clock: options.clock ?? Date.now,
    reminderCheckMs: options.reminderCheckMs ?? 30_000,
  });

  const endWatch = () => {
    inbox.stop();
    leads.stop();
  };

  const startWatch = (source: Backend) => {
    endWatch();
    inbox.restart();
    leads.start(source);
    inbox.watch(source);
  };

  const connection = createBackendConnection({
    createBackend: options.createBackend,
    onDetach: endWatch,
    log,
    onSession: (source, next) => {
      const changed = (admin?.email ?? null) !== (next?.email ?? null);
      admin = next;
      if (changed) options.emit('session:change', admin);
      if (admin && (changed || !inbox.watching)) {
        startWatch(source);
      } else if (!admin) {
        endWatch();
        inbox.reset();
        inbox.clearUnread();
      }
    },
  });
  const backend = connection.access;

  const resetSession = () => {
    if (admin) {
      admin = null;
      options.emit('session:change', null);
    }
    inbox.reset();
    inbox.clearUnread();
  };

  return {
    /** Connects to the backend of these settings (again, when they change). */
    async useBackend(settings: BackendSettings): Promise<void> {
      resetSession();
      await connection.connect(settings);
    },

    ...sessionOperations(backend),
    ...messageOperations(backend, () => inbox.snapshot().messages),

    snapshot: inbox.snapshot,

    /** Looks for reminders due now (a 30-second timer does it too; the tests move a clock). */
    checkReminders: leads.check,

    leadsSnapshot: leads.snapshot,
    leadsPort: leadOperations(backend),
    quotesPort: quoteOperations(backend),
    invoicesPort: invoiceOperations(backend),
    settingsPort: agencySettingsOperations(backend, (settings) => leads.useSettings(settings)),
    whatsappTapsPort: whatsappTapOperations(backend),

    get unread(): number {
      return inbox.unread;
    },

    get admin(): Admin | null {
      return admin;
    },

    /** Call whenever what the owner sees may have changed: clears the unread count if so. */
    refreshSeen: inbox.refreshSeen,

    dispose(): void {
      connection.dispose();
    },
  };
}

export type ConsoleService = ReturnType<typeof createConsoleService>;
