import type { DatabaseSync, SQLOutputValue, StatementSync } from 'node:sqlite';
import {
  LEAD_STATUS_CODES,
  LOST_REASON_CODES,
  REPLY_CHANNEL_CODES,
  newLead,
  type Lead,
  type LeadEvent,
  QUOTE_LINK_ACTIONS,
  type LeadStatus,
  type LostReason,
  type QuoteLinkAction,
  type ReplyChannel,
} from '../../shared/domain/leads/pipeline.ts';
import { inTransaction } from './database.ts';

type Row = Record<string, SQLOutputValue>;

/** One change of the pipeline as the event stream sends it: a lead as it is now, or gone. */
export type LeadStreamEvent =
  { seq: number; type: 'lead'; lead: Lead } | { seq: number; type: 'removed'; id: string };

/** A new entry of a lead's timeline (its id and time are given by the caller). */
export type NewLeadEvent =
  | { type: 'status'; status: LeadStatus; lostReason: LostReason | null }
  | { type: 'note'; text: string }
  | { type: 'reply'; channel: ReplyChannel }
  | { type: 'quote'; number: string; action: QuoteLinkAction };

/** What to change in a lead's row; absent fields stay as they are. */
export interface LeadUpdate {
  status?: LeadStatus;
  lostReason?: LostReason | null;
  statusChangedAt?: number;
  nextActionAt?: number | null;
  estimatedValue?: number | null;
}

function oneOf<T extends string>(known: readonly T[], value: SQLOutputValue | undefined): T {
  const found = known.find((candidate) => candidate === value);
  // The tables' CHECK constraints let no other value in.
  if (found === undefined) throw new Error(`Valeur inconnue en base : ${String(value)}`);
  return found;
}

const numberOrNull = (value: SQLOutputValue | undefined) =>
  value === null || value === undefined ? null : Number(value);

function toEvent(row: Row): LeadEvent {
  const id = String(row.id);
  const at = Number(row.at_ms);
  switch (row.type) {
    case 'status':
      return {
        id,
        type: 'status',
        at,
        status: oneOf(LEAD_STATUS_CODES, row.status),
        lostReason: row.lost_reason === null ? null : oneOf(LOST_REASON_CODES, row.lost_reason),
      };
    case 'note':
      return {
        id,
        type: 'note',
        at,
        text: String(row.text),
        correctedAt: numberOrNull(row.corrected_at_ms),
      };
    case 'quote':
      return {
        id,
        type: 'quote',
        at,
        number: String(row.quote_number),
        action: oneOf(QUOTE_LINK_ACTIONS, row.quote_action),
      };
    default:
      return { id, type: 'reply', at, channel: oneOf(REPLY_CHANNEL_CODES, row.channel) };
  }
}

function toLead(row: Row, timeline: LeadEvent[]): Lead {
  return {
    id: String(row.contact_id),
    status: oneOf(LEAD_STATUS_CODES, row.status),
    lostReason: row.lost_reason === null ? null : oneOf(LOST_REASON_CODES, row.lost_reason),
    statusChangedAt: numberOrNull(row.status_changed_at_ms),
    nextActionAt: numberOrNull(row.next_action_at_ms),
    estimatedValue: numberOrNull(row.estimated_value_dzd),
    timeline,
  };
}

const LEAD_COLUMNS =
  'contact_id, status, lost_reason, status_changed_at_ms, next_action_at_ms, estimated_value_dzd';
const EVENT_COLUMNS =
  'id, contact_id, type, at_ms, status, lost_reason, text, corrected_at_ms, channel, quote_number, quote_action';

/**
 * All SQL about the lead pipeline (migration 013): its own tables beside `contacts`, which it
 * only reads to know whether a message is in the inbox (spam has no pipeline).
 */
export class LeadsRepository {
  readonly #db: DatabaseSync;
  readonly #inInbox: StatementSync;
  readonly #ensure: StatementSync;
  readonly #lead: StatementSync;
  readonly #timeline: StatementSync;
  readonly #allLeads: StatementSync;
  readonly #allEvents: StatementSync;
  readonly #insertEvent: StatementSync;
  readonly #note: StatementSync;
  readonly #correctNote: StatementSync;
  readonly #log: StatementSync;
  readonly #lastSeq: StatementSync;
  readonly #changedAfter: StatementSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
    this.#inInbox = db.prepare(
      'SELECT 1 AS found FROM contacts WHERE id = ? AND spam_reason IS NULL',
    );
    // A message's pipeline starts as « Nouveau » the first time the owner works on it.
    this.#ensure = db.prepare(
      `INSERT INTO leads (contact_id, status) VALUES (?, 'nouveau') ON CONFLICT DO NOTHING`,
    );
    this.#lead = db.prepare(`SELECT ${LEAD_COLUMNS} FROM leads WHERE contact_id = ?`);
    this.#timeline = db.prepare(
      `SELECT ${EVENT_COLUMNS} FROM lead_timeline WHERE contact_id = ? ORDER BY at_ms DESC, id DESC`,
    );
    // Spam never has a pipeline; the join keeps the inbox's leads only all the same.
    this.#allLeads = db.prepare(
      `SELECT ${LEAD_COLUMNS.split(', ')
        .map((column) => `l.${column}`)
        .join(', ')}
       FROM leads l JOIN contacts c ON c.id = l.contact_id WHERE c.spam_reason IS NULL`,
    );
    this.#allEvents = db.prepare(
      `SELECT ${EVENT_COLUMNS} FROM lead_timeline ORDER BY at_ms DESC, id DESC`,
    );
    this.#insertEvent = db.prepare(
      `INSERT INTO lead_timeline (id, contact_id, type, at_ms, status, lost_reason, text, channel,
         quote_number, quote_action)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.#note = db.prepare(
      `SELECT at_ms FROM lead_timeline WHERE id = ? AND contact_id = ? AND type = 'note'`,
    );
    this.#correctNote = db.prepare(
      'UPDATE lead_timeline SET text = ?, corrected_at_ms = ? WHERE id = ?',
    );
    this.#log = db.prepare(
      'INSERT INTO lead_changes (contact_id, created_at_ms) VALUES (?, ?) RETURNING seq',
    );
    this.#lastSeq = db.prepare('SELECT COALESCE(MAX(seq), 0) AS seq FROM lead_changes');
    this.#changedAfter = db.prepare(
      `SELECT contact_id, MAX(seq) AS seq FROM lead_changes WHERE seq > ?
       GROUP BY contact_id ORDER BY MAX(seq) ASC`,
    );
  }

  /** A lead as it is now, or null when its message is not (or no longer) in the inbox. */
  get(id: string): Lead | null {
    if (!this.#inInbox.get(id)) return null;
    const row = this.#lead.get(id);
    return row ? toLead(row, this.#timeline.all(id).map(toEvent)) : newLead(id);
  }

  /** When a note of this lead was added, or null when there is no such note. */
  noteAddedAt(id: string, noteId: string): number | null {
    const row = this.#note.get(noteId, id);
    return row ? Number(row.at_ms) : null;
  }

  /**
   * Changes one lead in one transaction: `work` writes through the given writer; the change is
   * logged for the event stream. Null (and nothing written) when the message is not in the
   * inbox; otherwise the lead as it now is, with the number of its change.
   */
  change(
    id: string,
    atMs: number,
    work: (writer: {
      update(update: LeadUpdate): void;
      addEvent(eventId: string, event: NewLeadEvent): void;
      correctNote(noteId: string, text: string): void;
    }) => void,
  ): { seq: number; lead: Lead } | null {
    return inTransaction(this.#db, () => {
      if (!this.#inInbox.get(id)) return null;
      this.#ensure.run(id);
      work({
        update: (update) => this.#update(id, update),
        addEvent: (eventId, event) =>
          this.#insertEvent.run(
            eventId,
            id,
            event.type,
            atMs,
            event.type === 'status' ? event.status : null,
            event.type === 'status' ? event.lostReason : null,
            event.type === 'note' ? event.text : null,
            event.type === 'reply' ? event.channel : null,
            event.type === 'quote' ? event.number : null,
            event.type === 'quote' ? event.action : null,
          ),
        correctNote: (noteId, text) => this.#correctNote.run(text, atMs, noteId),
      });
      const row = this.#log.get(id, atMs);
      const lead = this.get(id);
      if (!row || !lead) throw new Error('Changement du suivi non enregistré.');
      return { seq: Number(row.seq), lead };
    });
  }

  #update(id: string, update: LeadUpdate): void {
    const columns: [string, string | number | null][] = [];
    if (update.status !== undefined) columns.push(['status', update.status]);
    if (update.lostReason !== undefined) columns.push(['lost_reason', update.lostReason]);
    if (update.statusChangedAt !== undefined) {
      columns.push(['status_changed_at_ms', update.statusChangedAt]);
    }
    if (update.nextActionAt !== undefined) columns.push(['next_action_at_ms', update.nextActionAt]);
    if (update.estimatedValue !== undefined) {
      columns.push(['estimated_value_dzd', update.estimatedValue]);
    }
    if (columns.length === 0) return;
    // Column names come from the list above, never from the caller.
    this.#db
      .prepare(
        `UPDATE leads SET ${columns.map(([name]) => `${name} = ?`).join(', ')} WHERE contact_id = ?`,
      )
      .run(...columns.map(([, value]) => value), id);
  }

  /** Every lead with a pipeline record (the others are « Nouveau »), and the last change included. */
  snapshot(): { leads: Lead[]; lastEventId: number } {
    return inTransaction(this.#db, () => {
      const timelines = new Map<string, LeadEvent[]>();
      for (const row of this.#allEvents.all()) {
        const id = String(row.contact_id);
        const timeline = timelines.get(id) ?? [];
        timeline.push(toEvent(row));
        timelines.set(id, timeline);
      }
      const leads = this.#allLeads
        .all()
        .map((row) => toLead(row, timelines.get(String(row.contact_id)) ?? []));
      return { leads, lastEventId: Number(this.#lastSeq.get()?.seq ?? 0) };
    });
  }

  lastSeq(): number {
    return Number(this.#lastSeq.get()?.seq ?? 0);
  }

  /** The leads changed after event `seq`, as they are now (or removed), oldest change first. */
  changesAfter(seq: number): LeadStreamEvent[] {
    return this.#changedAfter.all(seq).map((row) => {
      const id = String(row.contact_id);
      const lead = this.get(id);
      return lead
        ? { seq: Number(row.seq), type: 'lead', lead }
        : { seq: Number(row.seq), type: 'removed', id };
    });
  }

  /**
   * A message back in the inbox (« Pas un indésirable » of one the owner marked): its lead,
   * kept all along, is logged as changed for the event stream. Null when it has none (a
   * message the filters kept, never followed) or is not in the inbox.
   */
  logBack(id: string, atMs: number): { seq: number; lead: Lead } | null {
    return inTransaction(this.#db, () => {
      if (!this.#inInbox.get(id) || !this.#lead.get(id)) return null;
      const row = this.#log.get(id, atMs);
      const lead = this.get(id);
      return row && lead ? { seq: Number(row.seq), lead } : null;
    });
  }

  /**
   * Logs the removal of these leads (their messages were deleted: the pipeline went with them)
   * for the event stream; returns the events.
   */
  logRemoved(ids: readonly string[], atMs: number): LeadStreamEvent[] {
    return inTransaction(this.#db, () =>
      ids.map((id) => {
        const row = this.#log.get(id, atMs);
        return { seq: Number(row?.seq ?? 0), type: 'removed' as const, id };
      }),
    );
  }
}
