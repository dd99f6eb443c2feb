import type { Backend } from '../../../shared/backend/ports.ts';
import type { ContactMessage } from '../../../shared/domain/contact.ts';
import { EVERY_DAY_HOURS, type WorkingHours } from '../../../shared/domain/leads/business-hours.ts';
import type { Lead } from '../../../shared/domain/leads/pipeline.ts';
import { workingHoursOf } from '../../../shared/domain/settings/effective.ts';
import type { Settings } from '../../../shared/domain/settings/settings.ts';
import type { EmitEvent } from '../ipc/renderer-events.ts';
import { createLeadReminders, type ConsoleReminder } from '../lead-reminders.ts';
import { createLeadsRelay } from '../leads-relay.ts';

export interface LeadsWatchOptions {
  emit: EmitEvent;
  /** The backend connected now (its « Réglages » give the working hours). */
  backend: () => Backend | null;
  /** The inbox's messages as the main process knows them (null: no list yet). */
  messages: () => ContactMessage[] | null;
  /** Shows the native notification of a reminder (lead-reminders.ts); none without it. */
  notifyReminder?: (reminder: ConsoleReminder) => void;
  /** The time the reminders are judged at (Date.now; tests move their own). */
  clock: () => number;
  /** How often the reminders are looked for, besides each change (30 s). */
  reminderCheckMs: number;
}

/**
 * The lead pipeline, watched beside the inbox where the backend has one: relayed to the
 * window (leads-relay.ts) and kept here for the reminders, which notify when a follow-up is
 * due or a lead stays « Nouveau » (lead-reminders.ts).
 */
export function createLeadsWatch(options: LeadsWatchOptions) {
  const relay = createLeadsRelay(options.emit);
  // The pipeline as the backend's watch gives it; null until its first snapshot.
  let leads: Map<string, Lead> | null = null;
  let reminderTimer: ReturnType<typeof setInterval> | undefined;
  // The working hours of « Réglages » the « Toujours nouveau » reminder counts in: read from
  // the backend at most every 5 minutes, and after a save from this console.
  let hours: WorkingHours = EVERY_DAY_HOURS;
  let hoursReadAt = Number.NEGATIVE_INFINITY;
  const readHours = (force = false) => {
    const source = options.backend();
    if (!source?.settings || (!force && options.clock() - hoursReadAt < 5 * 60_000)) return;
    hoursReadAt = options.clock();
    source.settings.get().then(
      (answer) => {
        if (options.backend() === source) hours = workingHoursOf(answer.settings);
      },
      () => undefined,
    );
  };
  const reminders = createLeadReminders({
    clock: options.clock,
    notify: (reminder) => options.notifyReminder?.(reminder),
    workingHours: () => hours,
  });

  /** Looks for reminders due, once both the inbox and its pipeline are known. */
  const check = () => {
    readHours();
    const messages = options.messages();
    if (messages && leads) reminders.check(messages, leads);
  };

  return {
    check,

    start(source: Backend): void {
      reminders.reset();
      relay.start(source, {
        snapshot: (all) => {
          leads = new Map(all.map((lead) => [lead.id, lead]));
          check();
        },
        changes: (changes) => {
          for (const change of changes) {
            if (change.type === 'set') leads?.set(change.lead.id, change.lead);
            else leads?.delete(change.id);
          }
          check();
        },
      });
      if (!source.leads || !options.notifyReminder) return;
      reminderTimer = setInterval(check, options.reminderCheckMs);
      reminderTimer.unref?.();
    },

    stop(): void {
      relay.stop();
      if (reminderTimer !== undefined) clearInterval(reminderTimer);
      reminderTimer = undefined;
      leads = null;
    },

    snapshot: () => relay.snapshot(),

    /** « Réglages » saved from this console: its working hours count from now. */
    useSettings(settings: Settings): void {
      hours = workingHoursOf(settings);
    },
  };
}
