import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  FILL_TIME_FIELD,
  HONEYPOT_FIELD,
  MIN_FILL_TIME_MS,
  SPAM_REASONS,
  type ContactFormValues,
  type ContactMessage,
} from '../../../shared/domain/contact.ts';
import { applyInboxChanges, type InboxChange } from '../../../shared/domain/inbox.ts';
import { PAGE_SIZE } from '../../../src-web/admin/features/inbox/inbox-view.ts';
import { leadPipelineContractCases } from './lead-pipeline-contract.ts';
import { newContactContractCases } from './new-contact-contract.ts';
import { spamMarkingContractCases } from './spam-marking-contract.ts';
import {
  BackendError,
  type Admin,
  type Backend,
  type MessageStore,
  type WatchStatus,
} from '../../../shared/backend/ports.ts';
import { aContactInput } from '../../fixtures/messages.ts';
import { PROVENANCE_LIMITS } from '../../../shared/domain/provenance.ts';
import { PROVENANCE_FIELDS } from '../../../shared/domain/provenance-fields.ts';

/**
 * The behaviour every backend adapter owes the web app, whatever is behind it. Each adapter
 * that can run here calls `describeBackendContract` with a way to reach a fresh backend.
 */
export interface ContractHarness {
  /** A new client of the same backend, with its own session (a browser of its own). */
  client(): Backend;
  /** The admin account of that backend. */
  admin: { email: string; password: string };
  /**
   * The owner's e-mails, where the harness runs what sends them (a local SMTP server): a
   * message's e-mail is known by its subject.
   */
  notifications?: {
    /** How many e-mails about the message with this subject have arrived. */
    mailsAbout(subject: string): number;
    /** Resolves once one has. */
    untilMailAbout(subject: string): Promise<void>;
  };
  dispose(): Promise<void>;
}

/** A backend that can be stopped and started again on the same address, keeping its data. */
export interface RestartableHarness extends ContractHarness {
  /** Stops the backend (its clients lose their connection), runs `whileDown`, starts it again. */
  restart(whileDown: () => Promise<unknown>): Promise<void>;
}

export const CONTRACT_MESSAGE: ContactFormValues = aContactInput({
  fullName: 'Transport Oran Sud',
  service: 'Développement',
  email: 'contact@transport-oran-sud.dz',
  phone: '0661234567',
  subject: 'Application mobile',
  message: 'Bonjour, nous aimerions une application pour nos clients.',
});

/** A message sent to the port without a page, a referring site or a campaign. */
const NO_PROVENANCE = Object.fromEntries(PROVENANCE_FIELDS.map((field) => [field, null]));

const TIMEOUT_MS = 15_000;

/**
 * Watches a store and records everything it reports: the snapshots and the batches of
 * changes as delivered, and the list as a dashboard applying them would show it after each.
 */
export function record(store: MessageStore) {
  const lists: ContactMessage[][] = [];
  const snapshots: ContactMessage[][] = [];
  const changes: InboxChange[][] = [];
  const statuses: WatchStatus[] = [];
  const errors: BackendError[] = [];
  const waiters = new Set<() => void>();
  const changed = () => waiters.forEach((waiter) => waiter());
  const stop = store.watch({
    snapshot: (messages) => {
      snapshots.push(messages);
      lists.push(messages);
      changed();
    },
    changes: (batch) => {
      changes.push(batch);
      lists.push(applyInboxChanges(lists.at(-1) ?? [], batch));
      changed();
    },
    status: (status) => {
      statuses.push(status);
      changed();
    },
    error: (error) => {
      errors.push(error);
      changed();
    },
  });
  const until = <T>(ready: () => T | undefined, what: string, timeoutMs = TIMEOUT_MS) =>
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
        reject(new Error(`timed out waiting for ${what}; statuses ${statuses.join(',')}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return {
    lists,
    snapshots,
    changes,
    statuses,
    errors,
    stop,
    latest: () => lists.at(-1),
    until,
    /** Resolves with the first list that satisfies `predicate`. */
    untilList: (predicate: (messages: ContactMessage[]) => boolean, what = 'a list') =>
      until(() => lists.find(predicate), what),
    untilStatus: (status: WatchStatus) =>
      until(() => (statuses.includes(status) ? status : undefined), `status ${status}`),
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

/** The spam list of a backend that has one (both adapters do). */
function listSpam(backend: Backend) {
  if (!backend.messages.listSpam) throw new Error('no spam list');
  return backend.messages.listSpam();
}

function restoreSpam(backend: Backend, id: string) {
  if (!backend.messages.restoreSpam) throw new Error('no « Pas un indésirable »');
  return backend.messages.restoreSpam(id);
}

function useHarness(setup: () => Promise<ContractHarness>) {
  const current: { harness?: ContractHarness } = {};
  beforeEach(async () => {
    current.harness = await setup();
  });
  afterEach(async () => {
    await current.harness?.dispose();
    current.harness = undefined;
  });
  return () => {
    if (!current.harness) throw new Error('no harness');
    return current.harness;
  };
}

/** What a harness can prove beyond the port itself. */
export interface ContractScope {
  /**
   * It runs what notifies the owner (the embedded server's outbox, to a local SMTP server). The
   * Firebase harness runs no Cloud Function: tests/firebase/cloud-function.test.ts proves the
   * same on the emulators.
   */
  notifiesOwner: boolean;
  /** It has « Marquer comme indésirable » (MessageStore.markSpam) to prove. */
  marksSpam: boolean;
}

export function describeMessageStoreContract(
  name: string,
  setup: () => Promise<ContractHarness>,
  scope: ContractScope,
) {
  describe(`MessageStore contract: ${name}`, () => {
    const harness = useHarness(setup);

    async function signedIn(): Promise<Backend> {
      const backend = harness().client();
      await backend.session.signIn(harness().admin.email, harness().admin.password);
      return backend;
    }

    it('sends a message and resolves with its id', async () => {
      const { id } = await harness().client().messages.send(CONTRACT_MESSAGE);
      expect(typeof id).toBe('string');
      expect(id.length).toBeGreaterThan(0);
    });

    it("rejects invalid input with 'invalid-input' and French messages per field", async () => {
      const error = await rejection(
        harness()
          .client()
          .messages.send({ ...CONTRACT_MESSAGE, email: 'pas-une-adresse', phone: 'abc' }),
      );
      expect(error.code).toBe('invalid-input');
      expect(error.fields?.email).toBe(
        'Saisissez une adresse e-mail valide, par exemple nom@exemple.com.',
      );
      expect(error.fields?.phone).toBe(
        'Saisissez un numéro de téléphone valide, par exemple 0550 12 34 56, ou +33 6 12 34 56 78 depuis l’étranger.',
      );
      expect(error.message.length).toBeGreaterThan(0);
    });

    it("ends a watch without an admin session with 'unauthorized', delivering nothing", async () => {
      const watch = record(harness().client().messages);
      const error = await watch.untilError();
      expect(error.code).toBe('unauthorized');
      expect(watch.lists).toEqual([]);
      watch.stop();
    });

    it('delivers every message, newest first, with its reception time in milliseconds', async () => {
      const visitor = harness().client();
      const first = await visitor.messages.send({ ...CONTRACT_MESSAGE, subject: 'Premier' });
      // The second is received at a later millisecond, so that the order is the time's.
      const firstSentBy = Date.now();
      await expect.poll(() => Date.now()).toBeGreaterThan(firstSentBy);
      const second = await visitor.messages.send({ ...CONTRACT_MESSAGE, subject: 'Second' });

      const watch = record((await signedIn()).messages);
      const list = await watch.untilList((messages) => messages.length >= 2, 'two messages');
      expect(list.map((message) => message.id)).toEqual([second.id, first.id]);
      expect(list[1]).toEqual({
        ...CONTRACT_MESSAGE,
        subject: 'Premier',
        phone: '+213661234567', // typed « 0661234567 », stored in E.164
        language: 'fr', // sent without a language: French
        ...NO_PROVENANCE, // sent to the port, not from a page
        source: 'formulaire',
        id: first.id,
        receivedAt: expect.any(Number),
        read: false, // a new message is unread
      });
      expect(Math.abs((list[1]?.receivedAt ?? 0) - Date.now())).toBeLessThan(120_000);
      watch.stop();
    });

    it('delivers an inbox longer than a page whole, newest first, as the dashboard pages it', async () => {
      const visitor = harness().client();
      const oldest = await visitor.messages.send({
        ...CONTRACT_MESSAGE,
        subject: 'Le plus ancien',
      });
      const oldestSentBy = Date.now();
      await expect.poll(() => Date.now()).toBeGreaterThan(oldestSentBy);
      const rest = await Promise.all(
        Array.from({ length: PAGE_SIZE }, (_, index) =>
          visitor.messages.send({ ...CONTRACT_MESSAGE, subject: `Demande ${index + 1}` }),
        ),
      );
      const watch = record((await signedIn()).messages);
      const list = await watch.untilList(
        (messages) => messages.length === PAGE_SIZE + 1,
        `${PAGE_SIZE + 1} messages`,
      );
      expect(new Set(list.map((message) => message.id))).toEqual(
        new Set([oldest.id, ...rest.map((sent) => sent.id)]),
      );
      const times = list.map((message) => message.receivedAt ?? Number.NaN);
      expect(times.every(Number.isFinite)).toBe(true);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      // The dashboard's second page holds the oldest message alone.
      expect(list.slice(PAGE_SIZE, 2 * PAGE_SIZE).map((message) => message.id)).toEqual([
        oldest.id,
      ]);
      watch.stop();
    }, 60_000);

    it('keeps the language each message was sent in; one sent without reads as French', async () => {
      const visitor = harness().client();
      const arabic = await visitor.messages.send({
        ...CONTRACT_MESSAGE,
        subject: 'تطبيق للهاتف',
        language: 'ar',
      });
      const french = await visitor.messages.send({ ...CONTRACT_MESSAGE, language: 'fr' });
      const unsaid = await visitor.messages.send(CONTRACT_MESSAGE);
      const refused = await rejection(
        visitor.messages.send({ ...CONTRACT_MESSAGE, language: 'en' as 'fr' }),
      );
      expect(refused.code).toBe('invalid-input');

      const watch = record((await signedIn()).messages);
      const list = await watch.untilList((messages) => messages.length >= 3, 'three messages');
      const languageOf = (id: string) => list.find((message) => message.id === id)?.language;
      expect([arabic.id, french.id, unsaid.id].map(languageOf)).toEqual(['ar', 'fr', 'fr']);
      watch.stop();
    });

    it('keeps where each message comes from; drops a part out of bounds, never the message', async () => {
      const visitor = harness().client();
      const campaign = await visitor.messages.send({
        ...CONTRACT_MESSAGE,
        language: 'ar',
        pagePath: '/ar/pageContact',
        referrer: 'www.facebook.com',
        utmSource: 'facebook',
        utmMedium: 'cpc',
        utmCampaign: 'رمضان 2026',
      });
      const direct = await visitor.messages.send({ ...CONTRACT_MESSAGE, pagePath: '/pageAccueil' });
      const unsaid = await visitor.messages.send(CONTRACT_MESSAGE);
      const outOfBounds = await visitor.messages.send({
        ...CONTRACT_MESSAGE,
        pagePath: '/pageContact',
        referrer: 'https://www.google.com/search?q=agence',
        utmCampaign: 'c'.repeat(PROVENANCE_LIMITS.utm + 1),
      });

      const watch = record((await signedIn()).messages);
      const list = await watch.untilList((messages) => messages.length >= 4, 'four messages');
      const provenance = (id: string) => {
        const message = list.find((candidate) => candidate.id === id);
        return message && Object.fromEntries(PROVENANCE_FIELDS.map((key) => [key, message[key]]));
      };
      expect(provenance(campaign.id)).toEqual({
        pagePath: '/ar/pageContact',
        referrer: 'www.facebook.com',
        utmSource: 'facebook',
        utmMedium: 'cpc',
        utmCampaign: 'رمضان 2026',
      });
      const none = { pagePath: null, referrer: null, utmSource: null, utmMedium: null };
      expect(provenance(direct.id)).toEqual({
        ...none,
        pagePath: '/pageAccueil',
        utmCampaign: null,
      });
      expect(provenance(unsaid.id)).toEqual({ ...none, utmCampaign: null });
      expect(provenance(outOfBounds.id)).toEqual({
        ...none,
        pagePath: '/pageContact',
        utmCampaign: null,
      });
      watch.stop();
    });

    it('reports connecting, then live', async () => {
      const watch = record((await signedIn()).messages);
      await watch.untilStatus('live');
      expect(watch.statuses[0]).toBe('connecting');
      watch.stop();
    });

    it('adds a message sent from elsewhere at the top, live and exactly once', async () => {
      const visitor = harness().client();
      const earlier = await visitor.messages.send({ ...CONTRACT_MESSAGE, subject: 'Avant' });
      const watch = record((await signedIn()).messages);
      await watch.untilList((messages) => messages.some((m) => m.id === earlier.id));
      await watch.untilStatus('live');

      const sent = await visitor.messages.send({ ...CONTRACT_MESSAGE, subject: 'En direct' });
      const list = await watch.untilList(
        (messages) => messages[0]?.id === sent.id,
        'the new message',
      );
      expect(list.map((message) => message.id)).toEqual([sent.id, earlier.id]);
      expect(list[0]?.subject).toBe('En direct');
      // The new message alone, not the whole list again.
      expect(watch.snapshots).toHaveLength(1);
      expect(watch.changes.flat()).toContainEqual({ type: 'added', message: list[0] });

      // Once a later message has arrived, anything delivered twice would be here too.
      const witness = await visitor.messages.send({ ...CONTRACT_MESSAGE, subject: 'Témoin' });
      await watch.untilList((messages) => messages[0]?.id === witness.id, 'the witness');
      for (const delivered of watch.lists) {
        const ids = delivered.map((message) => message.id);
        expect(new Set(ids).size).toBe(ids.length);
      }
      watch.stop();
    });

    it('stops delivering once unsubscribed', async () => {
      const { messages } = await signedIn();
      const watch = record(messages);
      // A second watch, still open, shows when the message has reached the dashboards.
      const witness = record(messages);
      await watch.untilStatus('live');
      await witness.untilStatus('live');
      watch.stop();
      const count = watch.lists.length;
      const sent = await harness().client().messages.send(CONTRACT_MESSAGE);
      await witness.untilList((list) => list.some((message) => message.id === sent.id));
      expect(watch.lists).toHaveLength(count);
      witness.stop();
    });

    it('keeps a message with the hidden field filled as spam, with its reason: out of the inbox, in « Indésirables »', async () => {
      const visitor = harness().client();
      const trap = await visitor.messages.send({
        ...CONTRACT_MESSAGE,
        subject: 'Rempli par un robot',
        [HONEYPOT_FIELD]: 'http://spam.example',
      });
      expect(typeof trap.id).toBe('string');
      const real = await visitor.messages.send(CONTRACT_MESSAGE);
      const owner = await signedIn();
      const watch = record(owner.messages);
      const list = await watch.untilList((messages) => messages.some((m) => m.id === real.id));
      expect(list.map((message) => message.id)).toEqual([real.id]);

      const spam = await listSpam(owner);
      expect(spam).toEqual([
        {
          ...CONTRACT_MESSAGE,
          subject: 'Rempli par un robot',
          phone: '+213661234567',
          language: 'fr',
          ...NO_PROVENANCE,
          source: 'formulaire',
          id: trap.id,
          receivedAt: expect.any(Number),
          read: false,
          spamReason: 'hidden-field',
          markedAt: null,
        },
      ]);
      expect(SPAM_REASONS[spam[0]?.spamReason ?? 'hidden-field']).toBe('champ caché rempli');
      expect(Math.abs((spam[0]?.receivedAt ?? 0) - Date.now())).toBeLessThan(120_000);
      watch.stop();
    });

    it('keeps a message sent within seconds of its page’s start as spam « envoi trop rapide »; « Pas un indésirable » moves it to the inbox', async () => {
      const visitor = harness().client();
      const hasty = await visitor.messages.send({
        ...CONTRACT_MESSAGE,
        subject: 'Envoyé trop vite',
        [FILL_TIME_FIELD]: 400,
      });
      // A person's pace, and a message that does not say (an older page): both in the inbox.
      const typed = await visitor.messages.send({
        ...CONTRACT_MESSAGE,
        subject: 'Tapé à la main',
        [FILL_TIME_FIELD]: MIN_FILL_TIME_MS,
      });
      const untimed = await visitor.messages.send({ ...CONTRACT_MESSAGE, subject: 'Sans durée' });
      const owner = await signedIn();
      const watch = record(owner.messages);
      const list = await watch.untilList(
        (messages) => [typed.id, untimed.id].every((id) => messages.some((m) => m.id === id)),
        'the two messages in the inbox',
      );
      expect(list.map((message) => message.subject).sort()).toEqual([
        'Sans durée',
        'Tapé à la main',
      ]);
      expect(list.map((message) => message.id)).not.toContain(hasty.id);

      const spam = await listSpam(owner);
      expect(spam).toEqual([
        {
          ...CONTRACT_MESSAGE,
          subject: 'Envoyé trop vite',
          phone: '+213661234567',
          language: 'fr',
          ...NO_PROVENANCE,
          source: 'formulaire',
          id: hasty.id,
          receivedAt: expect.any(Number),
          read: false,
          spamReason: 'too-fast',
          markedAt: null,
        },
      ]);
      expect(SPAM_REASONS[spam[0]?.spamReason ?? 'hidden-field']).toBe('envoi trop rapide');

      await restoreSpam(owner, hasty.id);
      await watch.untilList(
        (messages) => messages.some((m) => m.id === hasty.id && !m.read),
        'the hasty message moved to the inbox',
      );
      expect(await listSpam(owner)).toEqual([]);
      watch.stop();
    });

    it('refuses the spam list and « Pas un indésirable » without a session', async () => {
      const trap = await harness()
        .client()
        .messages.send({ ...CONTRACT_MESSAGE, [HONEYPOT_FIELD]: 'rempli' });
      const anonymous = harness().client();
      expect((await rejection(listSpam(anonymous))).code).toBe('unauthorized');
      expect((await rejection(restoreSpam(anonymous, trap.id))).code).toBe('unauthorized');
      // Still spam: the owner finds it there.
      expect((await listSpam(await signedIn())).map((m) => m.id)).toEqual([trap.id]);
    });

    it('« Pas un indésirable » moves it to every open inbox, unread, at its date; once', async () => {
      const visitor = harness().client();
      const trap = await visitor.messages.send({
        ...CONTRACT_MESSAGE,
        subject: 'Un vrai client',
        [HONEYPOT_FIELD]: 'https://www.boutique.dz',
      });
      const owner = await signedIn();
      const [kept] = await listSpam(owner);
      const elsewhere = record((await signedIn()).messages);
      await elsewhere.untilStatus('live');
      await elsewhere.untilList((messages) => messages.length === 0, 'an empty inbox');

      await restoreSpam(owner, trap.id);
      const list = await elsewhere.untilList(
        (messages) => messages.some((m) => m.id === trap.id),
        'the message moved to the inbox',
      );
      expect(list).toEqual([
        {
          ...CONTRACT_MESSAGE,
          subject: 'Un vrai client',
          phone: '+213661234567',
          language: 'fr',
          ...NO_PROVENANCE,
          source: 'formulaire',
          id: trap.id,
          receivedAt: kept?.receivedAt,
          read: false,
        },
      ]);
      expect(elsewhere.changes.flat()).toContainEqual({ type: 'added', message: list[0] });
      expect(await listSpam(owner)).toEqual([]);
      // Moved already: nothing to move twice.
      expect((await rejection(restoreSpam(owner, trap.id))).code).toBe('not-found');
      expect((await rejection(restoreSpam(owner, 'pas-un-identifiant'))).code).toBe('not-found');
      elsewhere.stop();
    });

    // Only where the harness runs what notifies the owner (the embedded server's outbox); on
    // Firebase that is the Cloud Function, which tests/firebase/cloud-function.test.ts runs.
    if (scope.notifiesOwner) {
      it('notifies the owner of a message, never of spam; of spam moved to the inbox, as of a new message', async () => {
        const notifications = harness().notifications;
        if (!notifications)
          throw new Error('This harness says it notifies the owner, but gives no e-mails.');
        const visitor = harness().client();
        const trap = await visitor.messages.send({
          ...CONTRACT_MESSAGE,
          subject: 'Gardé de côté',
          [HONEYPOT_FIELD]: 'rempli par le navigateur',
        });
        await visitor.messages.send({
          ...CONTRACT_MESSAGE,
          subject: 'Trop rapide',
          [FILL_TIME_FIELD]: 200,
        });
        // A message sent after them: once its e-mail is in, the spam's would be too.
        await visitor.messages.send({ ...CONTRACT_MESSAGE, subject: 'Témoin' });
        await notifications.untilMailAbout('Témoin');
        expect(notifications.mailsAbout('Gardé de côté')).toBe(0);
        expect(notifications.mailsAbout('Trop rapide')).toBe(0);

        await restoreSpam(await signedIn(), trap.id);
        await notifications.untilMailAbout('Gardé de côté');
        expect(notifications.mailsAbout('Gardé de côté')).toBe(1);
      });
    }

    it('marks a message read then unread, and every open dashboard agrees', async () => {
      const sent = await harness().client().messages.send(CONTRACT_MESSAGE);
      const owner = await signedIn();
      const here = record(owner.messages);
      const elsewhere = record((await signedIn()).messages);
      await here.untilStatus('live');
      await elsewhere.untilStatus('live');
      const isRead = (read: boolean) => (messages: ContactMessage[]) =>
        messages.some((m) => m.id === sent.id && m.read === read);
      await here.untilList(isRead(false), 'the unread message');

      await owner.messages.setRead(sent.id, true);
      await here.untilList(isRead(true), 'read here');
      await elsewhere.untilList(isRead(true), 'read on the other dashboard');
      expect(elsewhere.changes.flat()).toContainEqual({
        type: 'changed',
        message: expect.objectContaining({ id: sent.id, read: true }),
      });
      await owner.messages.setRead(sent.id, false);
      await elsewhere.until(
        () => (isRead(false)(elsewhere.latest() ?? []) ? true : undefined),
        'unread again elsewhere',
      );
      here.stop();
      elsewhere.stop();
    });

    it('deletes one or several messages, for every open dashboard', async () => {
      const visitor = harness().client();
      const [a, b, c] = [
        await visitor.messages.send({ ...CONTRACT_MESSAGE, subject: 'Sujet A' }),
        await visitor.messages.send({ ...CONTRACT_MESSAGE, subject: 'Sujet B' }),
        await visitor.messages.send({ ...CONTRACT_MESSAGE, subject: 'Sujet C' }),
      ];
      const owner = await signedIn();
      const elsewhere = record((await signedIn()).messages);
      await elsewhere.untilStatus('live');
      await elsewhere.untilList((messages) => messages.length === 3);

      await owner.messages.remove([a.id]);
      await elsewhere.untilList((messages) => messages.length === 2, 'one fewer');
      await owner.messages.remove([b.id, c.id, a.id]);
      const list = await elsewhere.untilList((messages) => messages.length === 0, 'none left');
      expect(list).toEqual([]);
      expect(elsewhere.snapshots).toHaveLength(1);
      const removed = elsewhere.changes
        .flat()
        .flatMap((change) => (change.type === 'removed' ? [change.id] : []));
      expect(removed.sort()).toEqual([a.id, b.id, c.id].sort());
      elsewhere.stop();
    });

    it("refuses the owner's operations without a session, and a vanished message", async () => {
      const sent = await harness().client().messages.send(CONTRACT_MESSAGE);
      const anonymous = harness().client();
      expect((await rejection(anonymous.messages.setRead(sent.id, true))).code).toBe(
        'unauthorized',
      );
      expect((await rejection(anonymous.messages.remove([sent.id]))).code).toBe('unauthorized');
      const owner = await signedIn();
      await owner.messages.remove([sent.id]);
      expect((await rejection(owner.messages.setRead(sent.id, true))).code).toBe('not-found');
    });

    describe('the lead pipeline', () => {
      leadPipelineContractCases(harness, signedIn);
    });

    describe('« Nouveau contact »', () => {
      newContactContractCases(harness, signedIn, scope);
    });

    if (scope.marksSpam) {
      describe('« Marquer comme indésirable »', () => {
        spamMarkingContractCases(harness, signedIn, scope);
      });
    }

    it("ends open watches with 'unauthorized' on sign-out", async () => {
      const admin = await signedIn();
      const watch = record(admin.messages);
      await watch.untilStatus('live');
      await admin.session.signOut();
      expect((await watch.untilError()).code).toBe('unauthorized');
    });
  });
}

export function describeAdminSessionContract(name: string, setup: () => Promise<ContractHarness>) {
  describe(`AdminSession contract: ${name}`, () => {
    const harness = useHarness(setup);

    it('has no admin before signing in', async () => {
      expect(await harness().client().session.current()).toBeNull();
    });

    it('signs in, then knows the admin', async () => {
      const { session } = harness().client();
      const { email, password } = harness().admin;
      const admin = await session.signIn(email, password);
      expect(admin).toEqual({ email });
      expect(await session.current()).toEqual({ email });
    });

    it("rejects a wrong password and an unknown e-mail with the same 'invalid-credentials'", async () => {
      const { session } = harness().client();
      const { email } = harness().admin;
      const wrongPassword = await rejection(session.signIn(email, 'pas le bon mot de passe'));
      const unknownEmail = await rejection(
        session.signIn('personne@agence.test', 'pas le bon mot de passe'),
      );
      expect(wrongPassword.code).toBe('invalid-credentials');
      expect(unknownEmail.code).toBe('invalid-credentials');
      expect(unknownEmail.message).toBe(wrongPassword.message);
      expect(await session.current()).toBeNull();
    });

    it('signs out', async () => {
      const { session } = harness().client();
      await session.signIn(harness().admin.email, harness().admin.password);
      await session.signOut();
      expect(await session.current()).toBeNull();
    });

    it('tells listeners the current state, then every change', async () => {
      const { session } = harness().client();
      const seen: (Admin | null)[] = [];
      const stop = session.onChange((admin) => seen.push(admin));
      // A listener that stays: it shows when the next change has been told.
      const witness: (Admin | null)[] = [];
      session.onChange((admin) => witness.push(admin));
      await expect.poll(() => seen).toEqual([null]);
      await session.signIn(harness().admin.email, harness().admin.password);
      await expect.poll(() => seen).toEqual([null, { email: harness().admin.email }]);
      await session.signOut();
      await expect.poll(() => seen).toEqual([null, { email: harness().admin.email }, null]);
      stop();
      await session.signIn(harness().admin.email, harness().admin.password);
      await expect.poll(() => witness.at(-1)).toEqual({ email: harness().admin.email });
      expect(witness).toHaveLength(4);
      expect(seen).toHaveLength(3);
    });

    it('keeps sessions apart: one client signing in does not sign in another', async () => {
      const first = harness().client();
      await first.session.signIn(harness().admin.email, harness().admin.password);
      expect(await harness().client().session.current()).toBeNull();
    });
  });
}

/**
 * What a dashboard lives through when its backend restarts (a server upgraded, an emulator
 * started again): it says it is reconnecting, then live again, without an error, and shows
 * what happened meanwhile, each message once.
 */
export function describeRestartContract(name: string, setup: () => Promise<RestartableHarness>) {
  describe(`Restart contract: ${name}`, () => {
    const harness = useHarness(setup) as () => RestartableHarness;

    it('reports reconnecting while the backend is down, then catches up once it is back', async () => {
      const { admin } = harness();
      const owner = harness().client();
      await owner.session.signIn(admin.email, admin.password);
      const watch = record(owner.messages);
      await watch.untilStatus('live');
      const before = await harness()
        .client()
        .messages.send({ ...CONTRACT_MESSAGE, subject: 'Avant' });
      await watch.untilList((list) => list[0]?.id === before.id, 'the first message');

      await harness().restart(() => watch.untilStatus('reconnecting'));
      // Sent by a new visitor once the backend is back, while the dashboard may still be
      // reconnecting.
      const during = await harness()
        .client()
        .messages.send({ ...CONTRACT_MESSAGE, subject: 'Après le redémarrage' });

      const list = await watch.untilList(
        (messages) => messages[0]?.id === during.id,
        'the message sent after the restart',
      );
      expect(list.map((message) => message.id)).toEqual([during.id, before.id]);
      await watch.until(() => (watch.statuses.at(-1) === 'live' ? true : undefined), 'live again');
      expect(watch.errors).toEqual([]);
      for (const delivered of watch.lists) {
        const ids = delivered.map((message) => message.id);
        expect(new Set(ids).size).toBe(ids.length);
      }
      // And it goes on: a later change reaches it live.
      await owner.messages.setRead(during.id, true);
      await watch.untilList(
        (messages) => messages.some((m) => m.id === during.id && m.read),
        'marked read after the restart',
      );
      watch.stop();
      // Firestore's SDK reconnects with its own back-off (up to a minute on the emulator).
    }, 180_000);
  });
}

export function describeBackendContract(
  name: string,
  setup: () => Promise<ContractHarness>,
  scope: ContractScope,
) {
  describeAdminSessionContract(name, setup);
  describeMessageStoreContract(name, setup, scope);
}
