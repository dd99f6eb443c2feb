import { expect, it } from 'vitest';
import { defaultNextAction, type Lead } from '../../../shared/domain/leads/pipeline.ts';
import { workingHoursOf } from '../../../shared/domain/settings/effective.ts';
import { BackendError, type Backend, type LeadPipeline } from '../../../shared/backend/ports.ts';
import type { ContractHarness } from './contract.ts';
import { CONTRACT_MESSAGE } from './contract.ts';

const TIMEOUT_MS = 15_000;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * Watches a pipeline and keeps the leads as a dashboard applying its snapshot and changes
 * would: by message id.
 */
export function recordLeads(pipeline: LeadPipeline) {
  const leads = new Map<string, Lead>();
  const errors: BackendError[] = [];
  let snapshots = 0;
  const waiters = new Set<() => void>();
  const changed = () => waiters.forEach((waiter) => waiter());
  const stop = pipeline.watch({
    snapshot: (all) => {
      snapshots += 1;
      leads.clear();
      for (const lead of all) leads.set(lead.id, lead);
      changed();
    },
    changes: (batch) => {
      for (const change of batch) {
        if (change.type === 'set') leads.set(change.lead.id, change.lead);
        else leads.delete(change.id);
      }
      changed();
    },
    error: (error) => {
      errors.push(error);
      changed();
    },
  });
  const until = <T>(ready: () => T | undefined, what: string) =>
    new Promise<T>((resolve, reject) => {
      const check = () => {
        const value = ready();
        if (value === undefined) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(value);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`timed out waiting for ${what}`));
      }, TIMEOUT_MS);
      waiters.add(check);
      check();
    });
  return {
    leads,
    errors,
    stop,
    loaded: () => until(() => (snapshots > 0 ? true : undefined), 'the snapshot'),
    /** Resolves with the lead once `predicate` holds for it. */
    untilLead: (id: string, predicate: (lead: Lead) => boolean, what: string) =>
      until(() => {
        const lead = leads.get(id);
        return lead && predicate(lead) ? lead : undefined;
      }, what),
    untilGone: (id: string) => until(() => (leads.has(id) ? undefined : true), `${id} gone`),
    untilError: () => until(() => errors[0], 'an error'),
  };
}

async function rejection(promise: Promise<unknown>): Promise<BackendError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(BackendError);
    return error as BackendError;
  }
  throw new Error('expected a rejection');
}

function pipelineOf(backend: Backend): LeadPipeline {
  if (!backend.leads) throw new Error('no lead pipeline');
  return backend.leads;
}

/**
 * The lead pipeline's contract (issue 33), the same on every backend that has one: statuses
 * with their dates on the timeline, notes, « Relancer le » with its defaults, the estimated
 * value, replies; French refusals that change nothing; admin only; live on every dashboard.
 */
export function leadPipelineContractCases(
  harness: () => ContractHarness,
  signedIn: () => Promise<Backend>,
) {
  async function received(subject = 'Un devis pour un site') {
    const { id } = await harness()
      .client()
      .messages.send({ ...CONTRACT_MESSAGE, subject });
    return id;
  }

  it('refuses the pipeline without an admin session', async () => {
    const id = await received();
    const visitor = harness().client();
    const watch = recordLeads(pipelineOf(visitor));
    expect((await watch.untilError()).code).toBe('unauthorized');
    const refused = await rejection(pipelineOf(visitor).setStatus(id, { status: 'gagne' }));
    expect(refused.code).toBe('unauthorized');
    const note = await rejection(pipelineOf(visitor).addNote(id, 'Une note'));
    expect(note.code).toBe('unauthorized');
  });

  it('takes a lead from « Nouveau » to « Gagné », every change dated on its timeline, newest first, live on another dashboard', async () => {
    const id = await received();
    const ownerBackend = await signedIn();
    const owner = pipelineOf(ownerBackend);
    const elsewhere = recordLeads(pipelineOf(await signedIn()));
    await elsewhere.loaded();
    // Nothing recorded yet: the message is « Nouveau » by default (no lead in the snapshot).
    expect(elsewhere.leads.has(id)).toBe(false);

    const before = Date.now();
    await owner.setStatus(id, { status: 'contacte' });
    const contacted = await elsewhere.untilLead(
      id,
      (l) => l.status === 'contacte' && l.timeline.length === 1,
      'Contacté',
    );
    expect(contacted.statusChangedAt).toBeGreaterThanOrEqual(before - MINUTE);
    expect(contacted.statusChangedAt).toBeLessThanOrEqual(Date.now() + MINUTE);
    // « Relancer le »: +2 days by default, moved into the working hours of « Réglages » where
    // the backend has them (the embedded server and Firebase alike).
    const hours = ownerBackend.settings
      ? workingHoursOf((await ownerBackend.settings.get()).settings)
      : undefined;
    const proposed = defaultNextAction('contacte', contacted.statusChangedAt ?? before, hours);
    expect(Math.abs((contacted.nextActionAt ?? 0) - (proposed ?? 0))).toBeLessThan(MINUTE);
    expect(contacted.nextActionAt ?? 0).toBeGreaterThanOrEqual(before + 2 * DAY - MINUTE);

    await owner.setStatus(id, { status: 'devis-envoye' });
    const quoted = await elsewhere.untilLead(
      id,
      (l) => l.status === 'devis-envoye' && l.timeline.length === 2,
      'Devis envoyé',
    );
    const followUp = defaultNextAction('devis-envoye', quoted.statusChangedAt ?? before, hours);
    expect(Math.abs((quoted.nextActionAt ?? 0) - (followUp ?? 0))).toBeLessThan(MINUTE);
    expect(quoted.nextActionAt ?? 0).toBeGreaterThanOrEqual(before + 5 * DAY - MINUTE);

    await owner.setStatus(id, { status: 'gagne' });
    // The status and its timeline entry may arrive one after the other (two Firestore
    // listeners): wait for both.
    const won = await elsewhere.untilLead(
      id,
      (l) => l.status === 'gagne' && l.timeline.length === 3,
      'Gagné',
    );
    expect(won.status).toBe('gagne');
    expect(won.nextActionAt).toBeNull(); // nothing left to follow up
    expect(
      won.timeline.map((event) => (event.type === 'status' ? event.status : event.type)),
    ).toEqual(['gagne', 'devis-envoye', 'contacte']);
    const times = won.timeline.map((event) => event.at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    elsewhere.stop();
  });

  it('loses a lead with its reason; a chosen « Relancer le » wins over the default', async () => {
    const id = await received();
    const owner = pipelineOf(await signedIn());
    const watch = recordLeads(owner);
    await watch.loaded();
    const chosen = Date.now() + 3 * DAY + 17 * MINUTE;
    await owner.setStatus(id, { status: 'contacte', nextActionAt: chosen });
    await watch.untilLead(id, (l) => l.nextActionAt === chosen, 'the chosen date');

    await owner.setStatus(id, { status: 'perdu', lostReason: 'prix' });
    const lost = await watch.untilLead(
      id,
      (l) => l.status === 'perdu' && l.timeline.length === 2,
      'Perdu',
    );
    expect(lost.lostReason).toBe('prix');
    expect(lost.nextActionAt).toBeNull();
    expect(lost.timeline[0]).toMatchObject({ type: 'status', status: 'perdu', lostReason: 'prix' });
    watch.stop();
  });

  it('refuses bad input in French and changes nothing', async () => {
    const id = await received();
    const owner = pipelineOf(await signedIn());
    const watch = recordLeads(owner);
    await watch.loaded();

    const unknownStatus = await rejection(owner.setStatus(id, { status: 'archive' as 'gagne' }));
    expect(unknownStatus.code).toBe('invalid-input');
    expect(unknownStatus.fields?.status).toBe(
      'Statut inconnu : choisissez Nouveau, Contacté, Devis envoyé, Gagné ou Perdu.',
    );
    const noReason = await rejection(owner.setStatus(id, { status: 'perdu' }));
    expect(noReason.fields?.lostReason).toBe(
      'Indiquez pourquoi ce contact est perdu : prix, délai, pas de réponse, projet abandonné ou autre.',
    );
    const past = await rejection(
      owner.setStatus(id, { status: 'contacte', nextActionAt: Date.now() - DAY }),
    );
    expect(past.fields?.nextActionAt).toBe(
      'La date de relance est déjà passée : choisissez une date à venir.',
    );
    const pastAlone = await rejection(owner.setNextAction(id, Date.now() - MINUTE));
    expect(pastAlone.fields?.nextActionAt).toBe(
      'La date de relance est déjà passée : choisissez une date à venir.',
    );
    const tooLong = await rejection(owner.addNote(id, 'x'.repeat(5001)));
    expect(tooLong.fields?.text).toBe('La note ne doit pas dépasser 5\u202f000 caractères.');
    const centimes = await rejection(owner.setEstimatedValue(id, 1500.5));
    expect(centimes.fields?.estimatedValue).toBe(
      'La valeur estimée doit être un nombre entier de dinars (DZD), sans centimes.',
    );
    for (const error of [unknownStatus, noReason, past, pastAlone, tooLong, centimes]) {
      expect(error.code).toBe('invalid-input');
    }

    // A change that goes through shows the lead as it was: none of the above was stored.
    await owner.setEstimatedValue(id, 250_000);
    const lead = await watch.untilLead(id, (l) => l.estimatedValue === 250_000, 'the value');
    expect(lead).toMatchObject({ status: 'nouveau', nextActionAt: null, timeline: [] });
    watch.stop();
  });

  it('keeps notes newest first, corrected within 10 minutes (marked so), with replies sent', async () => {
    const id = await received();
    const owner = pipelineOf(await signedIn());
    const watch = recordLeads(owner);
    await watch.loaded();

    const { noteId } = await owner.addNote(id, '  A appelé : rappeler jeudi après 14 h.  ');
    await watch.untilLead(id, (l) => l.timeline.length === 1, 'the note');
    await owner.recordReply(id, 'whatsapp');
    await watch.untilLead(id, (l) => l.timeline.length === 2, 'the reply');
    await owner.correctNote(id, noteId, 'A appelé : rappeler vendredi après 14 h.');
    const lead = await watch.untilLead(
      id,
      (l) => l.timeline.some((e) => e.type === 'note' && e.correctedAt !== null),
      'the correction',
    );
    expect(lead.timeline).toEqual([
      { id: expect.any(String), type: 'reply', at: expect.any(Number), channel: 'whatsapp' },
      {
        id: noteId,
        type: 'note',
        at: expect.any(Number),
        text: 'A appelé : rappeler vendredi après 14 h.',
        correctedAt: expect.any(Number),
      },
    ]);
    const empty = await rejection(owner.correctNote(id, noteId, '   '));
    expect(empty.fields?.text).toBe('Écrivez la note avant de l’ajouter.');
    const unknownNote = await rejection(owner.correctNote(id, 'pas-une-note', 'Texte'));
    expect(unknownNote.code).toBe('not-found');
    watch.stop();
  });

  it("answers 'not-found' for a message that is not there, and deleting a message deletes its pipeline", async () => {
    const owner = await signedIn();
    const pipeline = pipelineOf(owner);
    const missing = await rejection(pipeline.setStatus('message-inexistant', { status: 'gagne' }));
    expect(missing.code).toBe('not-found');
    const noNote = await rejection(pipeline.addNote('message-inexistant', 'Une note'));
    expect(noNote.code).toBe('not-found');

    const id = await received();
    const watch = recordLeads(pipeline);
    await watch.loaded();
    await pipeline.addNote(id, 'Client pressé.');
    await watch.untilLead(id, (l) => l.timeline.length === 1, 'the note');
    await owner.messages.remove([id]);
    await watch.untilGone(id);
    // A dashboard opened afterwards has nothing of it either.
    const later = recordLeads(pipeline);
    await later.loaded();
    expect(later.leads.has(id)).toBe(false);
    watch.stop();
    later.stop();
  });
}
