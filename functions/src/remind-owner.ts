import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import {
  CONTACTS_COLLECTION,
  SPAM_COLLECTION,
  TIMESTAMP_FIELD,
  toContactMessage,
  toReceivedAt,
} from '../../shared/backend/firebase/contact-documents.ts';
import {
  LEADS_COLLECTION,
  TIMELINE_COLLECTION,
} from '../../shared/backend/firebase/lead-documents.ts';
import {
  QUOTES_COLLECTION,
  unopenedCandidateOfDocument,
} from '../../shared/backend/firebase/quote-documents.ts';
import {
  INVOICE_DUE_DATE_FIELD,
  INVOICE_KIND_FIELD,
  INVOICE_LEDGERS_COLLECTION,
  INVOICES_COLLECTION,
  invoiceOfDocuments,
  PAYABLE_INVOICE_KINDS,
} from '../../shared/backend/firebase/invoice-documents.ts';
import type { Invoice } from '../../shared/domain/invoices/invoice.ts';
import { SPAM_REASON_CODES, type ContactMessage } from '../../shared/domain/contact.ts';
import {
  AGENCY_TIME_ZONE,
  localDay,
  STILL_NEW_REMINDER_MS,
  stillNewReminderAt,
  type WorkingHours,
} from '../../shared/domain/leads/business-hours.ts';
import { digestDayDue, type DigestTime } from '../../shared/domain/leads/digest-time.ts';
import { digestTimeOf, workingHoursOf } from '../../shared/domain/settings/effective.ts';
import {
  dailyDigest,
  isNextActionDue,
  isStillNewReminderDue,
} from '../../shared/domain/leads/follow-up.ts';
import {
  LEAD_STATUS_CODES,
  lastNoteOf,
  type LeadNote,
  type LeadStatus,
} from '../../shared/domain/leads/pipeline.ts';
import type { ChannelModule, SetUpChannel } from '../../shared/notifications/channel.ts';
import { noticeKey, type OwnerNotice } from '../../shared/notifications/notice.ts';
import { DIGEST_SPAM_WINDOW_MS } from '../../shared/domain/spam-day.ts';
import { channelsFromParameters } from './channels.ts';
import { firestoreStore } from './firestore-store.ts';
import { notifyOwner, type NotificationStore } from './notify-owner.ts';
import { SECRETS } from './params.ts';
import type { StoredSettings } from '../../shared/domain/settings/settings.ts';
import { readSettings } from './settings.ts';
import { FUNCTION_TIMEOUT_SECONDS } from './trigger.ts';
import { systemClock, type FunctionClock } from './clock.ts';

/**
 * The Firebase mode's reminders and daily digest (docs/inbox.md, « Les rappels et le résumé
 * quotidien »), what the embedded server's scheduler does (src-server/leads/reminder-scheduler.ts),
 * run every 5 minutes by Cloud Scheduler:
 * - a lead whose « Relancer le » has come: « Relance : NOM — SUJET » on every channel, once
 *   per date (a new date is a new reminder);
 * - a lead still « Nouveau » two working hours after it arrived: one reminder;
 * - at DIGEST_TIME (08:00 Algiers), the day's digest e-mail (with the sent quotes never opened
 *   3 days on and the invoices « En retard »), none on a day with nothing in it.
 * Each is sent by notifyOwner, the new messages' code, under its notice's key: what was
 * delivered is recorded at once (`notificationDeliveries/{key}`), so that a run cut short,
 * or a channel that failed, is finished by the next run, never sent twice; a notice is done
 * (`reminders/{key}`) once every channel has it, or has been given up on after 23 hours.
 * Messages received before the first run (the cut-off, `reminderState/state.since`) are never
 * reminded as « Nouveau » nor listed as unanswered.
 */

export const REMINDERS_COLLECTION = 'reminders';
export const REMINDER_STATE = { collection: 'reminderState', document: 'state' } as const;

/** How often Cloud Scheduler runs it: a reminder is at most this late. */
export const REMINDER_SCHEDULE = 'every 5 minutes';

interface StoredLead {
  status: LeadStatus;
  nextActionAt: number | null;
}

export interface RemindOwnerDeps {
  store: NotificationStore;
  channels: readonly SetUpChannel[];
  /** The digest's time of « Réglages » (DIGEST_TIME before the first save); null: off. */
  digestTime: DigestTime | null;
  /** The working hours of « Réglages »: « Nouveau » for 2 of them, and « sans réponse ». */
  hours: WorkingHours;
}

/** What one run did, for its log line and the tests. */
export interface RemindersRun {
  /** The keys of the notices delivered in full by this run. */
  delivered: string[];
  /** The failures left for the next run, in French. */
  failures: string[];
}

function leadOf(data: FirebaseFirestore.DocumentData): StoredLead {
  return {
    status: LEAD_STATUS_CODES.find((code) => code === data.status) ?? 'nouveau',
    nextActionAt: toReceivedAt(data.nextActionAt),
  };
}

/**
 * The notice as it goes out: a reminder with its lead's last note (lastNoteOf over the notes
 * of `leads/{id}/timeline`, read at each attempt: a note corrected since goes corrected).
 */
async function withLastNote(db: Firestore, notice: OwnerNotice): Promise<OwnerNotice> {
  if (notice.kind !== 'reminder') return notice;
  const notes = await db
    .collection(LEADS_COLLECTION)
    .doc(notice.message.id)
    .collection(TIMELINE_COLLECTION)
    .where('type', '==', 'note')
    .get();
  const note = lastNoteOf(
    notes.docs.flatMap((doc): LeadNote[] => {
      const text: unknown = doc.get('text');
      const at = toReceivedAt(doc.get('at'));
      if (typeof text !== 'string' || at === null) return [];
      return [
        { id: doc.id, type: 'note', at, text, correctedAt: toReceivedAt(doc.get('correctedAt')) },
      ];
    }),
  );
  return { ...notice, lastNote: note ? { text: note.text, at: note.at } : null };
}

/** The cut-off and the last digest's day, the cut-off written at the first run. */
async function reminderState(db: Firestore, nowMs: number) {
  const ref = db.collection(REMINDER_STATE.collection).doc(REMINDER_STATE.document);
  return db.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    const since = toReceivedAt(snapshot.get('since'));
    if (since === null) {
      transaction.set(ref, { since: new Date(nowMs) }, { merge: true });
    }
    const day: unknown = snapshot.get('digestDay');
    return {
      sinceMs: since ?? nowMs,
      digestDay: typeof day === 'string' ? day : null,
      ref,
    };
  });
}

/**
 * What the reminders take from « Réglages » (docs/firebase.md, « Les réglages »), read at each
 * run: the digest's time (DIGEST_TIME before the first save; null when off) and the working
 * hours. A save is effective at the next run.
 */
export async function remindersSettings(
  db: Firestore,
  read?: StoredSettings,
): Promise<Pick<RemindOwnerDeps, 'digestTime' | 'hours'>> {
  const { settings } = read ?? (await readSettings(db));
  return { digestTime: digestTimeOf(settings), hours: workingHoursOf(settings) };
}

/**
 * The candidates of « Factures en retard » (shared/domain/invoices/overdue.ts decides which are
 * late): the invoices, not credit notes, whose due date is before `today` (ISO day, Algiers),
 * found by the composite index (kind, dueDate) of firestore.indexes.json as the embedded server
 * finds them by `invoices_by_due_date`, each with its ledger (payments and credit notes).
 */
export async function overdueInvoiceCandidates(db: Firestore, today: string): Promise<Invoice[]> {
  const pastDue = await db
    .collection(INVOICES_COLLECTION)
    .where(INVOICE_KIND_FIELD, 'in', PAYABLE_INVOICE_KINDS)
    .where(INVOICE_DUE_DATE_FIELD, '<', today)
    .get();
  if (pastDue.empty) return [];
  const ledgers = await db.getAll(
    ...pastDue.docs.map((doc) => db.collection(INVOICE_LEDGERS_COLLECTION).doc(doc.id)),
  );
  return pastDue.docs.flatMap((doc, index) => {
    const invoice = invoiceOfDocuments(doc.id, doc.data(), ledgers[index]?.data());
    return invoice ? [invoice] : [];
  });
}

/** Looks for what fell due at `nowMs` and tells the owner of it. */
export async function remindOwner(
  db: Firestore,
  nowMs: number,
  { store, channels, digestTime, hours }: RemindOwnerDeps,
): Promise<RemindersRun> {
  const run: RemindersRun = { delivered: [], failures: [] };
  const state = await reminderState(db, nowMs);
  const leadsSnapshot = await db.collection(LEADS_COLLECTION).get();
  const leads = new Map(leadsSnapshot.docs.map((doc) => [doc.id, leadOf(doc.data())]));

  // The messages a reminder may be about: those with a follow-up due, and those received
  // since the cut-off and at least two hours old (two working hours are two hours at least).
  const followUpIds = [...leads].flatMap(([id, lead]) =>
    isNextActionDue(lead, nowMs) ? [id] : [],
  );
  const messages = new Map<string, ContactMessage>();
  const followUpDocs =
    followUpIds.length === 0
      ? []
      : await db.getAll(...followUpIds.map((id) => db.collection(CONTACTS_COLLECTION).doc(id)));
  const recent = await db
    .collection(CONTACTS_COLLECTION)
    .where(TIMESTAMP_FIELD, '>=', new Date(state.sinceMs))
    .where(TIMESTAMP_FIELD, '<=', new Date(nowMs - STILL_NEW_REMINDER_MS))
    .get();
  for (const doc of [...followUpDocs, ...recent.docs]) {
    const data = doc.data();
    const message = data ? toContactMessage({ id: doc.id, data }) : null;
    if (message) messages.set(message.id, message);
  }

  const notices: OwnerNotice[] = [];
  for (const id of followUpIds) {
    const message = messages.get(id);
    const dueAt = leads.get(id)?.nextActionAt;
    if (message && dueAt != null) {
      notices.push({ kind: 'reminder', reason: 'follow-up', message, dueAt });
    }
  }
  for (const doc of recent.docs) {
    const message = messages.get(doc.id);
    if (!message || message.receivedAt === null) continue;
    const lead = leads.get(doc.id) ?? { status: 'nouveau' };
    if (isStillNewReminderDue(lead, message.receivedAt, nowMs, hours)) {
      const dueAt = stillNewReminderAt(message.receivedAt, AGENCY_TIME_ZONE, hours);
      notices.push({ kind: 'reminder', reason: 'still-new', message, dueAt });
    }
  }

  const done = async (notice: OwnerNotice, firstSeenMs: number) => {
    try {
      await notifyOwner(notice, firstSeenMs, nowMs, { store, channels });
      return true;
    } catch (error) {
      run.failures.push(error instanceof Error ? error.message : String(error));
      return false;
    }
  };

  // Each reminder once: `reminders/{key}` is written when it is first due (its time, for the
  // 23-hour give-up) and marked done once delivered.
  const reminders = db.collection(REMINDERS_COLLECTION);
  const records =
    notices.length === 0 ? [] : await db.getAll(...notices.map((n) => reminders.doc(noticeKey(n))));
  await Promise.all(
    notices.map(async (notice, index) => {
      const record = records[index];
      if (record?.get('done') === true) return;
      const key = noticeKey(notice);
      const firstSeenMs = toReceivedAt(record?.get('firstSeenAt')) ?? nowMs;
      if (!record?.exists) {
        await reminders.doc(key).set({
          contactId: notice.kind === 'reminder' ? notice.message.id : null,
          firstSeenAt: new Date(firstSeenMs),
          done: false,
        });
      }
      if (await done(await withLastNote(db, notice), firstSeenMs)) {
        await reminders.doc(key).set({ done: true }, { merge: true });
        run.delivered.push(key);
      }
    }),
  );

  const day = digestDayDue(nowMs, digestTime, state.digestDay);
  if (day !== null) {
    const inbox = await db.collection(CONTACTS_COLLECTION).get();
    const all = inbox.docs.flatMap((doc) => {
      const message = toContactMessage({ id: doc.id, data: doc.data() });
      return message ? [message] : [];
    });
    const spamDocs = await db
      .collection(SPAM_COLLECTION)
      .where(TIMESTAMP_FIELD, '>', new Date(nowMs - DIGEST_SPAM_WINDOW_MS))
      .get();
    // With their reason: those the owner marked are not counted (keptAsSpamForDigest).
    const spam = spamDocs.docs.map((doc) => ({
      receivedAt: toReceivedAt(doc.get(TIMESTAMP_FIELD)),
      spamReason: SPAM_REASON_CODES.find((reason) => reason === doc.get('spamReason')),
    }));
    // The sent quotes not opened yet: the rule picks those 3 days old (shared/domain/quotes/unopened.ts).
    const sentQuotes = await db.collection(QUOTES_COLLECTION).where('status', '==', 'envoye').get();
    const quotes = sentQuotes.docs.flatMap((doc) => {
      const quote = unopenedCandidateOfDocument(doc.id, doc.data());
      return quote ? [quote] : [];
    });
    const digest = dailyDigest(all, leads, nowMs, {
      hours,
      unansweredSince: state.sinceMs,
      spam,
      quotes,
      invoices: await overdueInvoiceCandidates(db, localDay(nowMs, AGENCY_TIME_ZONE)),
    });
    const notice: OwnerNotice | null = digest && { kind: 'digest', digest };
    // A digest that failed is tried again by the next run, the same day.
    if (notice === null || (await done(notice, nowMs))) {
      await state.ref.set({ digestDay: day }, { merge: true });
      if (notice) run.delivered.push(noticeKey(notice));
    }
  }
  return run;
}

/**
 * The scheduled function: every 5 minutes, on the registry's channels (or the tests' own),
 * set up from the function's parameters and secrets at each run.
 */
export function remindOwnerFunction(
  channels: readonly ChannelModule[],
  clock: FunctionClock = systemClock,
) {
  return onSchedule(
    {
      schedule: REMINDER_SCHEDULE,
      timeZone: 'Africa/Algiers',
      region: 'europe-west1',
      secrets: SECRETS,
      timeoutSeconds: FUNCTION_TIMEOUT_SECONDS,
    },
    async () => {
      if (getApps().length === 0) initializeApp();
      const db = getFirestore();
      // « Réglages » read once per run: the owner's address, the digest's time, the hours.
      const settings = await readSettings(db);
      const run = await remindOwner(db, await clock(), {
        store: firestoreStore(db),
        channels: await channelsFromParameters(db, channels, settings),
        ...(await remindersSettings(db, settings)),
      });
      if (run.delivered.length > 0) logger.info(`Rappels envoyés : ${run.delivered.join(', ')}`);
      if (run.failures.length > 0) {
        logger.warn(`Rappels à reprendre au prochain passage : ${run.failures.join(' ; ')}`);
      }
    },
  );
}
