import type { WorkingHours } from '../../shared/domain/leads/business-hours.ts';
import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { QuoteLinkAction } from '../../shared/domain/leads/pipeline.ts';
import type { LeadStreamEvent, LeadsRepository } from '../db/leads-repository.ts';
import type { NewContactStatus } from '../../shared/domain/leads/new-contact.ts';
import {
  PIPELINE_MESSAGES,
  canCorrectNote,
  newLead,
  type Lead,
  type LeadStatus,
  type LostReason,
  type ReplyChannel,
} from '../../shared/domain/leads/pipeline.ts';
import {
  decideNextAction,
  decideStatusChange,
  leadAfterQuote,
  type LeadRefused,
  type QuoteEventForLead,
} from '../../shared/domain/leads/rules.ts';

/** Why the pipeline refused an operation, with the French sentence to answer. */
export class PipelineRefusal extends Error {
  readonly kind: 'not-found' | 'note-not-found' | 'correction-over' | 'invalid-input';
  readonly fields: Record<string, string> | undefined;

  constructor(kind: PipelineRefusal['kind'], message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'PipelineRefusal';
    this.kind = kind;
    this.fields = fields;
  }
}

const notFound = () => new PipelineRefusal('not-found', 'not-found');
const refusal = (refused: LeadRefused) =>
  new PipelineRefusal('invalid-input', refused.message, refused.fields);

/**
 * The lead pipeline of the embedded server: each operation is checked (the schemas have
 * checked the shapes; here what depends on the time and on what is stored), written with its
 * timeline entry in one transaction, then published to the open pipeline streams.
 */
export class LeadPipeline {
  readonly #repository: LeadsRepository;
  readonly #clock: Clock;
  readonly #publish: (events: LeadStreamEvent[]) => void;
  readonly #hours: () => WorkingHours | undefined;

  constructor(
    repository: LeadsRepository,
    clock: Clock,
    publish: (events: LeadStreamEvent[]) => void,
    /** The working hours of « Réglages », where a proposed « Relancer le » lands. */
    hours: () => WorkingHours | undefined = () => undefined,
  ) {
    this.#repository = repository;
    this.#clock = clock;
    this.#publish = publish;
    this.#hours = hours;
  }

  /** A next action as `decideNextAction` allows it (shared/domain/leads/rules.ts), or its refusal. */
  #checkNextAction(current: Lead, nextActionAt: number | null | undefined, now: number): void {
    const decision = decideNextAction(current.nextActionAt, nextActionAt, now);
    if (!decision.ok) throw refusal(decision);
  }

  #change(id: string, work: Parameters<LeadsRepository['change']>[2]): Lead {
    const changed = this.#repository.change(id, this.#clock(), work);
    if (!changed) throw notFound();
    this.#publish([{ seq: changed.seq, type: 'lead', lead: changed.lead }]);
    return changed.lead;
  }

  #current(id: string): Lead {
    const lead = this.#repository.get(id);
    if (!lead) throw notFound();
    return lead;
  }

  /** Every lead with a record, and the number of the last change included. */
  snapshot(): { leads: Lead[]; lastEventId: number } {
    return this.#repository.snapshot();
  }

  /** The number of the pipeline's last change. */
  lastSeq(): number {
    return this.#repository.lastSeq();
  }

  changesSince(seq: number): LeadStreamEvent[] {
    return this.#repository.changesAfter(seq);
  }

  setStatus(
    id: string,
    change: { status: LeadStatus; lostReason?: LostReason; nextActionAt?: number | null },
  ): Lead {
    const now = this.#clock();
    const decision = decideStatusChange(this.#current(id), change, now, this.#hours());
    if (!decision.ok) throw refusal(decision);
    const { event, ...fields } = decision.patch;
    return this.#change(id, (writer) => {
      writer.update(fields);
      writer.addEvent(randomUUID(), event);
    });
  }

  addNote(id: string, text: string): { lead: Lead; noteId: string } {
    const noteId = randomUUID();
    const lead = this.#change(id, (writer) => writer.addEvent(noteId, { type: 'note', text }));
    return { lead, noteId };
  }

  /** Corrects a note within 10 minutes of its adding; never after. */
  correctNote(id: string, noteId: string, text: string): Lead {
    this.#current(id);
    const addedAt = this.#repository.noteAddedAt(id, noteId);
    if (addedAt === null) {
      throw new PipelineRefusal('note-not-found', PIPELINE_MESSAGES.noteNotFound);
    }
    if (!canCorrectNote(addedAt, this.#clock())) {
      throw new PipelineRefusal('correction-over', PIPELINE_MESSAGES.noteCorrectionOver);
    }
    return this.#change(id, (writer) => writer.correctNote(noteId, text));
  }

  setNextAction(id: string, nextActionAt: number | null): Lead {
    this.#checkNextAction(this.#current(id), nextActionAt, this.#clock());
    return this.#change(id, (writer) => writer.update({ nextActionAt }));
  }

  setEstimatedValue(id: string, estimatedValue: number | null): Lead {
    return this.#change(id, (writer) => writer.update({ estimatedValue }));
  }

  recordReply(id: string, channel: ReplyChannel): Lead {
    return this.#change(id, (writer) => writer.addEvent(randomUUID(), { type: 'reply', channel }));
  }

  /**
   * What became of a quote's link (sent on WhatsApp, copied, first seen by the client) on its
   * lead's timeline, inside the caller's transaction; returns what publishes it, to call once
   * that transaction is committed. Nothing when the lead's message is gone.
   */
  logQuoteLink(
    id: string,
    event: { number: string; action: QuoteLinkAction },
    now: number,
  ): () => void {
    const changed = this.#repository.change(id, now, (writer) => {
      writer.addEvent(randomUUID(), { type: 'quote', number: event.number, action: event.action });
    });
    if (!changed) return () => undefined;
    return () => this.#publish([{ seq: changed.seq, type: 'lead', lead: changed.lead }]);
  }

  /**
   * A quote moves its lead as `leadAfterQuote` decides (shared/domain/leads/rules.ts), written
   * inside the caller's transaction (the quote's), dated on the timeline; returns what
   * publishes the change, to call once that transaction is committed. Nothing when the rule
   * says so, or when the lead's message is gone.
   */
  followQuote(id: string, event: QuoteEventForLead, now: number): () => void {
    const current = this.#repository.get(id);
    const nothing = () => undefined;
    const patch = current === null ? null : leadAfterQuote(current, event, now, this.#hours());
    if (patch === null) return nothing;
    const { event: entry, ...fields } = patch;
    const changed = this.#repository.change(id, now, (writer) => {
      writer.update(fields);
      writer.addEvent(randomUUID(), entry);
    });
    if (!changed) return nothing;
    return () => this.#publish([{ seq: changed.seq, type: 'lead', lead: changed.lead }]);
  }

  /**
   * The pipeline a lead typed in starts with (« Nouveau contact »), written inside the
   * caller's transaction (the message's): « Contacté » on its timeline, dated `now`, with its
   * « Relancer le »; or « Nouveau », with the next action chosen if any. A next action in the
   * past is refused (the caller's transaction then stores nothing). Returns what publishes it,
   * to call once that transaction is committed.
   */
  startTypedIn(
    id: string,
    start: { status: NewContactStatus; nextActionAt: number | null },
    now: number,
  ): () => void {
    this.#checkNextAction(newLead(id), start.nextActionAt, now);
    const nothing = () => undefined;
    if (start.status === 'nouveau' && start.nextActionAt === null) return nothing;
    const changed = this.#repository.change(id, now, (writer) => {
      if (start.status === 'nouveau') {
        writer.update({ nextActionAt: start.nextActionAt });
        return;
      }
      writer.update({
        status: start.status,
        lostReason: null,
        statusChangedAt: now,
        nextActionAt: start.nextActionAt,
      });
      writer.addEvent(randomUUID(), { type: 'status', status: start.status, lostReason: null });
    });
    if (!changed) throw new Error('Suivi du contact non enregistré.');
    return () => this.#publish([{ seq: changed.seq, type: 'lead', lead: changed.lead }]);
  }

  /**
   * A message is back in the inbox (« Pas un indésirable »): its pipeline, kept while it was
   * in « Indésirables » (marked by the owner, its streams told it was removed), is published
   * again.
   */
  messageBack(id: string): void {
    const changed = this.#repository.logBack(id, this.#clock());
    if (changed) this.#publish([{ seq: changed.seq, type: 'lead', lead: changed.lead }]);
  }

  /** Messages were deleted: their pipelines went with them; the open streams are told. */
  messagesRemoved(ids: readonly string[]): void {
    if (ids.length === 0) return;
    this.#publish(this.#repository.logRemoved(ids, this.#clock()));
  }
}
