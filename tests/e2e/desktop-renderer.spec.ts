/**
 * The desktop console's renderer (dist/electron/renderer, built by `npm run desktop:compile`)
 * in Chromium: src-web's login and dashboard over the IPC backend, with `window.desktop`
 * played by a test double instead of the preload. Served with the console's CSP, so that a
 * violation shows up here. The last block launches the real app with Playwright's
 * `_electron`, where an Electron binary is installed.
 */
import AxeBuilder from './axe.ts';
import { expect, test, _electron, type Page } from '@playwright/test';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ContactMessage, SpamMessage } from '../../shared/domain/contact.ts';
import type { InboxChange } from '../../shared/domain/inbox.ts';
import type { Lead } from '../../shared/domain/leads/pipeline.ts';
import type {
  DesktopApi,
  InboxSnapshot,
  InboxUpdate,
  LeadsSnapshot,
  LeadsUpdate,
  SettingsView,
  ViewReport,
} from '../../shared/ipc/contract.ts';
import { RENDERER_CSP } from '../../src-electron/main/content-security-policy.ts';
import { LOGIN_SUCCESS_POPUP_MS } from '../../shared/domain/constants.ts';
import {
  E2E_ADMIN,
  expectAboveEarlierMessages,
  fillSettings,
  popup,
  sendMessage,
  shownWhileLive,
  uniqueMessage,
} from './fixtures.ts';
import { recordedPopup, recordPopup } from './popup-record.ts';
import { startOwnServer, type Cleanup } from './own-server.ts';
import { aMessage } from '../fixtures/messages.ts';
import { createBackendFactory } from '../../src-electron/main/backend-factory.ts';
import { createConsoleService } from '../../src-electron/main/console-service.ts';
import { createIpcHandlers } from '../../src-electron/main/ipc/handlers.ts';
import { createQuotePdfSaver } from '../../src-electron/main/quote-pdf.ts';
import { electronPdfOptions, playwrightPdfOptions } from '../../shared/domain/quotes/print.ts';
import { execFileSync } from 'node:child_process';
import type { PrintToPDFOptions, SaveDialogOptions } from 'electron';
import type { InvokeChannel, IpcResult } from '../../shared/ipc/contract.ts';
import type { QuoteDraftFields, QuoteJson } from '../../shared/domain/quotes/record.ts';
import { defaultSettings } from '../../shared/domain/settings/effective.ts';
import type { SettingsAnswer } from '../../shared/domain/settings/record.ts';
import { aFilledSettings } from '../fixtures/settings.ts';
import { screenshotIfAsked } from './screenshots.ts';

const root = path.resolve(import.meta.dirname, '../..');
const rendererDir = path.join(root, 'dist/electron/renderer');
const mainEntry = path.join(root, 'dist/electron/main/index.js');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

/** Serves the built renderer as the app protocol does: its files only, with the CSP. */
function serveRenderer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = path.resolve(rendererDir, `.${pathname === '/' ? '/index.html' : pathname}`);
    const type = TYPES[path.extname(file)];
    if (!file.startsWith(rendererDir + path.sep) || !type) {
      response.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (body) => {
        response.writeHead(200, { 'Content-Type': type, 'Content-Security-Policy': RENDERER_CSP });
        response.end(body);
      },
      () => response.writeHead(404).end(),
    );
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/index.html`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/** What the test reads and drives in the page, next to the double of `window.desktop`. */
interface ConsoleDouble {
  views: ViewReport[];
  violations: string[];
  saved: unknown[];
  push(message: ContactMessage): void;
  reveal(id: string): void;
  /** Set: the account is under attack, and this token is the link e-mailed to the console. */
  linkToken: string | null;
  /** « Indésirables », as the main process would list them. */
  spam: SpamMessage[];
  /** Changes what the main process would report about itself (keyring, App Check). */
  setView(patch: Partial<SettingsView>): void;
  /** The pipeline's changes asked of the main process, in order. */
  leadCalls: unknown[][];
}

/**
 * Set by a test (page.exposeFunction) that runs the real main process's quote handlers in
 * Node, on a real server: the double hands them each quote call, as the preload would.
 */
type MainQuotes = (channel: string, args: unknown[]) => Promise<unknown>;

type DoubleWindow = Window & {
  desktop?: DesktopApi;
  __console?: ConsoleDouble;
  __mainQuotes?: MainQuotes;
};

/**
 * Installed before the page's scripts (it is serialised: no closure over the test's scope).
 * It answers like the main process: sign-in against one account, then the inbox, live.
 */
function installDesktopDouble({
  owner,
  initial,
}: {
  owner: { email: string; password: string };
  initial: ContactMessage[];
}) {
  const target = window as DoubleWindow;
  const sessionListeners = new Set<(admin: { email: string } | null) => void>();
  const inboxListeners = new Set<(update: InboxUpdate) => void>();
  const revealListeners = new Set<(message: { id: string }) => void>();
  const leadsListeners = new Set<(update: LeadsUpdate) => void>();
  let leadsState: LeadsSnapshot = { revision: 0, leads: null };
  const emitLeads = (update: LeadsUpdate) => leadsListeners.forEach((listener) => listener(update));
  const resetLeads = (leads: Lead[] | null) => {
    leadsState = { revision: leadsState.revision + 1, leads };
    emitLeads({ kind: 'reset', ...leadsState });
  };
  /** As the backend answers a change: the lead, then the update that carries it. */
  const setLead = (id: string, change: (lead: Lead) => Lead) => {
    const current = leadsState.leads?.find((lead) => lead.id === id) ?? {
      id,
      status: 'nouveau' as const,
      lostReason: null,
      statusChangedAt: null,
      nextActionAt: null,
      estimatedValue: null,
      timeline: [],
    };
    const lead = change(current);
    leadsState = {
      revision: leadsState.revision + 1,
      leads: [...(leadsState.leads ?? []).filter((other) => other.id !== id), lead],
    };
    emitLeads({ kind: 'changes', revision: leadsState.revision, changes: [{ type: 'set', lead }] });
  };
  let admin: { email: string } | null = null;
  let snapshot: InboxSnapshot = { revision: 0, messages: null, status: 'connecting', error: null };
  let settingsView: SettingsView = {
    settings: { backend: { kind: 'server', url: 'http://127.0.0.1:3000' }, openAtLogin: false },
    availableBackends: ['server'],
    canOpenAtLogin: true,
    keepsSession: true,
    appCheck: null,
  };
  // As the main process does: the whole state on a reset, then only what changes.
  const emit = (update: InboxUpdate) => inboxListeners.forEach((listener) => listener(update));
  const reset = (state: Omit<InboxSnapshot, 'revision'>) => {
    snapshot = { ...state, revision: snapshot.revision + 1 };
    emit({ kind: 'reset', ...snapshot });
  };
  const change = (changes: InboxChange[], messages: ContactMessage[]) => {
    snapshot = { ...snapshot, messages, revision: snapshot.revision + 1 };
    emit({ kind: 'changes', revision: snapshot.revision, changes });
  };
  const control: ConsoleDouble = {
    views: [],
    violations: [],
    saved: [],
    linkToken: null,
    spam: [],
    leadCalls: [],
    push: (message) =>
      change([{ type: 'added', message }], [message, ...(snapshot.messages ?? [])]),
    reveal: (id) => revealListeners.forEach((listener) => listener({ id })),
    setView: (patch) => {
      settingsView = { ...settingsView, ...patch };
    },
  };
  document.addEventListener('securitypolicyviolation', (event) => {
    control.violations.push(`${event.violatedDirective} ${event.blockedURI}`);
  });
  target.__console = control;
  target.desktop = {
    session: {
      async signIn(email, password) {
        // Under attack, an unknown console gets the link by e-mail instead (docs/inbox.md).
        if (control.linkToken !== null && email === owner.email) {
          return {
            ok: false,
            error: {
              code: 'rate-limited',
              message:
                'Connexion depuis un nouvel appareil pendant une série de tentatives sur ce compte : si le mot de passe est le bon, nous venons d’envoyer à l’adresse e-mail du compte un lien de connexion, valable 15 minutes. Ouvrez-le dans ce navigateur pour vous connecter ; il ne sert qu’une fois.',
              retryAfterSeconds: 60,
              newDevice: 'link-sent',
            },
          };
        }
        if (email !== owner.email || password !== owner.password) {
          return {
            ok: false,
            error: {
              code: 'invalid-credentials',
              message: 'adresse e-mail ou mot de passe incorrect.',
            },
          };
        }
        admin = { email };
        sessionListeners.forEach((listener) => listener(admin));
        setTimeout(() => {
          reset({ messages: initial, status: 'live', error: null });
          resetLeads([]);
        }, 100);
        return { ok: true, value: admin };
      },
      async openNewDeviceLink(token) {
        if (token !== control.linkToken) {
          return { ok: false, error: { code: 'refused', message: 'Ce lien ne fonctionne plus.' } };
        }
        admin = { email: owner.email };
        sessionListeners.forEach((listener) => listener(admin));
        setTimeout(() => reset({ messages: initial, status: 'live', error: null }), 100);
        return { ok: true, value: admin };
      },
      async signOut() {
        admin = null;
        reset({ messages: null, status: 'connecting', error: null });
        sessionListeners.forEach((listener) => listener(null));
        return { ok: true, value: null };
      },
      async signOutEverywhere() {
        return this.signOut();
      },
      current: async () => ({ ok: true, value: admin }),
      onChange(listener) {
        sessionListeners.add(listener);
        return () => sessionListeners.delete(listener);
      },
    },
    inbox: {
      snapshot: async () => snapshot,
      onUpdate(listener) {
        inboxListeners.add(listener);
        return () => inboxListeners.delete(listener);
      },
      onReveal(listener) {
        revealListeners.add(listener);
        return () => revealListeners.delete(listener);
      },
      reportView: (view) => control.views.push(view),
      async setRead(id, read) {
        const messages = (snapshot.messages ?? []).map((message) =>
          message.id === id ? { ...message, read } : message,
        );
        const changed = messages.filter((message) => message.id === id);
        change(
          changed.map((message) => ({ type: 'changed', message })),
          messages,
        );
        return { ok: true, value: null };
      },
      listSpam: async () => ({ ok: true, value: control.spam }),
      async restoreSpam(id) {
        const found = control.spam.find((message) => message.id === id);
        if (!found)
          return { ok: false, error: { code: 'not-found', message: 'Message introuvable.' } };
        control.spam = control.spam.filter((message) => message !== found);
        // The main process hands it on as a new message of the inbox.
        control.push(found);
        return { ok: true, value: null };
      },
      async markSpam(id) {
        const found = (snapshot.messages ?? []).find((message) => message.id === id);
        if (!found)
          return { ok: false, error: { code: 'not-found', message: 'Message introuvable.' } };
        // The main process moves it to « Indésirables » and drops it from the inbox.
        control.spam = [{ ...found, spamReason: 'owner', markedAt: Date.now() }, ...control.spam];
        change(
          [{ type: 'removed', id }],
          (snapshot.messages ?? []).filter((message) => message.id !== id),
        );
        return { ok: true, value: null };
      },
      async remove(ids) {
        const gone = new Set(ids);
        const messages = (snapshot.messages ?? []).filter((message) => !gone.has(message.id));
        change(
          ids.map((id) => ({ type: 'removed', id })),
          messages,
        );
        return { ok: true, value: null };
      },
    },
    leads: {
      snapshot: async () => leadsState,
      onUpdate(listener) {
        leadsListeners.add(listener);
        return () => leadsListeners.delete(listener);
      },
      async setStatus(id, change) {
        control.leadCalls.push(['setStatus', id, change]);
        const at = Date.now();
        const days = change.status === 'contacte' ? 2 : change.status === 'devis-envoye' ? 5 : 0;
        setLead(id, (lead) => ({
          ...lead,
          status: change.status,
          lostReason: change.lostReason ?? null,
          statusChangedAt: at,
          nextActionAt: days > 0 ? at + days * 86_400_000 : lead.nextActionAt,
          timeline: [
            {
              id: `statut-${at}`,
              type: 'status',
              at,
              status: change.status,
              lostReason: change.lostReason ?? null,
            },
            ...lead.timeline,
          ],
        }));
        return { ok: true, value: null };
      },
      async addNote(id, text) {
        control.leadCalls.push(['addNote', id, text]);
        const at = Date.now();
        setLead(id, (lead) => ({
          ...lead,
          timeline: [
            { id: `note-${at}`, type: 'note', at, text, correctedAt: null },
            ...lead.timeline,
          ],
        }));
        return { ok: true, value: { noteId: `note-${at}` } };
      },
      async correctNote(id, noteId, text) {
        control.leadCalls.push(['correctNote', id, noteId, text]);
        return { ok: true, value: null };
      },
      async setNextAction(id, at) {
        control.leadCalls.push(['setNextAction', id, at]);
        setLead(id, (lead) => ({ ...lead, nextActionAt: at }));
        return { ok: true, value: null };
      },
      async setEstimatedValue(id, value) {
        control.leadCalls.push(['setEstimatedValue', id, value]);
        setLead(id, (lead) => ({ ...lead, estimatedValue: value }));
        return { ok: true, value: null };
      },
      async addContact(input) {
        control.leadCalls.push(['addContact', input.fullName]);
        return { ok: true, value: { id: `saisi-${Date.now()}` } };
      },
      async recordReply(id, channel) {
        control.leadCalls.push(['recordReply', id, channel]);
        const at = Date.now();
        setLead(id, (lead) => ({
          ...lead,
          timeline: [{ id: `reponse-${at}`, type: 'reply', at, channel }, ...lead.timeline],
        }));
        return { ok: true, value: null };
      },
    },
    // The main process's quote handlers where the test runs them; elsewhere no quote yet.
    quotes: (() => {
      const relay =
        <T>(channel: string) =>
        async (...args: unknown[]): Promise<T> => {
          const main = target.__mainQuotes;
          if (main) return (await main(channel, args)) as T;
          if (channel.startsWith('quotes:list')) return { ok: true, value: [] } as T;
          return {
            ok: false,
            error: { code: 'unavailable', message: 'le serveur est injoignable pour le moment.' },
          } as T;
        };
      return {
        list: relay('quotes:list'),
        listByLead: relay('quotes:list-by-lead'),
        get: relay('quotes:get'),
        createDraft: relay('quotes:create-draft'),
        updateDraft: relay('quotes:update-draft'),
        removeDraft: relay('quotes:remove-draft'),
        send: relay('quotes:send'),
        resendLink: relay('quotes:resend-link'),
        newVersion: relay('quotes:new-version'),
        link: relay('quotes:link'),
        savePdf: relay('quotes:save-pdf'),
      };
    })(),
    // Invoices: the main process's handlers where the test runs them; elsewhere none yet.
    invoices: (() => {
      const relay =
        <T>(channel: string) =>
        async (...args: unknown[]): Promise<T> => {
          const main = target.__mainQuotes;
          if (main) return (await main(channel, args)) as T;
          if (channel.startsWith('invoices:list')) return { ok: true, value: [] } as T;
          return {
            ok: false,
            error: { code: 'unavailable', message: 'le serveur est injoignable pour le moment.' },
          } as T;
        };
      return {
        list: relay('invoices:list'),
        listByLead: relay('invoices:list-by-lead'),
        get: relay('invoices:get'),
        issueFromQuote: relay('invoices:issue-from-quote'),
        issueCreditNote: relay('invoices:issue-credit-note'),
        recordPayment: relay('invoices:record-payment'),
        link: relay('invoices:link'),
        emailLink: relay('invoices:email-link'),
      };
    })(),
    // « Réglages » of the agency: the main process's handlers where the test runs them.
    agencySettings: (() => {
      const relay =
        <T>(channel: string) =>
        async (...args: unknown[]): Promise<T> => {
          const main = target.__mainQuotes;
          if (main) return (await main(channel, args)) as T;
          return {
            ok: false,
            error: { code: 'unavailable', message: 'le serveur est injoignable pour le moment.' },
          } as T;
        };
      return {
        get: relay('agency-settings:get'),
        save: relay('agency-settings:save'),
        history: relay('agency-settings:history'),
      };
    })(),
    // « Sources »'s WhatsApp taps: the main process's handlers where the test runs them.
    whatsappTaps: {
      async since(sinceMs) {
        const main = target.__mainQuotes;
        if (main) return (await main('whatsapp-taps:since', [sinceMs])) as never;
        return {
          ok: false,
          error: { code: 'unavailable', message: 'le serveur est injoignable pour le moment.' },
        };
      },
    },
    settings: {
      get: async () => settingsView,
      async save(settings) {
        control.saved.push(settings);
        if (settings.backend.kind === 'server' && !/^https?:\/\//.test(settings.backend.url)) {
          return {
            ok: false,
            error: {
              code: 'invalid-input',
              message: 'certains champs sont invalides, corrigez-les puis réessayez.',
              fields: { 'backend.url': 'Saisissez une adresse http:// ou https:// valide.' },
            },
          };
        }
        settingsView = { ...settingsView, settings };
        return { ok: true, value: settingsView };
      },
    },
  };
}

function contactMessage(label: string, overrides: Partial<ContactMessage> = {}): ContactMessage {
  return aMessage({
    id: `${label}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    ...uniqueMessage(label),
    phone: '550123456',
    receivedAt: Date.now(),
    ...overrides,
  });
}

const consoleState = (page: Page) =>
  page.evaluate(() => {
    const control = (window as DoubleWindow).__console;
    return {
      views: control?.views ?? [],
      violations: control?.violations ?? [],
      saved: control?.saved ?? [],
    };
  });

/** One line of 100 000 DA HT at 19 %: 119 000 DA TTC (as the invoices' contract's quote). */
const A_QUOTE_TO_INVOICE: QuoteDraftFields = {
  language: 'fr',
  validityDays: 30,
  client: {
    kind: 'entreprise',
    legalName: 'Boulangerie Exemple SARL',
    address: 'Oran',
    rc: '31/00-1234567 B 20',
    nif: '000131012345678',
    nis: '000131010012345',
    articleImposition: '31011234567',
    phone: '',
  },
  lines: [
    {
      designation: 'Site vitrine',
      quantity: '1',
      unit: 'forfait',
      unitPrice: '100 000',
      vatRate: 19,
    },
  ],
  paidInCash: false,
};

/**
 * The console's main process, here in the test's Node, on a real server: its backend (the
 * http adapter with its cookie-keeping fetch), signed in as the owner, and its IPC handlers,
 * which the page's double calls for the quotes as the preload would.
 */
async function startMainProcess(
  url: string,
  addCleanup: (cleanup: Cleanup) => void,
  pdf: { page: Page; folder: string; printed: PrintToPDFOptions[]; dialogs: SaveDialogOptions[] },
) {
  const service = createConsoleService({
    createBackend: createBackendFactory({
      fetch: globalThis.fetch.bind(globalThis),
      // Nothing kept between runs: this main process lives for one test.
      sessionSecret: { read: async () => null, write: async () => undefined },
    }),
    notify: () => undefined,
    setUnread: () => undefined,
    emit: () => undefined,
    isLookingAtInbox: () => false,
  });
  addCleanup(() => service.dispose());
  await service.useBackend({ kind: 'server', url });
  expect(await service.signIn(E2E_ADMIN.email, E2E_ADMIN.password)).toMatchObject({ ok: true });
  const { invoke } = createIpcHandlers({
    service,
    settings: {
      view: () => {
        throw new Error('inutile ici');
      },
      save: () => Promise.reject(new Error('inutile ici')),
    },
    onView: () => undefined,
    // « Enregistrer en PDF », the main process's own saver; with no Electron binary here, the
    // window's printToPDF is Chromium's page.pdf() with the same options, in Playwright's shape.
    savePdf: createQuotePdfSaver({
      window: () => ({
        isDestroyed: () => false,
        webContents: {
          printToPDF: async (options: PrintToPDFOptions) => {
            pdf.printed.push(options);
            return pdf.page.pdf(playwrightPdfOptions());
          },
        },
      }),
      dialog: {
        // The owner accepts the proposed name, in the test's folder.
        showSaveDialog: async (_window, options: SaveDialogOptions) => {
          pdf.dialogs.push(options);
          return {
            canceled: false,
            filePath: path.join(pdf.folder, path.basename(options.defaultPath ?? 'devis.pdf')),
          };
        },
      },
      defaultDir: () => path.join(pdf.folder, 'Documents'),
    }),
  });
  return (channel: string, args: unknown[]) =>
    (invoke[channel as InvokeChannel] as (args: readonly unknown[]) => Promise<unknown>)(args);
}

const consoleLeadCalls = (page: Page) =>
  page.evaluate(() => (window as DoubleWindow).__console?.leadCalls ?? []);

async function signIn(page: Page) {
  await page.getByLabel('E-mail').fill(E2E_ADMIN.email);
  await page.getByLabel('Mot de passe').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard - Messages Reçus' })).toBeVisible({
    timeout: 10_000,
  });
}

test.describe('desktop console renderer', { tag: '@desktop' }, () => {
  let server: Awaited<ReturnType<typeof serveRenderer>>;
  const initial = [contactMessage('initial-a'), contactMessage('initial-b')];

  test.beforeAll(async () => {
    if (!existsSync(path.join(rendererDir, 'index.html'))) {
      throw new Error('Renderer absent : lancez « npm run desktop:compile » avant ces tests.');
    }
    server = await serveRenderer();
  });

  test.afterAll(async () => {
    await server?.close();
  });

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(installDesktopDouble, { owner: E2E_ADMIN, initial });
    await page.goto(server.url);
  });

  test.afterEach(async ({ page }) => {
    expect((await consoleState(page)).violations).toEqual([]);
  });

  test('« Indésirables »: spam apart from the inbox, with its reason; « Pas un indésirable » brings it in', async ({
    page,
  }) => {
    const kept = {
      ...contactMessage('indesirable'),
      spamReason: 'hidden-field' as const,
      markedAt: null,
    };
    await page.evaluate((spam) => {
      const control = (window as DoubleWindow).__console;
      if (control) control.spam = [spam];
    }, kept);
    await signIn(page);
    await expect(page.getByText(kept.fullName)).toHaveCount(0);
    await page.getByRole('link', { name: /^Indésirables/ }).click();
    const item = page.getByRole('listitem', { name: kept.fullName });
    await expect(item).toContainText('Raison : champ caché rempli');
    await item.getByRole('button', { name: 'Pas un indésirable' }).click();
    await expect(page.getByText('Aucun indésirable.')).toBeVisible();
    await page.getByRole('link', { name: 'Boîte de réception' }).click();
    await expect(page.getByText(kept.fullName).first()).toBeVisible();
  });

  test('opens on the login; wrong credentials show "Invalid Credentials"', async ({ page }) => {
    await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
    await page.getByLabel('E-mail').fill(E2E_ADMIN.email);
    await page.getByLabel('Mot de passe').fill('pas-le-bon');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(popup(page).locator('.swal2-title')).toHaveText('Invalid Credentials');
    await expect(popup(page).locator('.swal2-html-container')).toHaveText(
      'Please check your username and password.',
    );
    // Still on the login (the popup hides the page from assistive technology meanwhile).
    await expect(page.locator('h1')).toHaveText('Connexion');
  });

  test('success shows the buttonless popup for 700 ms, then the dashboard', async ({ page }) => {
    await recordPopup(page);
    await page.getByLabel('E-mail').fill(E2E_ADMIN.email);
    await page.getByLabel('Mot de passe').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard - Messages Reçus' })).toBeVisible({
      timeout: 20_000,
    });
    const seen = await recordedPopup(page);
    expect(seen.title).toBe('Login Successful!');
    expect(seen.text).toBe(`Welcome, ${E2E_ADMIN.email}! Redirecting...`);
    expect(seen.confirmShown).toBe(false);
    // The timer starts a moment before the popup reaches the page; a busy machine can only
    // make it fire later.
    expect(seen.closing - seen.shown).toBeGreaterThanOrEqual(LOGIN_SUCCESS_POPUP_MS - 100);
    await expect(popup(page)).toBeHidden();
  });

  test('during an attack, the popup tells of the e-mailed link, and pasting it signs the console in', async ({
    page,
  }) => {
    const token = 'Lien-de-test_'.padEnd(43, 'x');
    await page.evaluate((value) => {
      const control = (window as DoubleWindow).__console;
      if (control) control.linkToken = value;
    }, token);
    await page.getByLabel('E-mail').fill(E2E_ADMIN.email);
    await page.getByLabel('Mot de passe').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(popup(page).locator('.swal2-title')).toHaveText('Nouvel appareil');
    await expect(popup(page).locator('.swal2-html-container')).toContainText(
      'nous venons d’envoyer à l’adresse e-mail du compte un lien de connexion, valable 15 minutes',
    );
    await popup(page).getByRole('button', { name: 'J’ai compris' }).click();

    // The console keeps its cookies outside any browser: the link is pasted, not opened.
    const field = page.getByLabel('Lien reçu par e-mail');
    await field.fill('https://agence.test/pageLogin#appareil=trop-court');
    await page.getByRole('button', { name: 'Se connecter avec ce lien' }).click();
    await expect(page.getByText('Ce lien de connexion est incomplet')).toBeVisible();
    await field.fill(`https://agence.test/pageLogin#appareil=${token}`);
    await page.getByRole('button', { name: 'Se connecter avec ce lien' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard - Messages Reçus' })).toBeVisible({
      timeout: 20_000,
    });
  });

  test('the dashboard shows the messages and new ones live', async ({ page }) => {
    await signIn(page);
    await expect(page.getByTestId('inbox-status')).toHaveText('En direct');
    await expect(page.locator('tbody tr')).toHaveCount(2);
    await expect(page.locator('table thead th')).toHaveText([
      '#',
      'Nom Complet',
      'Service',
      'Email',
      'Téléphone',
      'Sujet',
      'Message',
      "Date d'Enregistrement",
    ]);
    const arrived = contactMessage('direct');
    await page.evaluate((message) => (window as DoubleWindow).__console?.push(message), arrived);
    await expect(page.locator('tbody tr')).toHaveCount(3);
    await expect(page.locator('tbody tr').first()).toContainText(arrived.fullName);
    await expect(page.locator('tbody tr').first()).toContainText('0550 12 34 56');
    // The main process learns when the inbox is on screen (to clear the unread count).
    expect((await consoleState(page)).views.at(-1)).toEqual({
      route: '/pageDashboard',
      visible: true,
    });
  });

  test('a notification click brings the dashboard to that message', async ({ page }) => {
    await signIn(page);
    const arrived = contactMessage('clic');
    await page.evaluate((message) => (window as DoubleWindow).__console?.push(message), arrived);
    await page.getByRole('link', { name: 'Réglages de la console' }).click();
    await expect(page.getByRole('heading', { name: 'Réglages de la console' })).toBeVisible();
    await page.evaluate(
      (id) => (window as DoubleWindow).__console?.reveal(id),
      initial[1]?.id ?? '',
    );
    const row = page.locator('tbody tr', { hasText: initial[1]?.fullName ?? '' });
    await expect(row).toHaveClass(/desktop-revealed/);
    await expect(row).toBeFocused();
  });

  test('in a narrow window the messages are a list, and a notification still finds its own', async ({
    page,
  }) => {
    // The console's window may be made as narrow as 720 px (src-electron/main/window.ts).
    await page.setViewportSize({ width: 720, height: 700 });
    await signIn(page);
    const target = initial[1]?.id ?? '';
    await page.evaluate((id) => (window as DoubleWindow).__console?.reveal(id), target);
    const item = page.locator(`li[data-message-id="${target}"]`);
    await expect(item).toHaveClass(/desktop-revealed/);
    await expect(item).toBeFocused();
    await expect(page.locator('table')).toHaveCount(0);
  });

  test('the console shows the pipeline: totals, each card’s status in one choice, « Suivi » in the panel', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 720, height: 900 });
    await signIn(page);
    const first = initial[0];
    if (!first) throw new Error('message absent');
    const summary = page.getByRole('region', { name: 'Suivi des contacts' });
    await expect(summary.getByRole('button', { name: /^Nouveau / })).toContainText('2 contacts');
    const card = page.locator(`li[data-message-id="${first.id}"]`);
    await card.getByLabel(`Statut de ${first.fullName}`).selectOption('devis-envoye');
    await expect(summary.getByRole('button', { name: /^Devis envoyé / })).toContainText(
      '1 contact',
    );
    await expect(card).toContainText('Relancer le');
    expect((await consoleLeadCalls(page))[0]).toEqual([
      'setStatus',
      first.id,
      { status: 'devis-envoye' },
    ]);
    await screenshotIfAsked(page, {
      path: test.info().outputPath('console-suivi-720.png'),
      fullPage: true,
    });
    const audit = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(audit.violations.map((violation) => violation.id)).toEqual([]);

    // The panel's « Suivi », the note asked of the main process and shown once it answers.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.locator('tbody tr', { hasText: first.fullName }).getByRole('button').first().click();
    const suivi = page.getByRole('dialog').getByRole('region', { name: 'Suivi' });
    await expect(suivi.getByLabel('Statut')).toHaveValue('devis-envoye');
    await suivi.getByLabel('Ajouter une note').fill('Devis envoyé depuis la console.');
    await suivi.getByRole('button', { name: 'Ajouter la note' }).click();
    await expect(suivi.getByRole('list', { name: 'Historique' })).toContainText(
      'Devis envoyé depuis la console.',
    );
    await screenshotIfAsked(page, { path: test.info().outputPath('console-suivi-1366.png') });
  });

  test('« Réglages » in the console: the agency’s settings read and saved through the main process (issue 49)', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const cleanups: Cleanup[] = [];
    try {
      const server = await startOwnServer((cleanup) => cleanups.push(cleanup));
      const pdf = {
        page,
        folder: test.info().outputDir,
        printed: [] as PrintToPDFOptions[],
        dialogs: [] as SaveDialogOptions[],
      };
      const main = await startMainProcess(server.url, (cleanup) => cleanups.push(cleanup), pdf);
      await page.exposeFunction('__mainQuotes', main);
      await signIn(page);

      // Saved once from the browser's dashboard (the agency's details and mentions).
      await fillSettings(page.request, server.url);
      const filled = aFilledSettings(defaultSettings());

      // The link leads to the screen, filled with what the server keeps.
      await page.getByRole('link', { name: 'Réglages', exact: true }).click();
      const screen = page.getByRole('region', { name: 'Réglages' });
      const nif = screen.getByLabel('NIF', { exact: true });
      await expect(nif).toHaveValue(filled.legal?.nif ?? '');
      await expect(screen).toContainText('Enregistrés le');
      await expect(screen.getByRole('note')).toHaveCount(0);

      // A NIF typed wrongly is refused under its field, saving nothing; then the owner puts it
      // right and moves the digest's time.
      await nif.fill('12345');
      await screen.getByLabel('Résumé quotidien').fill('06:45');
      await screen.getByRole('button', { name: 'Enregistrer les réglages' }).click();
      await expect(nif).toHaveAccessibleDescription(/Le NIF compte 15 ou 20 chiffres\./u);
      await nif.fill(filled.legal?.nif ?? '');
      await screen.getByRole('button', { name: 'Enregistrer les réglages' }).click();
      await expect(
        screen.getByRole('status').filter({ hasText: 'Réglages enregistrés.' }),
      ).toBeVisible();

      // Kept by the server, as the browser's dashboard would read them.
      const kept = (await (
        await page.request.get(`${server.url}/api/settings`)
      ).json()) as SettingsAnswer;
      expect(kept.settings.notifications.digestTime).toBe('06:45');
      expect(kept.settings.legal.nif).toBe(filled.legal?.nif);
      expect(kept.missing).toEqual([]);
      for (const width of [390, 1366]) {
        await page.setViewportSize({ width, height: 900 });
        await screenshotIfAsked(page, {
          path: test.info().outputPath(`console-reglages-${width}.png`),
          fullPage: true,
        });
      }
    } finally {
      for (const cleanup of cleanups.reverse()) await cleanup();
    }
  });

  test('« Sources » in the console: the pages’ WhatsApp taps counted by the server, through the main process (issue 44)', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const cleanups: Cleanup[] = [];
    try {
      const server = await startOwnServer((cleanup) => cleanups.push(cleanup));
      // A visitor from an ad taps a price card's WhatsApp button: the server counts it.
      const tap = await page.request.get(
        `${server.url}/go/whatsapp?page=%2FpageServices&langue=fr&offre=site-dynamique&utm_source=facebook`,
        { maxRedirects: 0 },
      );
      expect(tap.status()).toBe(302);
      const pdf = {
        page,
        folder: test.info().outputDir,
        printed: [] as PrintToPDFOptions[],
        dialogs: [] as SaveDialogOptions[],
      };
      const main = await startMainProcess(server.url, (cleanup) => cleanups.push(cleanup), pdf);
      await page.exposeFunction('__mainQuotes', main);
      await signIn(page);

      await page.getByRole('link', { name: 'Sources', exact: true }).click();
      const bySource = page.getByRole('table', { name: 'Par source, sur les 30 derniers jours' });
      await expect(bySource.getByRole('columnheader', { name: 'Clics WhatsApp' })).toBeVisible();
      await expect(bySource.getByRole('row', { name: /^facebook/u })).toContainText(/1$/u);
      const byPage = page.getByRole('table', {
        name: 'Par page d’envoi, sur les 30 derniers jours',
      });
      await expect(byPage.getByRole('row', { name: /^\/pageServices/u })).toContainText(/1$/u);
      for (const width of [390, 1366]) {
        await page.setViewportSize({ width, height: 900 });
        await screenshotIfAsked(page, {
          path: test.info().outputPath(`console-sources-${width}.png`),
          fullPage: true,
        });
      }
    } finally {
      for (const cleanup of cleanups.reverse()) await cleanup();
    }
  });

  test('« Factures » in the console: the invoices the server issued, through the main process (issue 46)', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const cleanups: Cleanup[] = [];
    try {
      const server = await startOwnServer((cleanup) => cleanups.push(cleanup));
      const pdf = {
        page,
        folder: test.info().outputDir,
        printed: [] as PrintToPDFOptions[],
        dialogs: [] as SaveDialogOptions[],
      };
      const main = await startMainProcess(server.url, (cleanup) => cleanups.push(cleanup), pdf);
      await fillSettings(page.request, server.url);
      // A lead's quote sent from the console, accepted by the client on its page, and a 30 %
      // deposit issued: all through the main process's handlers, on the server.
      const input = uniqueMessage('facture-console');
      const response = await page.request.post(`${server.url}/api/contacts`, { data: input });
      expect(response.status()).toBe(201);
      const { id: leadId } = (await response.json()) as { id: string };
      const draft = (await main('quotes:create-draft', [
        leadId,
        A_QUOTE_TO_INVOICE,
      ])) as IpcResult<QuoteJson>;
      if (!draft.ok) throw new Error(draft.error.message);
      const sent = (await main('quotes:send', [draft.value.id, {}])) as IpcResult<{ link: string }>;
      if (!sent.ok) throw new Error(sent.error.message);
      const answered = await page.request.post(`${server.url}/api/quote-links/answer`, {
        data: { token: new URL(sent.value.link).hash.slice(1), decision: 'accepte' },
      });
      expect(answered.status()).toBe(200);
      const issued = (await main('invoices:issue-from-quote', [
        draft.value.id,
        { kind: 'acompte', percent: '30' },
      ])) as IpcResult<{ number: string }>;
      if (!issued.ok) throw new Error(issued.error.message);

      await page.exposeFunction('__mainQuotes', main);
      await signIn(page);
      // The folder is there, as in the browser, and lists what the server issued.
      await page.getByRole('link', { name: 'Factures', exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: '1 facture' })).toBeVisible();
      const row = page.getByRole('row', { name: new RegExp(issued.value.number, 'u') });
      await expect(row).toContainText('Boulangerie Exemple SARL');
      await expect(row).toContainText(/35\s700,00/u);
      await expect(row).toContainText('Émise');
      for (const width of [390, 1366]) {
        await page.setViewportSize({ width, height: 900 });
        await screenshotIfAsked(page, {
          path: test.info().outputPath(`console-factures-${width}.png`),
          fullPage: true,
        });
      }
    } finally {
      for (const cleanup of cleanups.reverse()) await cleanup();
    }
  });

  test('quotes in the console: the lead’s « Devis », the editor, sending, the « Devis » view, the printable page', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const cleanups: Cleanup[] = [];
    try {
      const server = await startOwnServer((cleanup) => cleanups.push(cleanup));
      const pdf = {
        page,
        folder: test.info().outputDir,
        printed: [] as PrintToPDFOptions[],
        dialogs: [] as SaveDialogOptions[],
      };
      const mainQuotes = await startMainProcess(
        server.url,
        (cleanup) => cleanups.push(cleanup),
        pdf,
      );
      await page.exposeFunction('__mainQuotes', mainQuotes);

      // A lead from the « Site statique » price card, on the server the main process uses.
      const input = { ...uniqueMessage('devis-console'), subject: 'Site statique — 28 000 DZD' };
      const response = await page.request.post(`${server.url}/api/contacts`, { data: input });
      expect(response.status()).toBe(201);
      const { id } = (await response.json()) as { id: string };
      const lead = aMessage({ ...input, id, receivedAt: Date.now() });
      // The agency's legal mentions in « Réglages »: a quote leaves only with them (issue 49).
      await fillSettings(page.request, server.url);

      await signIn(page);
      await page.evaluate((message) => (window as DoubleWindow).__console?.push(message), lead);
      await page
        .locator('tbody tr', { hasText: lead.fullName })
        .getByRole('button')
        .first()
        .click();
      const panel = page.getByRole('dialog', { name: lead.subject });
      const quotes = panel.getByRole('region', { name: 'Devis' });
      await expect(quotes).toContainText('Aucun devis pour ce contact.');
      await quotes.getByRole('button', { name: 'Créer un devis' }).click();

      // The editor, prefilled from the lead and its price card, as in the browser.
      const editor = page.getByRole('dialog', { name: 'Nouveau devis' });
      await expect(editor.getByLabel('Désignation')).toHaveValue('Site statique');
      await expect(editor.getByLabel('Prix unitaire HT (DA)')).toHaveValue('28000');
      await expect(editor.getByLabel('E-mail du client')).toHaveValue(input.email);
      await editor.getByRole('button', { name: 'Enregistrer et envoyer' }).click();
      await expect(editor.getByLabel('Adresse')).toHaveAccessibleDescription(
        'Ce champ est obligatoire.',
      );
      expect(await mainQuotes('quotes:list', [])).toEqual({ ok: true, value: [] });
      for (const width of [720, 1366]) {
        await page.setViewportSize({ width, height: 900 });
        await screenshotIfAsked(page, {
          path: test.info().outputPath(`console-editeur-${width}.png`),
        });
      }
      await editor.getByLabel('Adresse').fill('Cité En-Nasr, Oran');
      await editor.getByRole('button', { name: 'Enregistrer et envoyer' }).click();
      await expect(editor).toBeHidden();

      // Sent through the main process: numbered by the server, the link shown.
      await expect(quotes.getByRole('status').first()).toContainText(
        /Devis DEV-\d{4}-0001 envoyé/u,
      );
      await expect(quotes.getByTestId('quote-link')).toHaveAttribute(
        'href',
        /\/pageDevis#[\w-]{43}$/u,
      );
      const row = quotes.getByTestId('lead-quote');
      await expect(row).toContainText('Envoyé');
      await expect(row).toContainText(/33\s320,00 DA/u);
      const stored = (await mainQuotes('quotes:list', [])) as IpcResult<QuoteJson[]>;
      expect(stored).toMatchObject({
        ok: true,
        value: [{ leadId: id, status: 'envoye', number: expect.stringMatching(/-0001$/u) }],
      });
      for (const width of [720, 1366]) {
        await page.setViewportSize({ width, height: 900 });
        await screenshotIfAsked(page, {
          path: test.info().outputPath(`console-devis-contact-${width}.png`),
        });
      }
      await panel.getByRole('button', { name: 'Fermer le message' }).click();

      // The « Devis » view, then one quote's printable page.
      await page.getByRole('link', { name: 'Devis' }).click();
      const quoteRow = page.getByTestId('quote-row');
      await expect(quoteRow).toHaveCount(1);
      await expect(quoteRow).toContainText('Envoyé');
      await expect(quoteRow).toContainText(/33\s320,00 DA/u);
      for (const width of [720, 1366]) {
        await page.setViewportSize({ width, height: 900 });
        await screenshotIfAsked(page, {
          path: test.info().outputPath(`console-vue-devis-${width}.png`),
        });
        const audit = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .analyze();
        expect(audit.violations.map((violation) => violation.id)).toEqual([]);
      }
      await quoteRow.getByRole('link', { name: 'Imprimer' }).click();
      await expect(page.locator('.quote-document')).toContainText('Site statique');
      await expect(page.getByRole('button', { name: 'Imprimer' })).toBeVisible();

      // « Enregistrer en PDF »: the save dialog proposes the quote's number, the page is printed
      // with the quote's PDF options, the file is written and the console says where.
      const number = stored.ok ? (stored.value[0]?.number ?? '') : '';
      const file = path.join(pdf.folder, `${number}.pdf`);
      await page.getByRole('button', { name: 'Enregistrer en PDF' }).click();
      await expect(page.locator('.quote-print-bar [role="status"]')).toHaveText(
        `Devis enregistré en PDF : ${file}`,
      );
      expect(pdf.dialogs.map((options) => options.defaultPath)).toEqual([
        path.join(pdf.folder, 'Documents', `${number}.pdf`),
      ]);
      expect(pdf.printed).toEqual([electronPdfOptions()]);
      for (const width of [390, 720, 1366]) {
        await page.setViewportSize({ width, height: 900 });
        await screenshotIfAsked(page, {
          path: test.info().outputPath(`console-page-imprimable-${width}.png`),
        });
      }
      const audit = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(audit.violations.map((violation) => violation.id)).toEqual([]);

      // The PDF, read back: one A4 page, the quote alone, its number, totals and mentions.
      const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
      expect(info).toMatch(/^Pages:\s+1$/mu);
      expect(info).toMatch(/^Page size:\s+[\d.]+ x [\d.]+ pts \(A4\)$/mu);
      execFileSync('pdftoppm', ['-png', '-r', '80', file, test.info().outputPath('console-pdf')]);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(
        /[\s\u00a0\u202f]+/gu,
        ' ',
      );
      expect(text).toContain(number);
      expect(text).toContain('Site statique');
      expect(text).toContain('28 000,00');
      expect(text).toContain('33 320,00');
      expect(text).toContain(
        'Arrêté le présent devis à la somme de trente-trois mille trois cent vingt dinars algériens.',
      );
      expect(text).toMatch(/Devis valable 30 jours, jusqu’au/u);
      expect(text).toContain('Bon pour accord');
      // Nothing of the console around it: neither the bar nor the settings shortcut.
      expect(text).not.toContain('Enregistrer en PDF');
      expect(text).not.toContain('Retour aux devis');
      expect(text).not.toContain('Réglages de la console');
      await page.getByRole('link', { name: 'Retour aux devis' }).click();
      await expect(quoteRow).toHaveCount(1);
    } finally {
      for (const cleanup of cleanups.reverse()) await cleanup();
    }
  });

  test('Logout leads back to the login', async ({ page }) => {
    await signIn(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  });

  test('the settings screen checks and saves the server address', async ({ page }) => {
    await page.getByRole('link', { name: 'Réglages de la console' }).click();
    const status = page.getByRole('region', { name: 'État de la console' });
    await expect(status).toContainText(
      'sur le serveur de l’agence, à l’adresse http://127.0.0.1:3000',
    );
    await expect(status).toContainText('gardée d’un lancement à l’autre');
    const address = page.getByLabel('Adresse du serveur');
    await expect(address).toHaveValue('http://127.0.0.1:3000');
    await address.fill('serveur-local');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Saisissez une adresse http:// ou https:// valide.')).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Réglages non enregistrés');

    await address.fill('https://console.exemple.dz');
    await page.getByLabel(/Lancer la console à l’ouverture de session/).check();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Réglages enregistrés.' }),
    ).toBeVisible();
    expect((await consoleState(page)).saved.at(-1)).toEqual({
      backend: { kind: 'server', url: 'https://console.exemple.dz' },
      openAtLogin: true,
    });
    await page.getByRole('button', { name: 'Retour' }).click();
    await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  });

  test('on Firebase, the settings say which project, whether the session is kept, and warn about App Check', async ({
    page,
  }, testInfo) => {
    await page.evaluate(() =>
      (window as DoubleWindow).__console?.setView({ availableBackends: ['server', 'firebase'] }),
    );
    await page.getByRole('link', { name: 'Réglages de la console' }).click();
    await page.getByLabel('Firebase (Firestore)').check();
    for (const [label, value] of [
      ['Clé d’API (apiKey)', 'AIzaSyExemple'],
      ['Domaine d’authentification (authDomain)', 'horizon-numerique.firebaseapp.com'],
      ['Identifiant du projet (projectId)', 'horizon-numerique'],
      ['Identifiant de l’application (appId)', '1:123456789:web:abcdef'],
    ] as const) {
      await page.getByLabel(label).fill(value);
    }
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    const status = page.getByRole('region', { name: 'État de la console' });
    await expect(status).toContainText('sur Firebase (Firestore), projet horizon-numerique');
    await expect(status).toContainText('une fois connectée');
    await expect(status).toContainText('N’imposez pas App Check sur Authentication');

    // The main process reports no keyring and a function that does not answer.
    await page.evaluate(() =>
      (window as DoubleWindow).__console?.setView({ keepsSession: false, appCheck: 'unavailable' }),
    );
    await page.getByRole('button', { name: 'Retour' }).click();
    await page.getByRole('link', { name: 'Réglages de la console' }).click();
    await expect(status).toContainText('non gardée');
    await expect(status).toContainText('ne répond pas');
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id),
    ).toEqual([]);
    for (const width of [720, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshotIfAsked(page, {
        path: testInfo.outputPath(`console-settings-firebase-${width}.png`),
        fullPage: true,
      });
    }
  });
});

/**
 * Where the Electron binary is, found the way `require('electron')` finds it, but without its
 * side effect: since Electron 45 that call downloads the binary when it is missing.
 */
function findElectronBinary(): { path: string } | { missing: string } {
  const packageDir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const pathFile = path.join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) {
    return { missing: 'jamais téléchargé (lancez « npx install-electron »)' };
  }
  const relative = readFileSync(pathFile, 'utf8');
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const binary = override ? path.join(override, relative) : path.join(packageDir, 'dist', relative);
  return existsSync(binary) ? { path: binary } : { missing: `${binary} introuvable` };
}

test.describe('desktop console in Electron', { tag: '@desktop' }, () => {
  test('signs in and receives a message live', async ({ request, baseURL }) => {
    const electron = findElectronBinary();
    const display =
      process.platform !== 'linux' || process.env.DISPLAY || process.env.WAYLAND_DISPLAY;
    const reason =
      'missing' in electron
        ? `pas de binaire Electron : ${electron.missing}`
        : !display
          ? 'pas d’écran (DISPLAY) pour lancer Electron'
          : !existsSync(mainEntry)
            ? 'dist/electron absent : lancez « npm run desktop:compile »'
            : null;
    if (reason !== null || 'missing' in electron) {
      console.log(`Test Electron de la console ignoré : ${reason}.`);
      test.skip(true, reason ?? '');
      return;
    }

    const userData = mkdtempSync(path.join(tmpdir(), 'agence-console-e2e-'));
    writeFileSync(
      path.join(userData, 'settings.json'),
      JSON.stringify({ backend: { kind: 'server', url: baseURL }, openAtLogin: false }),
    );
    const app = await _electron.launch({
      executablePath: electron.path,
      args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), mainEntry],
      env: { ...process.env, CONSOLE_USER_DATA_DIR: userData },
    });
    try {
      const page = await app.firstWindow();
      await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
      expect(page.url()).toMatch(/^app:\/\/console\//);
      // No Node in the page; only the preload's API, and only its parts.
      expect(
        await page.evaluate(() => ({
          require: typeof (window as { require?: unknown }).require,
          process: typeof (window as { process?: unknown }).process,
          desktop: Object.keys((window as DoubleWindow).desktop ?? {}).sort(),
        })),
      ).toEqual({
        require: 'undefined',
        process: 'undefined',
        desktop: [
          'agencySettings',
          'inbox',
          'invoices',
          'leads',
          'quotes',
          'session',
          'settings',
          'whatsappTaps',
        ],
      });
      expect(await app.evaluate(({ app: electronApp }) => electronApp.getPath('userData'))).toBe(
        userData,
      );

      await signIn(page);
      const rows = page.locator('tbody tr');
      const earlier = await shownWhileLive(page, request, rows);
      const id = await sendMessage(request, uniqueMessage('electron'));
      await expectAboveEarlierMessages(rows, id, earlier);
    } finally {
      await app.close();
      rmSync(userData, { recursive: true, force: true });
    }
  });
});
