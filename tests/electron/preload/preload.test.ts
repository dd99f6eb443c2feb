/**
 * The preload on the shared fake (`vi.mock('electron')`), talking to the real main-process
 * handlers started on the same fake: what the renderer sees as `window.desktop`.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesktopApi, InboxUpdate } from '../../../shared/ipc/contract.ts';
import { message, OWNER, settle } from '../fake-backend.ts';
import { startConsole, type StartedConsole } from '../main/start-console.ts';
import { defaultSettings } from '../../../shared/domain/settings/effective.ts';
import { aFilledSettings } from '../../fixtures/settings.ts';

let started: StartedConsole;
let api: DesktopApi;

beforeEach(async () => {
  started = await startConsole({ messages: [message()] });
  vi.resetModules();
  vi.doMock('electron', () => started.electron);
  await import('../../../src-electron/preload/index.ts');
  api = started.electron.fake.exposed.get('desktop') as DesktopApi;
});

describe('the preload', () => {
  it('exposes only the contract’s API as window.desktop', () => {
    expect([...started.electron.fake.exposed.keys()]).toEqual(['desktop']);
    expect(Object.keys(api).sort()).toEqual([
      'agencySettings',
      'inbox',
      'invoices',
      'leads',
      'quotes',
      'session',
      'settings',
      'whatsappTaps',
    ]);
  });

  it('carries « Sources »’s WhatsApp taps to the main process, which checks the instant first', async () => {
    await api.session.signIn(OWNER.email, OWNER.password);
    // This test's backend counts no taps yet: the main process says so, in French.
    expect(await api.whatsappTaps.since(0)).toMatchObject({
      ok: false,
      error: { code: 'unavailable', message: expect.any(String) },
    });
    const tap = {
      at: Date.UTC(2026, 10, 28, 9),
      pagePath: '/pageServices',
      language: 'fr' as const,
      plan: 'site-dynamique',
      referrer: null,
      utmSource: 'facebook',
      utmMedium: 'cpc',
      utmCampaign: null,
    };
    const asked: number[] = [];
    started.server.backend.whatsappTaps = {
      since: async (sinceMs) => (asked.push(sinceMs), [tap]),
    };
    expect(await api.whatsappTaps.since(Date.UTC(2026, 9, 29))).toEqual({ ok: true, value: [tap] });
    // A bad instant never reaches the backend.
    for (const bad of [-1, 1.5, 'hier' as unknown as number]) {
      expect(await api.whatsappTaps.since(bad)).toMatchObject({
        ok: false,
        error: {
          code: 'invalid-input',
          fields: { since: 'Indiquez depuis quand, en millisecondes.' },
        },
      });
    }
    expect(asked).toEqual([Date.UTC(2026, 9, 29)]);
  });

  it('carries « Réglages » to the main process, which checks them with the domain’s schema', async () => {
    await api.session.signIn(OWNER.email, OWNER.password);
    // This test's backend keeps no settings: the main process says so, in French.
    expect(await api.agencySettings.get()).toMatchObject({
      ok: false,
      error: { code: 'unavailable', message: expect.any(String) },
    });
    const filled = aFilledSettings(defaultSettings());
    expect(
      await api.agencySettings.save({ ...filled, legal: { ...filled.legal, nif: '12345' } }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', fields: { 'legal.nif': 'Le NIF compte 15 ou 20 chiffres.' } },
    });
  });

  it('carries the quotes’ channels to the main process, which checks what they bring', async () => {
    await api.session.signIn(OWNER.email, OWNER.password);
    // This test's backend has no quotes: the main process says so, in French.
    expect(await api.quotes.list()).toMatchObject({
      ok: false,
      error: { code: 'unavailable', message: expect.any(String) },
    });
    // Bad input never reaches it.
    expect(await api.quotes.send('q1', { email: 'pas-une-adresse' })).toMatchObject({
      ok: false,
      error: {
        code: 'invalid-input',
        fields: { email: 'Saisissez une adresse e-mail valide, par exemple client@exemple.dz.' },
      },
    });
    expect(await api.quotes.get('')).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', fields: { id: 'Devis invalide.' } },
    });
  });

  it('carries the invoices’ channels to the main process, which checks what they bring', async () => {
    await api.session.signIn(OWNER.email, OWNER.password);
    // This test's backend has no invoices: the main process says so, in French.
    expect(await api.invoices.list()).toMatchObject({
      ok: false,
      error: { code: 'unavailable', message: expect.any(String) },
    });
    // Bad input never reaches it: refused under its field, in the domain's words.
    expect(
      await api.invoices.recordPayment('f1', { date: 'hier', amount: '1 000', method: 'especes' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', fields: { date: 'Saisissez une date valide.' } },
    });
    expect(await api.invoices.emailLink('f1', { email: 'pas-une-adresse' })).toMatchObject({
      ok: false,
      error: {
        code: 'invalid-input',
        fields: { email: 'Saisissez une adresse e-mail valide, par exemple client@exemple.dz.' },
      },
    });
    expect(await api.invoices.get('')).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', fields: { id: 'Facture invalide.' } },
    });
  });

  it('carries the pipeline’s channels to the main process, which checks what they bring', async () => {
    // This test's backend has no pipeline: nothing to relay.
    expect(await api.leads.snapshot()).toEqual({ revision: 0, leads: null });
    expect(
      await api.leads.setStatus('m1', { status: 'signe' } as unknown as { status: 'gagne' }),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'invalid-input',
        fields: {
          status: 'Statut inconnu : choisissez Nouveau, Contacté, Devis envoyé, Gagné ou Perdu.',
        },
      },
    });
  });

  it('signs in, follows the session and the inbox through the main process', async () => {
    const sessions: unknown[] = [];
    const updates: InboxUpdate[] = [];
    api.session.onChange((admin) => sessions.push(admin));
    api.inbox.onUpdate((update) => updates.push(update));

    expect(await api.session.current()).toEqual({ ok: true, value: null });
    expect(await api.session.signIn(OWNER.email, 'faux')).toMatchObject({
      ok: false,
      error: { code: 'invalid-credentials' },
    });
    expect(await api.session.signIn(OWNER.email, OWNER.password)).toEqual({
      ok: true,
      value: { email: OWNER.email },
    });
    await settle();
    expect(sessions).toEqual([{ email: OWNER.email }]);
    expect(updates.filter((update) => update.kind === 'reset').at(-1)?.messages).toHaveLength(1);

    const arrived = message();
    started.server.deliver(arrived);
    expect(updates.at(-1)).toMatchObject({
      kind: 'changes',
      changes: [{ type: 'added', message: arrived }],
    });
    const snapshot = await api.inbox.snapshot();
    expect(snapshot.messages).toHaveLength(2);
    expect(snapshot.revision).toBe(updates.at(-1)?.revision);
  });

  it('passes no event object to listeners, and unsubscribes', async () => {
    const received: unknown[][] = [];
    const stop = api.inbox.onReveal((...args: unknown[]) => received.push(args));
    started.window?.webContents.send('inbox:reveal', { id: 'm1' });
    expect(received).toEqual([[{ id: 'm1' }]]);
    stop();
    expect(started.electron.fake.rendererListenerCount('inbox:reveal')).toBe(0);
  });

  it('reports the view one-way and reads and saves the settings', async () => {
    api.inbox.reportView({ route: '/pageDashboard', visible: true });
    const view = await api.settings.get();
    expect(view.availableBackends).toContain('server');
    const saved = await api.settings.save({
      backend: { kind: 'server', url: 'https://console.exemple.dz' },
      openAtLogin: false,
    });
    expect(saved).toMatchObject({ ok: true });
  });
});
