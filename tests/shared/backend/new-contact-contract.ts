import { expect, it } from 'vitest';
import { FRENCH_CONTACT_MESSAGES } from '../../../shared/domain/contact.ts';
import { NEW_CONTACT_MESSAGES } from '../../../shared/domain/leads/new-contact.ts';
import { leadSourceOf } from '../../../shared/domain/leads/sources.ts';
import { BackendError, type Backend, type LeadPipeline } from '../../../shared/backend/ports.ts';
import { CONTRACT_MESSAGE, record, type ContractHarness, type ContractScope } from './contract.ts';
import { recordLeads } from './lead-pipeline-contract.ts';

const DAY = 24 * 60 * 60 * 1000;

async function rejection(promise: Promise<unknown>): Promise<BackendError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(BackendError);
    return error as BackendError;
  }
  throw new Error('expected a rejection');
}

function addContactOf(backend: Backend): NonNullable<LeadPipeline['addContact']> {
  const addContact = backend.leads?.addContact;
  if (!addContact) throw new Error('no « Nouveau contact » on this backend');
  return addContact.bind(backend.leads);
}

/**
 * « Nouveau contact » (issue 33), the same on every backend: a lead the owner received by
 * phone, WhatsApp or at the office enters the inbox read, with its source, at « Contacté »
 * (« Relancer le » +2 days) or « Nouveau »; bad input is refused in French and stores nothing;
 * only an admin adds one; the owner is never notified of it.
 */
export function newContactContractCases(
  harness: () => ContractHarness,
  signedIn: () => Promise<Backend>,
  scope: ContractScope,
) {
  it('adds a lead received by phone: in the inbox, read, with its source, « Contacté » with its « Relancer le » in 2 days, live on another dashboard', async () => {
    const owner = await signedIn();
    const elsewhere = await signedIn();
    const inbox = record(elsewhere.messages);
    const pipeline = recordLeads(elsewhere.leads as LeadPipeline);
    await inbox.untilStatus('live');
    await pipeline.loaded();
    const before = Date.now();

    const { id } = await addContactOf(owner)({
      fullName: 'Boulangerie El Bahia',
      source: 'telephone',
      phone: '0550 12 34 56',
      email: '',
      subject: 'Site vitrine',
    });

    const list = await inbox.untilList(
      (messages) => messages.some((message) => message.id === id),
      'the lead typed in',
    );
    const message = list.find((item) => item.id === id);
    expect(message).toMatchObject({
      fullName: 'Boulangerie El Bahia',
      source: 'telephone',
      phone: '+213550123456',
      email: null,
      service: null,
      subject: 'Site vitrine',
      message: '',
      read: true,
    });
    if (message) expect(leadSourceOf(message)).toBe('Téléphone');
    // The status and its timeline entry may arrive one after the other (two Firestore
    // listeners): wait for both.
    const lead = await pipeline.untilLead(
      id,
      (item) => item.status === 'contacte' && item.timeline.length > 0,
      'Contacté',
    );
    expect(lead.timeline).toMatchObject([{ type: 'status', status: 'contacte' }]);
    expect(lead.nextActionAt).toBeGreaterThanOrEqual(before + 2 * DAY - 60_000);
    expect(lead.nextActionAt).toBeLessThanOrEqual(Date.now() + 2 * DAY + 60_000);
    inbox.stop();
    pipeline.stop();
  });

  it('adds a lead met at the office as « Nouveau », with an e-mail only', async () => {
    const owner = await signedIn();
    const inbox = record(owner.messages);
    const pipeline = recordLeads(owner.leads as LeadPipeline);
    await inbox.untilStatus('live');
    await pipeline.loaded();
    const { id } = await addContactOf(owner)({
      fullName: 'Client Exemple',
      source: 'visite',
      email: 'client@exemple.dz',
      service: 'Design',
      status: 'nouveau',
    });
    const list = await inbox.untilList((messages) => messages.some((item) => item.id === id));
    expect(list.find((item) => item.id === id)).toMatchObject({
      source: 'visite',
      email: 'client@exemple.dz',
      phone: null,
      service: 'Design',
    });
    // « Nouveau » since it arrived: nothing recorded, as for a message from the site.
    expect(pipeline.leads.has(id)).toBe(false);
    inbox.stop();
    pipeline.stop();
  });

  it('refuses bad input in French, field by field, and stores nothing', async () => {
    const owner = await signedIn();
    const inbox = record(owner.messages);
    await inbox.untilStatus('live');
    const count = () => inbox.latest()?.length ?? 0;
    const before = count();
    const add = addContactOf(owner);

    const unreachable = await rejection(
      add({ fullName: 'Client Exemple', source: 'whatsapp', phone: '', email: '' }),
    );
    expect(unreachable.code).toBe('invalid-input');
    expect(unreachable.fields).toMatchObject({
      phone: NEW_CONTACT_MESSAGES.reachable,
      email: NEW_CONTACT_MESSAGES.reachable,
    });
    const unnamed = await rejection(add({ fullName: '', source: 'autre', phone: '0550123456' }));
    expect(unnamed.fields).toMatchObject({ fullName: FRENCH_CONTACT_MESSAGES.required });
    const badPhone = await rejection(
      add({ fullName: 'Client Exemple', source: 'autre', phone: '12' }),
    );
    expect(badPhone.fields).toMatchObject({ phone: FRENCH_CONTACT_MESSAGES.phone });
    const fromTheForm = await rejection(
      add({
        fullName: 'Client Exemple',
        source: 'formulaire' as 'autre',
        phone: '0550123456',
      }),
    );
    expect(fromTheForm.fields).toMatchObject({ source: NEW_CONTACT_MESSAGES.source });
    const past = await rejection(
      add({
        fullName: 'Client Exemple',
        source: 'telephone',
        phone: '0550123456',
        nextActionAt: Date.now() - DAY,
      }),
    );
    expect(past.code).toBe('invalid-input');
    expect(Object.keys(past.fields ?? {})).toEqual(['nextActionAt']);

    // A message sent after them: once it shows, any of them would have too.
    const witness = await harness()
      .client()
      .messages.send({
        ...CONTRACT_MESSAGE,
        subject: 'Témoin des refus',
      });
    const list = await inbox.untilList((messages) => messages.some((m) => m.id === witness.id));
    expect(list.length).toBe(before + 1);
    inbox.stop();
  });

  it('refuses a lead typed in without an admin session', async () => {
    const visitor = harness().client();
    const refused = await rejection(
      addContactOf(visitor)({ fullName: 'Client Exemple', source: 'autre', phone: '0550123456' }),
    );
    expect(refused.code).toBe('unauthorized');
  });

  // Only where the harness runs what notifies the owner (the embedded server's outbox); on
  // Firebase, tests/firebase/cloud-function.test.ts runs the trigger.
  if (scope.notifiesOwner) {
    it('never notifies the owner of a lead they typed in', async () => {
      const notifications = harness().notifications;
      if (!notifications) throw new Error('This harness gives no e-mails.');
      await addContactOf(await signedIn())({
        fullName: 'Transport Oran Sud',
        source: 'whatsapp',
        phone: '0661234567',
        subject: 'Saisi par le propriétaire',
      });
      // A message sent after it: once its e-mail is in, the lead's would be too.
      await harness()
        .client()
        .messages.send({ ...CONTRACT_MESSAGE, subject: 'Témoin après la saisie' });
      await notifications.untilMailAbout('Témoin après la saisie');
      expect(notifications.mailsAbout('Saisi par le propriétaire')).toBe(0);
    });
  }
}
