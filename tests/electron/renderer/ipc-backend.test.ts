import { describe, expect, it } from 'vitest';
import { BackendError, type Admin, type WatchStatus } from '../../../shared/backend/ports.ts';
import type { ContactMessage } from '../../../shared/domain/contact.ts';
import type { InboxChange } from '../../../shared/domain/inbox.ts';
import { SPAM_MARKING_TEXT } from '../../../shared/domain/spam-marking.ts';
import { newLead, type Lead } from '../../../shared/domain/leads/pipeline.ts';
import type {
  DesktopApi,
  InboxSnapshot,
  InboxUpdate,
  LeadsSnapshot,
  LeadsUpdate,
} from '../../../shared/ipc/contract.ts';
import { createIpcBackend } from '../../../src-electron/renderer/ipc-backend.ts';
import { message, settle } from '../fake-backend.ts';
import { quoteToJson, type Quote, type QuoteJson } from '../../../shared/domain/quotes/record.ts';
import { A_DRAFT } from '../../shared/backend/quotes-contract.ts';
import { defaultSettings } from '../../../shared/domain/settings/effective.ts';
import { settingsAnswer as answerOf } from '../../../shared/domain/settings/record.ts';
import { aSentQuote } from '../../fixtures/quotes.ts';
import { aFilledSettings } from '../../fixtures/settings.ts';

/** A quote as the main process hands it over: its JSON form, amounts as strings. */
const quote: Quote = aSentQuote({
  id: 'q1',
  leadId: 'm1',
  client: {
    kind: 'particulier',
    lastName: 'Exemple',
    firstName: 'Client',
    address: 'Oran',
    phone: '+213550123456',
  },
  createdAt: 1_764_000_000_000,
  updatedAt: 1_764_000_000_000,
  sentAt: 1_764_000_000_000,
  sentTo: 'client@exemple.dz',
  // Never opened by the client (« Vu le … »): the relay gives null, as the backends do.
  viewedAt: null,
});
const quoteJson: QuoteJson = quoteToJson(quote);
const settingsAnswer = answerOf({ settings: defaultSettings(), savedAt: null });

/** A tap on a price card's WhatsApp button, as the backends count it. */
const aTap = {
  at: Date.UTC(2026, 10, 28, 9),
  pagePath: '/pageServices',
  language: 'fr' as const,
  plan: 'site-dynamique',
  referrer: null,
  utmSource: 'facebook',
  utmMedium: 'cpc',
  utmCampaign: null,
};

/** A hand-driven preload API. */
function fakeApi(
  initial: { admin?: Admin | null; snapshot?: InboxSnapshot; leads?: LeadsSnapshot } = {},
) {
  const sessionListeners = new Set<(admin: Admin | null) => void>();
  const inboxListeners = new Set<(update: InboxUpdate) => void>();
  const leadsListeners = new Set<(update: LeadsUpdate) => void>();
  const leads: LeadsSnapshot = initial.leads ?? { revision: 0, leads: null };
  const calls: unknown[][] = [];
  const ok = { ok: true, value: null } as const;
  let admin = initial.admin ?? null;
  const snapshot: InboxSnapshot = initial.snapshot ?? {
    revision: 0,
    messages: null,
    status: 'connecting',
    error: null,
  };
  const api: DesktopApi = {
    session: {
      signIn: async (email, password) =>
        password === 'bon'
          ? { ok: true, value: { email } }
          : {
              ok: false,
              error: { code: 'rate-limited', message: 'patientez', retryAfterSeconds: 30 },
            },
      openNewDeviceLink: async (token) =>
        token === 'L'.repeat(43)
          ? { ok: true, value: { email: 'patron@agence.test' } }
          : { ok: false, error: { code: 'refused', message: 'Ce lien ne fonctionne plus.' } },
      signOut: async () => ({ ok: true, value: null }),
      signOutEverywhere: async () => ({ ok: true, value: null }),
      current: async () => ({ ok: true, value: admin }),
      onChange: (listener) => {
        sessionListeners.add(listener);
        return () => sessionListeners.delete(listener);
      },
    },
    inbox: {
      snapshot: async () => snapshot,
      onUpdate: (listener) => {
        inboxListeners.add(listener);
        return () => inboxListeners.delete(listener);
      },
      onReveal: () => () => undefined,
      reportView: () => undefined,
      setRead: async (id, read) =>
        id === 'parti'
          ? { ok: false, error: { code: 'not-found', message: 'ce message n’existe plus.' } }
          : (calls.push(['setRead', id, read]), { ok: true, value: null }),
      remove: async (ids) => (calls.push(['remove', ...ids]), { ok: true, value: null }),
      listSpam: async () => (calls.push(['listSpam']), { ok: true, value: [] }),
      restoreSpam: async (id) =>
        id === 'parti'
          ? { ok: false, error: { code: 'not-found', message: 'ce message n’existe plus.' } }
          : (calls.push(['restoreSpam', id]), { ok: true, value: null }),
      markSpam: async (id) =>
        id === 'saisi'
          ? {
              ok: false,
              error: { code: 'refused', message: SPAM_MARKING_TEXT.typedIn },
            }
          : (calls.push(['markSpam', id]), { ok: true, value: null }),
    },
    leads: {
      snapshot: async () => leads,
      onUpdate: (listener) => {
        leadsListeners.add(listener);
        return () => leadsListeners.delete(listener);
      },
      setStatus: async (id, change) => (calls.push(['setStatus', id, change]), ok),
      addNote: async (id, text) =>
        text.length > 5000
          ? {
              ok: false,
              error: {
                code: 'invalid-input',
                message: 'certains champs sont invalides, corrigez-les puis réessayez.',
                fields: { text: 'La note ne doit pas dépasser 5 000 caractères.' },
              },
            }
          : (calls.push(['addNote', id, text]), { ok: true, value: { noteId: 'n1' } }),
      correctNote: async (id, noteId, text) => (calls.push(['correctNote', id, noteId, text]), ok),
      setNextAction: async (id, at) => (calls.push(['setNextAction', id, at]), ok),
      setEstimatedValue: async (id, value) => (calls.push(['setEstimatedValue', id, value]), ok),
      recordReply: async (id, channel) => (calls.push(['recordReply', id, channel]), ok),
      addContact: async (input) => (
        calls.push(['addContact', input.fullName]),
        { ok: true, value: { id: 'typed-in' } }
      ),
    },
    quotes: {
      list: async () => (calls.push(['list']), { ok: true, value: [quoteJson] }),
      listByLead: async (leadId) => (calls.push(['listByLead', leadId]), { ok: true, value: [] }),
      get: async (id) =>
        id === 'parti'
          ? { ok: false, error: { code: 'not-found', message: 'Ce devis n’existe pas (ou plus).' } }
          : (calls.push(['get', id]), { ok: true, value: quoteJson }),
      createDraft: async (leadId, draft) =>
        draft.client.kind === 'particulier' && draft.client.lastName === ''
          ? {
              ok: false,
              error: {
                code: 'invalid-input',
                message: 'certains champs sont invalides, corrigez-les puis réessayez.',
                fields: { 'client.lastName': 'Ce champ est obligatoire.' },
              },
            }
          : (calls.push(['createDraft', leadId]), { ok: true, value: quoteJson }),
      updateDraft: async (id) => (calls.push(['updateDraft', id]), { ok: true, value: quoteJson }),
      removeDraft: async (id) => (calls.push(['removeDraft', id]), ok),
      send: async (id, options) => (
        calls.push(['send', id, options]),
        {
          ok: true,
          value: {
            quote: quoteJson,
            link: 'https://agence.test/pageDevis#jeton',
            email: { to: 'client@exemple.dz', sent: true },
          },
        }
      ),
      resendLink: async (id, options) => (
        calls.push(['resendLink', id, options]),
        {
          ok: true,
          value: {
            link: 'https://agence.test/pageDevis#autre',
            email: { to: null, sent: false, error: 'aucun serveur d’e-mail.' },
          },
        }
      ),
      newVersion: async (id) => (calls.push(['newVersion', id]), { ok: true, value: quoteJson }),
      link: async (id, via) => (
        calls.push(['link', id, via]),
        { ok: true, value: { link: 'https://agence.test/pageDevis#jeton' } }
      ),
      savePdf: () => Promise.reject(new Error('inutile ici')),
    },
    // The invoices' relay is tested against the real server: console-invoices.test.ts.
    invoices: {
      list: () => Promise.reject(new Error('inutile ici')),
      listByLead: () => Promise.reject(new Error('inutile ici')),
      get: () => Promise.reject(new Error('inutile ici')),
      issueFromQuote: () => Promise.reject(new Error('inutile ici')),
      issueCreditNote: () => Promise.reject(new Error('inutile ici')),
      recordPayment: () => Promise.reject(new Error('inutile ici')),
      link: () => Promise.reject(new Error('inutile ici')),
      emailLink: () => Promise.reject(new Error('inutile ici')),
    },
    agencySettings: {
      get: async () => (calls.push(['settings.get']), { ok: true, value: settingsAnswer }),
      save: async (settings) =>
        settings.legal.nif === '12345'
          ? {
              ok: false,
              error: {
                code: 'invalid-input',
                message: 'certains champs sont invalides, corrigez-les puis réessayez.',
                fields: { 'legal.nif': 'Le NIF compte 15 ou 20 chiffres.' },
              },
            }
          : (calls.push(['settings.save']), { ok: true, value: settingsAnswer }),
      history: async () => (calls.push(['settings.history']), { ok: true, value: [] }),
    },
    whatsappTaps: {
      since: async (sinceMs) =>
        sinceMs < 0
          ? {
              ok: false,
              error: {
                code: 'invalid-input',
                message: 'certains champs sont invalides, corrigez-les puis réessayez.',
                fields: { since: 'Indiquez depuis quand, en millisecondes.' },
              },
            }
          : (calls.push(['whatsappTaps.since', sinceMs]), { ok: true, value: [aTap] }),
    },
    settings: {
      get: () => Promise.reject(new Error('inutile ici')),
      save: () => Promise.reject(new Error('inutile ici')),
    },
  };
  return {
    api,
    calls,
    setAdmin(next: Admin | null) {
      admin = next;
      for (const listener of sessionListeners) listener(next);
    },
    /** A pipeline update from the main process. */
    pushLeads(update: LeadsUpdate) {
      for (const listener of leadsListeners) listener(update);
    },
    /** An update from the main process (the snapshot it answers is left as it was). */
    push(update: InboxUpdate) {
      for (const listener of inboxListeners) listener(update);
    },
    get listeners() {
      return sessionListeners.size + inboxListeners.size + leadsListeners.size;
    },
  };
}

describe('createIpcBackend', () => {
  it('relays « Sources »’s WhatsApp taps to the main process’s backend, a refusal as BackendError', async () => {
    const fake = fakeApi();
    const taps = createIpcBackend(fake.api).whatsappTaps;
    // The console's « Sources » shows « Clics WhatsApp » only where the backend has them.
    expect(taps).toBeDefined();
    expect(await taps?.since(Date.UTC(2026, 9, 29))).toEqual([aTap]);
    const refused = await taps?.since(-1).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BackendError);
    expect((refused as BackendError).fields).toEqual({
      since: 'Indiquez depuis quand, en millisecondes.',
    });
    expect(fake.calls).toEqual([['whatsappTaps.since', Date.UTC(2026, 9, 29)]]);
  });

  it('relays « Réglages » to the main process’s backend, a refusal with its field (issue 49)', async () => {
    const fake = fakeApi();
    const settings = createIpcBackend(fake.api).settings;
    expect(settings).toBeDefined();
    expect(await settings?.get()).toEqual(settingsAnswer);
    const filled = aFilledSettings(defaultSettings());
    const refused = await settings
      ?.save({ ...filled, legal: { ...filled.legal, nif: '12345' } })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BackendError);
    expect((refused as BackendError).fields).toEqual({
      'legal.nif': 'Le NIF compte 15 ou 20 chiffres.',
    });
    expect(await settings?.save(filled)).toEqual(settingsAnswer);
    expect(await settings?.history()).toEqual([]);
    expect(fake.calls).toEqual([['settings.get'], ['settings.save'], ['settings.history']]);
  });

  it('turns failures back into BackendError, with their code and details', async () => {
    const backend = createIpcBackend(fakeApi().api);
    await expect(backend.session.signIn('a@b.dz', 'bon')).resolves.toEqual({ email: 'a@b.dz' });
    const error = await backend.session.signIn('a@b.dz', 'faux').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackendError);
    expect(error).toMatchObject({
      code: 'rate-limited',
      message: 'patientez',
      retryAfterSeconds: 30,
    });
  });

  it('onChange gives the current state first, then every change', async () => {
    const driver = fakeApi({ admin: { email: 'a@b.dz' } });
    const seen: (Admin | null)[] = [];
    const stop = createIpcBackend(driver.api).session.onChange((admin) => seen.push(admin));
    await settle();
    driver.setAdmin(null);
    expect(seen).toEqual([{ email: 'a@b.dz' }, null]);
    stop();
    expect(driver.listeners).toBe(0);
  });

  function watching(backend: ReturnType<typeof createIpcBackend>) {
    const snapshots: ContactMessage[][] = [];
    const changes: InboxChange[][] = [];
    const statuses: WatchStatus[] = [];
    const errors: BackendError[] = [];
    const stop = backend.messages.watch({
      snapshot: (list) => snapshots.push(list),
      changes: (batch) => changes.push(batch),
      status: (status) => statuses.push(status),
      error: (error) => errors.push(error),
    });
    return { snapshots, changes, statuses, errors, stop };
  }

  it('starts from the main process’s inbox, applies its updates, and ends on its error', async () => {
    const first = message();
    const driver = fakeApi({
      snapshot: { revision: 3, messages: [first], status: 'live', error: null },
    });
    const watch = watching(createIpcBackend(driver.api));
    await settle();
    expect(watch.snapshots).toEqual([[first]]);
    expect(watch.statuses).toEqual(['live']);

    const second = message();
    driver.push({ kind: 'changes', revision: 4, changes: [{ type: 'added', message: second }] });
    driver.push({ kind: 'status', revision: 5, status: 'reconnecting', error: null });
    expect(watch.changes).toEqual([[{ type: 'added', message: second }]]);
    expect(watch.statuses).toEqual(['live', 'reconnecting']);

    driver.push({
      kind: 'status',
      revision: 6,
      status: 'reconnecting',
      error: { code: 'unauthorized', message: 'reconnectez-vous' },
    });
    expect(watch.errors.map((error) => error.code)).toEqual(['unauthorized']);
    driver.push({ kind: 'reset', revision: 7, messages: [], status: 'live', error: null });
    expect(watch.snapshots).toHaveLength(1);
    expect(driver.listeners).toBe(0);
  });

  it('keeps the updates that come before the inbox, and skips those it includes', async () => {
    const [first, second] = [message(), message()];
    const driver = fakeApi({
      snapshot: { revision: 8, messages: [first], status: 'live', error: null },
    });
    const watch = watching(createIpcBackend(driver.api));
    // Sent while the inbox was on its way: the first is in it already, the second is not.
    driver.push({ kind: 'changes', revision: 8, changes: [{ type: 'added', message: first }] });
    driver.push({ kind: 'changes', revision: 9, changes: [{ type: 'added', message: second }] });
    expect(watch.snapshots).toEqual([]);
    await settle();
    expect(watch.snapshots).toEqual([[first]]);
    expect(watch.changes).toEqual([[{ type: 'added', message: second }]]);
  });

  it('close() ends the watches and the session listeners', async () => {
    const driver = fakeApi();
    const backend = createIpcBackend(driver.api);
    const watch = watching(backend);
    backend.session.onChange(() => undefined);
    await settle();
    expect(driver.listeners).toBe(2);
    await backend.close();
    expect(driver.listeners).toBe(0);
    expect(watch.errors).toEqual([]);
  });

  it('does not send messages from the console', async () => {
    const backend = createIpcBackend(fakeApi().api);
    await expect(backend.messages.send({} as never)).rejects.toMatchObject({ code: 'refused' });
  });

  it('hands read changes, deletions and « Indésirables » to the main process', async () => {
    const driver = fakeApi();
    const backend = createIpcBackend(driver.api);
    await backend.messages.setRead('m1', true);
    await backend.messages.remove(['m1', 'm2']);
    expect(await backend.messages.listSpam?.()).toEqual([]);
    await backend.messages.restoreSpam?.('m3');
    await backend.messages.markSpam?.('m4');
    expect(driver.calls).toEqual([
      ['setRead', 'm1', true],
      ['remove', 'm1', 'm2'],
      ['listSpam'],
      ['restoreSpam', 'm3'],
      ['markSpam', 'm4'],
    ]);
    // The main process's refusal, in its French words.
    await expect(backend.messages.markSpam?.('saisi')).rejects.toMatchObject({
      code: 'refused',
      message: SPAM_MARKING_TEXT.typedIn,
    });
    await expect(backend.messages.restoreSpam?.('parti')).rejects.toMatchObject({
      code: 'not-found',
    });
    await expect(backend.messages.setRead('parti', false)).rejects.toMatchObject({
      code: 'not-found',
    });
  });

  it('relays the pipeline: its state once, then each numbered update once, in order', async () => {
    const known: Lead = { ...newLead('m1'), status: 'contacte' };
    const driver = fakeApi({ leads: { revision: 4, leads: [known] } });
    const backend = createIpcBackend(driver.api);
    const snapshots: Lead[][] = [];
    const changes: unknown[] = [];
    const stop = backend.leads?.watch({
      snapshot: (all) => snapshots.push(all),
      changes: (batch) => changes.push(...batch),
    });
    // An update the state already includes, sent before the state arrived: skipped.
    driver.pushLeads({ kind: 'changes', revision: 4, changes: [{ type: 'removed', id: 'm1' }] });
    await settle();
    expect(snapshots).toEqual([[known]]);
    const won: Lead = { ...known, status: 'gagne' };
    driver.pushLeads({ kind: 'changes', revision: 5, changes: [{ type: 'set', lead: won }] });
    driver.pushLeads({ kind: 'changes', revision: 5, changes: [{ type: 'set', lead: won }] });
    expect(changes).toEqual([{ type: 'set', lead: won }]);
    driver.pushLeads({ kind: 'reset', revision: 6, leads: null });
    driver.pushLeads({ kind: 'reset', revision: 7, leads: [] });
    expect(snapshots).toEqual([[known], []]);
    stop?.();
    expect(driver.listeners).toBe(0);
  });

  it('asks each pipeline change of the main process; a refusal comes back with its field', async () => {
    const driver = fakeApi();
    const leads = createIpcBackend(driver.api).leads;
    await leads?.setStatus('m1', { status: 'perdu', lostReason: 'prix' });
    await expect(leads?.addNote('m1', 'Rappeler jeudi.')).resolves.toEqual({ noteId: 'n1' });
    await leads?.correctNote('m1', 'n1', 'Rappeler vendredi.');
    await leads?.setNextAction('m1', null);
    await leads?.setEstimatedValue('m1', 150_000);
    await leads?.recordReply('m1', 'whatsapp');
    expect(driver.calls).toEqual([
      ['setStatus', 'm1', { status: 'perdu', lostReason: 'prix' }],
      ['addNote', 'm1', 'Rappeler jeudi.'],
      ['correctNote', 'm1', 'n1', 'Rappeler vendredi.'],
      ['setNextAction', 'm1', null],
      ['setEstimatedValue', 'm1', 150_000],
      ['recordReply', 'm1', 'whatsapp'],
    ]);
    await expect(leads?.addNote('m1', 'x'.repeat(5001))).rejects.toMatchObject({
      code: 'invalid-input',
      fields: { text: 'La note ne doit pas dépasser 5 000 caractères.' },
    });
  });

  it('relays the owner’s quotes, each one a Quote again (amounts as bigints)', async () => {
    const driver = fakeApi();
    const quotes = createIpcBackend(driver.api).quotes;
    const listed = await quotes?.list();
    expect(listed).toEqual([quote]);
    expect(typeof listed?.[0]?.lines[0]?.unitPrice).toBe('bigint');
    expect(await quotes?.get('q1')).toEqual(quote);
    expect(await quotes?.listByLead('m1')).toEqual([]);
    expect(await quotes?.createDraft('m1', A_DRAFT)).toEqual(quote);
    expect(await quotes?.updateDraft('q1', A_DRAFT)).toEqual(quote);
    await quotes?.removeDraft('q1');
    const sent = await quotes?.send('q1');
    expect(sent?.quote).toEqual(quote);
    expect(sent?.email).toEqual({ to: 'client@exemple.dz', sent: true });
    expect(await quotes?.link('q1', 'whatsapp')).toEqual({
      link: 'https://agence.test/pageDevis#jeton',
    });
    expect(await quotes?.resendLink('q1', { email: 'autre@exemple.dz' })).toEqual({
      link: 'https://agence.test/pageDevis#autre',
      email: { to: null, sent: false, error: 'aucun serveur d’e-mail.' },
    });
    expect(await quotes?.newVersion('q1')).toEqual(quote);
    expect(driver.calls).toEqual([
      ['list'],
      ['get', 'q1'],
      ['listByLead', 'm1'],
      ['createDraft', 'm1'],
      ['updateDraft', 'q1'],
      ['removeDraft', 'q1'],
      ['send', 'q1', {}],
      ['link', 'q1', 'whatsapp'],
      ['resendLink', 'q1', { email: 'autre@exemple.dz' }],
      ['newVersion', 'q1'],
    ]);
  });

  it('brings a quote’s refusal back with its field, and leaves the client’s side to the site', async () => {
    const quotes = createIpcBackend(fakeApi().api).quotes;
    await expect(
      quotes?.createDraft('m1', {
        ...A_DRAFT,
        client: { kind: 'particulier', lastName: '', firstName: 'Client', address: 'Oran' },
      }),
    ).rejects.toMatchObject({
      code: 'invalid-input',
      fields: { 'client.lastName': 'Ce champ est obligatoire.' },
    });
    await expect(quotes?.get('parti')).rejects.toMatchObject({
      code: 'not-found',
      message: 'Ce devis n’existe pas (ou plus).',
    });
    await expect(quotes?.readByToken('x'.repeat(43))).rejects.toMatchObject({
      code: 'refused',
      message: expect.stringContaining('page du client'),
    });
    await expect(quotes?.answer('x'.repeat(43), { decision: 'accepte' })).rejects.toMatchObject({
      code: 'refused',
    });
  });
});
