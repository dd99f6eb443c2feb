import type { WorkingHours } from '../../domain/leads/business-hours.ts';
import {
  collection,
  collectionGroup,
  doc,
  getDoc,
  getDocs,
  onSnapshot,
  runTransaction,
  serverTimestamp,
  Timestamp,
  updateDoc,
  writeBatch,
  type DocumentData,
  type Firestore,
  type QueryDocumentSnapshot,
} from '@firebase/firestore';
import { fieldErrors } from '../../domain/field-errors.ts';
import {
  PIPELINE_MESSAGES,
  canCorrectNote,
  estimatedValueSchema,
  leadEventSchema,
  leadSchema,
  newLead,
  newestFirst,
  nextActionSchemaAt,
  noteTextSchema,
  replyChannelSchema,
  statusChangeSchemaAt,
  type Lead,
  type LeadEvent,
} from '../../domain/leads/pipeline.ts';
import { decideNextAction, decideStatusChange } from '../../domain/leads/rules.ts';
import { BackendError, type LeadChange, type LeadPipeline, type LeadsObserver } from '../ports.ts';
import {
  createWatchLifecycle,
  DEFAULT_RETRY_DELAYS,
  type RetryDelays,
  type WatchLifecycle,
} from '../watch-lifecycle.ts';
import { NO_APP_CHECK, type AppCheckMonitor } from './app-check.ts';
import { firebaseErrorCode, firestoreError } from './errors.ts';
import { CONTACTS_COLLECTION, TIMESTAMP_FIELD, toReceivedAt } from './contact-documents.ts';
import {
  newContactMessageFields,
  newContactNextAction,
  newContactSchemaAt,
  type NewContactInput,
} from '../../domain/leads/new-contact.ts';
import { LEADS_COLLECTION, TIMELINE_COLLECTION } from './lead-documents.ts';

/**
 * The lead pipeline in Firestore, beside the messages (firestore.rules: an admin only reads
 * or writes it): `leads/{messageId}` holds the status, its reason, its date, the next action
 * and the estimated value; `leads/{messageId}/timeline/{eventId}` the status changes, notes
 * and replies. A message without either is « Nouveau » since it arrived.
 */
export { LEADS_COLLECTION, TIMELINE_COLLECTION };

type Data = DocumentData;

/** Milliseconds, or null (a pending server time reads as an estimate, see below). */
const millis = (value: unknown) => toReceivedAt(value);

export function toLeadFields(id: string, data: Data): Omit<Lead, 'timeline'> {
  return {
    id,
    status: data.status,
    lostReason: data.lostReason ?? null,
    statusChangedAt: millis(data.statusChangedAt),
    nextActionAt: millis(data.nextActionAt),
    estimatedValue: data.estimatedValue ?? null,
  } as Omit<Lead, 'timeline'>;
}

function toEvent(id: string, data: Data): LeadEvent | null {
  const parsed = leadEventSchema.safeParse({
    id,
    type: data.type,
    at: millis(data.at),
    status: data.status,
    lostReason: data.lostReason ?? null,
    text: data.text,
    correctedAt: millis(data.correctedAt),
    channel: data.channel,
    // A quote's link sent, copied or first seen (written by the functions only, issue 44).
    number: data.number,
    action: data.action,
  });
  return parsed.success ? parsed.data : null;
}

/** The lead document of a lead, every field written (the rules check them all). */
export function leadDocument(lead: Omit<Lead, 'timeline' | 'id'>, statusChanged: boolean) {
  return {
    status: lead.status,
    lostReason: lead.lostReason,
    statusChangedAt: statusChanged
      ? serverTimestamp()
      : lead.statusChangedAt === null
        ? null
        : Timestamp.fromMillis(lead.statusChangedAt),
    nextActionAt: lead.nextActionAt === null ? null : Timestamp.fromMillis(lead.nextActionAt),
    estimatedValue: lead.estimatedValue,
  };
}

/**
 * A lead the owner typed in (« Nouveau contact ») as a new document of `contacts`: its fields,
 * an absent one left out (no e-mail, no phone, no service, no subject or message), its
 * `source`, `read` (the owner typed it), and the server's time. firestore.rules lets only an
 * admin write one (`isTypedInContact`); the Cloud Function's trigger does not notify it.
 */
export function typedInDocument(input: NewContactInput): Record<string, unknown> {
  const fields = newContactMessageFields(input);
  return {
    ...Object.fromEntries(
      Object.entries(fields).filter(([, value]) => value !== null && value !== ''),
    ),
    read: true,
    [TIMESTAMP_FIELD]: serverTimestamp(),
  };
}

function invalid(issues: Parameters<typeof fieldErrors>[0]): BackendError {
  return new BackendError('invalid-input', { fields: fieldErrors(issues) });
}

export interface FirestoreLeadsOptions {
  appCheck?: AppCheckMonitor;
  onSessionEnd?: (callback: () => void) => () => void;
  retryDelayMs?: RetryDelays;
  /** The working hours of « Réglages », where a proposed « Relancer le » lands. */
  workingHours?: () => Promise<WorkingHours>;
}

export interface FirestoreLeads extends LeadPipeline {
  /** Deletes the pipeline of messages just deleted (the rules allow it once they are gone). */
  forget(ids: readonly string[]): Promise<void>;
  stopAll(): void;
}

export function createFirestoreLeads(
  db: Firestore,
  options: FirestoreLeadsOptions = {},
): FirestoreLeads {
  const appCheck = options.appCheck ?? NO_APP_CHECK;
  const open = new Set<WatchLifecycle<Lead, LeadChange>>();
  const leadRef = (id: string) => doc(db, LEADS_COLLECTION, id);
  const timelineOf = (id: string) => collection(db, LEADS_COLLECTION, id, TIMELINE_COLLECTION);
  const contactRef = (id: string) => doc(db, CONTACTS_COLLECTION, id);

  async function failure(error: unknown): Promise<BackendError> {
    const code = firebaseErrorCode(error);
    const refused = code === 'permission-denied' || code === 'unauthenticated';
    return firestoreError(error, 'admin', refused ? await appCheck.failing() : false);
  }

  /**
   * Writes a lead's document in a transaction, from the lead as it is (or « Nouveau »);
   * `next` says what it becomes, or throws a BackendError. 'not-found' when the message is
   * not in the inbox.
   */
  async function changeLead(
    id: string,
    next: (current: Omit<Lead, 'timeline'>) => {
      lead: Omit<Lead, 'timeline' | 'id'>;
      statusChanged: boolean;
      event?: Data;
    },
  ): Promise<void> {
    try {
      await runTransaction(db, async (transaction) => {
        const message = await transaction.get(contactRef(id));
        if (!message.exists()) throw new BackendError('not-found');
        const stored = await transaction.get(leadRef(id));
        const current = stored.exists() ? toLeadFields(id, stored.data()) : newLead(id);
        const { lead, statusChanged, event } = next(current);
        transaction.set(leadRef(id), leadDocument(lead, statusChanged));
        if (event) transaction.set(doc(timelineOf(id)), { ...event, at: serverTimestamp() });
      });
    } catch (error) {
      throw await failure(error);
    }
  }

  async function addEvent(id: string, event: Data): Promise<string> {
    const reference = doc(timelineOf(id));
    try {
      const message = await getDoc(contactRef(id));
      if (!message.exists()) throw new BackendError('not-found');
      await writeBatch(db)
        .set(reference, { ...event, at: serverTimestamp() })
        .commit();
    } catch (error) {
      throw await failure(error);
    }
    return reference.id;
  }

  function watch(observer: LeadsObserver): () => void {
    const lifecycle = createWatchLifecycle<Lead, LeadChange>(
      observer,
      options.retryDelayMs ?? DEFAULT_RETRY_DELAYS,
    );
    open.add(lifecycle);
    lifecycle.onStop(() => open.delete(lifecycle));
    if (options.onSessionEnd) {
      lifecycle.onStop(options.onSessionEnd(() => lifecycle.end(new BackendError('unauthorized'))));
    }
    let live = false;

    const listen = () => {
      const documents = new Map<string, Data>();
      const timelines = new Map<string, Map<string, LeadEvent>>();
      let leadsLoaded = false;
      let eventsLoaded = false;
      let delivered = false;
      let leadsFromCache = true;
      let eventsFromCache = true;
      const stops: (() => void)[] = [];
      const stopListening = () => stops.splice(0).forEach((stop) => stop());

      const leadOf = (id: string): Lead | null => {
        const data = documents.get(id);
        const events = [...(timelines.get(id)?.values() ?? [])];
        if (!data && events.length === 0) return null;
        const fields = data ? toLeadFields(id, data) : newLead(id);
        const parsed = leadSchema.safeParse({ ...fields, timeline: newestFirst(events) });
        return parsed.success ? parsed.data : null;
      };

      const deliver = (touched: Set<string>) => {
        if (!leadsLoaded || !eventsLoaded || lifecycle.stopped) return;
        if (!delivered) {
          delivered = true;
          const ids = new Set([...documents.keys(), ...timelines.keys()]);
          lifecycle.snapshot([...ids].flatMap((id) => leadOf(id) ?? []));
        } else {
          lifecycle.changes(
            [...touched].map((id): LeadChange => {
              const lead = leadOf(id);
              return lead ? { type: 'set', lead } : { type: 'removed', id };
            }),
          );
        }
        if (!leadsFromCache && !eventsFromCache) {
          live = true;
          lifecycle.recovered();
          lifecycle.status('live');
        } else if (live) {
          lifecycle.status('reconnecting');
        }
      };

      const onError = (error: unknown) => {
        stopListening();
        void failure(error).then((mapped) => {
          if (mapped.code !== 'unavailable' && mapped.code !== 'network') {
            lifecycle.end(mapped);
            return;
          }
          lifecycle.retryLater(listen, live ? 'reconnecting' : 'connecting');
        });
      };

      // A server time still pending reads as Firestore's estimate, not as null.
      const read = (snapshot: QueryDocumentSnapshot) =>
        snapshot.data({ serverTimestamps: 'estimate' });

      stops.push(
        onSnapshot(
          collection(db, LEADS_COLLECTION),
          { includeMetadataChanges: true },
          (snapshot) => {
            const touched = new Set<string>();
            for (const change of snapshot.docChanges()) {
              touched.add(change.doc.id);
              if (change.type === 'removed') documents.delete(change.doc.id);
              else documents.set(change.doc.id, read(change.doc));
            }
            leadsLoaded = true;
            leadsFromCache = snapshot.metadata.fromCache;
            deliver(touched);
          },
          onError,
        ),
        onSnapshot(
          collectionGroup(db, TIMELINE_COLLECTION),
          { includeMetadataChanges: true },
          (snapshot) => {
            const touched = new Set<string>();
            for (const change of snapshot.docChanges()) {
              const leadId = change.doc.ref.parent.parent?.id;
              if (!leadId) continue;
              touched.add(leadId);
              const events = timelines.get(leadId) ?? new Map<string, LeadEvent>();
              const event =
                change.type === 'removed' ? null : toEvent(change.doc.id, read(change.doc));
              if (event) events.set(change.doc.id, event);
              else events.delete(change.doc.id);
              if (events.size > 0) timelines.set(leadId, events);
              else timelines.delete(leadId);
            }
            eventsLoaded = true;
            eventsFromCache = snapshot.metadata.fromCache;
            deliver(touched);
          },
          onError,
        ),
      );
      lifecycle.onStop(stopListening);
    };

    lifecycle.status('connecting');
    listen();
    return lifecycle.stop;
  }

  return {
    watch,

    async setStatus(id, change) {
      const now = Date.now();
      const parsed = statusChangeSchemaAt(Number.NEGATIVE_INFINITY).safeParse(change);
      if (!parsed.success) throw invalid(parsed.error.issues);
      const { status, lostReason, nextActionAt } = parsed.data;
      const hours = options.workingHours ? await options.workingHours() : undefined;
      await changeLead(id, (current) => {
        const decision = decideStatusChange(
          current,
          { status, lostReason, nextActionAt },
          now,
          hours,
        );
        if (!decision.ok) throw new BackendError('invalid-input', { fields: decision.fields });
        const { event, lostReason: reason, nextActionAt: next } = decision.patch;
        return {
          lead: { ...current, status, lostReason: reason, nextActionAt: next },
          statusChanged: true,
          event,
        };
      });
    },

    async addNote(id, text) {
      const parsed = noteTextSchema.safeParse(text);
      if (!parsed.success)
        throw invalid(parsed.error.issues.map((i) => ({ ...i, path: ['text'] })));
      const noteId = await addEvent(id, { type: 'note', text: parsed.data, correctedAt: null });
      return { noteId };
    },

    async correctNote(id, noteId, text) {
      const parsed = noteTextSchema.safeParse(text);
      if (!parsed.success)
        throw invalid(parsed.error.issues.map((i) => ({ ...i, path: ['text'] })));
      const reference = doc(timelineOf(id), noteId);
      let note;
      try {
        note = await getDoc(reference);
      } catch (error) {
        throw await failure(error);
      }
      const addedAt = note.exists() && note.data().type === 'note' ? millis(note.data().at) : null;
      if (addedAt === null) {
        throw new BackendError('not-found', { message: PIPELINE_MESSAGES.noteNotFound });
      }
      if (!canCorrectNote(addedAt, Date.now())) {
        throw new BackendError('refused', { message: PIPELINE_MESSAGES.noteCorrectionOver });
      }
      try {
        await updateDoc(reference, { text: parsed.data, correctedAt: serverTimestamp() });
      } catch (error) {
        // The rules count the 10 minutes on the server's clock.
        if (firebaseErrorCode(error) === 'permission-denied') {
          throw new BackendError('refused', { message: PIPELINE_MESSAGES.noteCorrectionOver });
        }
        throw await failure(error);
      }
    },

    async setNextAction(id, nextActionAt) {
      const now = Date.now();
      const parsed = nextActionSchemaAt(Number.NEGATIVE_INFINITY).safeParse(nextActionAt);
      if (!parsed.success) {
        throw invalid(parsed.error.issues.map((i) => ({ ...i, path: ['nextActionAt'] })));
      }
      await changeLead(id, (current) => {
        const decision = decideNextAction(current.nextActionAt, parsed.data, now);
        if (!decision.ok) throw new BackendError('invalid-input', { fields: decision.fields });
        return { lead: { ...current, nextActionAt: parsed.data }, statusChanged: false };
      });
    },

    async setEstimatedValue(id, estimatedValue) {
      const parsed = estimatedValueSchema.safeParse(estimatedValue);
      if (!parsed.success) {
        throw invalid(parsed.error.issues.map((i) => ({ ...i, path: ['estimatedValue'] })));
      }
      await changeLead(id, (current) => ({
        lead: { ...current, estimatedValue: parsed.data },
        statusChanged: false,
      }));
    },

    async recordReply(id, channel) {
      const parsed = replyChannelSchema.safeParse(channel);
      if (!parsed.success) {
        throw invalid(parsed.error.issues.map((i) => ({ ...i, path: ['channel'] })));
      }
      await addEvent(id, { type: 'reply', channel: parsed.data });
    },

    async addContact(input) {
      const now = Date.now();
      const parsed = newContactSchemaAt(now).safeParse(input);
      if (!parsed.success) throw invalid(parsed.error.issues);
      const contact = parsed.data;
      const reference = doc(collection(db, CONTACTS_COLLECTION));
      const nextActionAt = newContactNextAction(contact, now);
      // The message, its lead and its first status in one batch: all of it, or nothing.
      const batch = writeBatch(db).set(reference, typedInDocument(contact));
      if (contact.status === 'contacte' || nextActionAt !== null) {
        batch.set(
          leadRef(reference.id),
          leadDocument(
            {
              ...newLead(reference.id),
              status: contact.status,
              nextActionAt,
            },
            contact.status !== 'nouveau',
          ),
        );
      }
      if (contact.status !== 'nouveau') {
        batch.set(doc(timelineOf(reference.id)), {
          type: 'status',
          status: contact.status,
          lostReason: null,
          at: serverTimestamp(),
        });
      }
      try {
        await batch.commit();
      } catch (error) {
        throw await failure(error);
      }
      return { id: reference.id };
    },

    async forget(ids) {
      try {
        for (const id of ids) {
          const events = await getDocs(timelineOf(id));
          const batch = writeBatch(db);
          for (const event of events.docs) batch.delete(event.ref);
          batch.delete(leadRef(id));
          await batch.commit();
        }
      } catch (error) {
        throw await failure(error);
      }
    },

    stopAll() {
      for (const lifecycle of [...open]) lifecycle.stop();
    },
  };
}
