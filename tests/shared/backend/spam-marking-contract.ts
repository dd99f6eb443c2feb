import { expect, it } from 'vitest';
import { SPAM_REASONS } from '../../../shared/domain/contact.ts';
import { SPAM_MARKING_TEXT } from '../../../shared/domain/spam-marking.ts';
import {
  BackendError,
  type Backend,
  type LeadPipeline,
  type MessageStore,
} from '../../../shared/backend/ports.ts';
import { CONTRACT_MESSAGE, record, type ContractHarness, type ContractScope } from './contract.ts';
import { recordLeads } from './lead-pipeline-contract.ts';

async function rejection(promise: Promise<unknown>): Promise<BackendError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(BackendError);
    return error as BackendError;
  }
  throw new Error('expected a rejection');
}

function markSpamOf(backend: Backend): NonNullable<MessageStore['markSpam']> {
  const markSpam = backend.messages.markSpam;
  if (!markSpam) throw new Error('no « Marquer comme indésirable » on this backend');
  return markSpam.bind(backend.messages);
}

function listSpam(backend: Backend) {
  if (!backend.messages.listSpam) throw new Error('no spam list');
  return backend.messages.listSpam();
}

function restoreSpam(backend: Backend, id: string) {
  if (!backend.messages.restoreSpam) throw new Error('no « Pas un indésirable »');
  return backend.messages.restoreSpam(id);
}

/**
 * « Marquer comme indésirable » (issue 45, shared/domain/spam-marking.ts), the same on every
 * backend: a message of the inbox (a person sending advertising) goes to « Indésirables »,
 * reason « marqué par vous », counted from when it was marked; « Pas un indésirable » puts it
 * back as it left, read flag and lead included; a lead typed in is refused in French; only an
 * admin may.
 */
export function spamMarkingContractCases(
  harness: () => ContractHarness,
  signedIn: () => Promise<Backend>,
  scope: ContractScope,
) {
  it('« Marquer comme indésirable » moves a message to « Indésirables » for every open dashboard; « Pas un indésirable » puts it back as it was, with its lead', async () => {
    const { id } = await harness()
      .client()
      .messages.send({ ...CONTRACT_MESSAGE, subject: 'Publicité pour vos réseaux' });
    const owner = await signedIn();
    const elsewhere = await signedIn();
    const inbox = record(elsewhere.messages);
    const leads = recordLeads(elsewhere.leads as LeadPipeline);
    await inbox.untilStatus('live');
    const inInbox = (messages: { id: string }[]) => messages.some((m) => m.id === id);
    const arrived = await inbox.untilList(inInbox, 'the message');
    const receivedAt = arrived.find((m) => m.id === id)?.receivedAt;
    // Opened (read), followed up and noted before the owner sees it is advertising.
    await owner.messages.setRead(id, true);
    await owner.leads?.setStatus(id, { status: 'contacte' });
    await owner.leads?.addNote(id, 'Propose des abonnés à acheter.');
    await leads.untilLead(id, (lead) => lead.timeline.length >= 2, 'the lead followed');
    const before = Date.now();

    await markSpamOf(owner)(id);

    await inbox.until(
      () => (inInbox(inbox.latest() ?? []) ? undefined : true),
      'the message gone from the other inbox',
    );
    expect(inbox.changes.flat()).toContainEqual({ type: 'removed', id });
    const [kept, ...others] = await listSpam(owner);
    expect(others).toEqual([]);
    expect(kept).toMatchObject({
      id,
      subject: 'Publicité pour vos réseaux',
      receivedAt,
      read: true,
      spamReason: 'owner',
    });
    expect(SPAM_REASONS[kept?.spamReason ?? 'hidden-field']).toBe('marqué par vous');
    // Its 30 days count from now, not from its reception.
    expect(kept?.markedAt).toBeGreaterThanOrEqual(before - 120_000);
    expect(kept?.markedAt).toBeLessThanOrEqual(Date.now() + 120_000);
    // Gone from the inbox already: nothing to mark twice.
    expect((await rejection(markSpamOf(owner)(id))).code).toBe('not-found');

    await restoreSpam(owner, id);
    const back = await inbox.until(
      () => inbox.latest()?.find((m) => m.id === id),
      'the message back in the other inbox',
    );
    expect(back).toMatchObject({ receivedAt, read: true });
    expect(await listSpam(owner)).toEqual([]);
    // Its lead was kept: its status, on the dashboard open all along (which may have dropped
    // it meanwhile), and its note, on a dashboard opened now.
    await leads.untilLead(id, (candidate) => candidate.status === 'contacte', 'the lead back');
    const fresh = recordLeads((await signedIn()).leads as LeadPipeline);
    const lead = await fresh.untilLead(
      id,
      (candidate) => candidate.status === 'contacte',
      'the lead as it was',
    );
    expect(lead.timeline).toContainEqual(
      expect.objectContaining({ type: 'note', text: 'Propose des abonnés à acheter.' }),
    );
    inbox.stop();
    leads.stop();
    fresh.stop();
  });

  it('refuses to mark a lead typed in, a message not in the inbox, and anyone but the owner', async () => {
    const owner = await signedIn();
    const addContact = owner.leads?.addContact?.bind(owner.leads);
    if (addContact) {
      const { id: typed } = await addContact({
        fullName: 'Boulangerie El Bahia',
        source: 'telephone',
        phone: '0550 12 34 56',
        email: '',
        subject: 'Site vitrine',
      });
      const refused = await rejection(markSpamOf(owner)(typed));
      expect(refused.code).toBe('refused');
      expect(refused.message).toBe(SPAM_MARKING_TEXT.typedIn);
      expect(await listSpam(owner)).toEqual([]);
    }
    expect((await rejection(markSpamOf(owner)('pas-un-identifiant'))).code).toBe('not-found');

    const { id } = await harness().client().messages.send(CONTRACT_MESSAGE);
    const visitor = harness().client();
    expect((await rejection(markSpamOf(visitor)(id))).code).toBe('unauthorized');
    // Still in the inbox.
    const inbox = record(owner.messages);
    await inbox.untilList((messages) => messages.some((m) => m.id === id), 'still in the inbox');
    expect(await listSpam(owner)).toEqual([]);
    inbox.stop();
  });

  // Where the harness runs what notifies the owner: marking and putting back sends nothing.
  if (scope.notifiesOwner) {
    it('does not notify the owner again of a message they marked and put back', async () => {
      const notifications = harness().notifications;
      if (!notifications) throw new Error('This harness says it notifies, but gives no e-mails.');
      const visitor = harness().client();
      const { id } = await visitor.messages.send({ ...CONTRACT_MESSAGE, subject: 'Réclame' });
      await notifications.untilMailAbout('Réclame');
      const owner = await signedIn();
      await markSpamOf(owner)(id);
      await restoreSpam(owner, id);
      // A message sent after: once its e-mail is in, a second one about « Réclame » would be.
      await visitor.messages.send({ ...CONTRACT_MESSAGE, subject: 'Témoin après' });
      await notifications.untilMailAbout('Témoin après');
      expect(notifications.mailsAbout('Réclame')).toBe(1);
    });
  }
}
