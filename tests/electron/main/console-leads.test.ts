/**
 * The lead pipeline in the desktop console, against the real local server: the main process
 * watches it beside the inbox and relays it to the window (`leads:snapshot`, then numbered
 * `leads:update`), asks each change of the backend, and its IPC handlers refuse bad input in
 * French before anything reaches the backend.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContactMessage } from '../../../shared/domain/contact.ts';
import type { LeadsUpdate } from '../../../shared/ipc/contract.ts';
import { createBackendFactory } from '../../../src-electron/main/backend-factory.ts';
import { createConsoleService } from '../../../src-electron/main/console-service.ts';
import { createIpcHandlers } from '../../../src-electron/main/ipc/handlers.ts';
import { createSecretFile } from '../../../src-electron/main/secret-file.ts';
import { ADMIN, createTestApp, listen, VALID_CONTACT } from '../../server/helpers.ts';
import { createFakeElectron } from '../fake-electron.ts';

/** How long to wait for what a real server takes no fixed time to do (the machine may be loaded). */
const WAIT = { timeout: 20_000 };

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('the console’s lead pipeline on the local server', () => {
  it('relays the leads to the window, and each change made from it', async () => {
    const server = await createTestApp();
    cleanups.push(() => server.dispose());
    const url = await listen(server.app);
    const { safeStorage } = createFakeElectron();
    const dir = await mkdtemp(path.join(tmpdir(), 'agence-console-leads-'));
    const sessionSecret = createSecretFile(path.join(dir, 'session.bin'), safeStorage, 'linux');
    cleanups.push(async () => {
      await sessionSecret.read();
      await rm(dir, { recursive: true, force: true });
    });
    const updates: LeadsUpdate[] = [];
    const notified: ContactMessage[] = [];
    const service = createConsoleService({
      createBackend: createBackendFactory({
        fetch: globalThis.fetch.bind(globalThis),
        sessionSecret,
      }),
      notify: (notice) => notified.push(notice),
      setUnread: () => undefined,
      emit: (channel, payload) => {
        if (channel === 'leads:update') updates.push(payload as LeadsUpdate);
      },
      isLookingAtInbox: () => false,
    });
    cleanups.push(() => service.dispose());
    const handlers = createIpcHandlers({
      service,
      settings: {
        view: () => {
          throw new Error('inutile ici');
        },
        save: () => Promise.reject(new Error('inutile ici')),
      },
      onView: () => undefined,
      savePdf: () => Promise.reject(new Error('inutile ici')),
    }).invoke;

    await service.useBackend({ kind: 'server', url });
    expect(await service.signIn(ADMIN.email, ADMIN.password)).toMatchObject({ ok: true });
    await vi.waitFor(() => expect(service.leadsSnapshot().leads).toEqual([]), WAIT);

    const response = await fetch(`${url}/api/contacts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(VALID_CONTACT),
    });
    const { id } = (await response.json()) as { id: string };
    await vi.waitFor(() => expect(service.snapshot().messages).toHaveLength(1), WAIT);

    // « Contacté » from the window: the backend dates it and proposes « Relancer le ».
    expect(await handlers['leads:set-status']([id, { status: 'contacte' }])).toEqual({
      ok: true,
      value: null,
    });
    expect(await handlers['leads:record-reply']([id, 'whatsapp'])).toEqual({
      ok: true,
      value: null,
    });
    await vi.waitFor(() => {
      const lead = service.leadsSnapshot().leads?.find((one) => one.id === id);
      expect(lead?.status).toBe('contacte');
      expect(lead?.nextActionAt).toBeGreaterThan(Date.now());
      expect(lead?.timeline.map((event) => event.type)).toEqual(['reply', 'status']);
    }, WAIT);
    // Numbered from the snapshot on, each once, the last one carrying the lead.
    const revisions = updates.map((update) => update.revision);
    expect(revisions).toEqual([...revisions].sort((a, b) => a - b));
    expect(new Set(revisions).size).toBe(revisions.length);
    expect(service.leadsSnapshot().revision).toBe(revisions.at(-1));

    // Bad input: French, per field, and nothing asked of the backend.
    const before = service.leadsSnapshot().revision;
    expect(await handlers['leads:set-status']([id, { status: 'signe' }])).toMatchObject({
      ok: false,
      error: {
        code: 'invalid-input',
        fields: {
          status: 'Statut inconnu : choisissez Nouveau, Contacté, Devis envoyé, Gagné ou Perdu.',
        },
      },
    });
    expect(await handlers['leads:set-status']([id, { status: 'perdu' }])).toMatchObject({
      ok: false,
      error: { fields: { lostReason: expect.stringMatching(/^Indiquez pourquoi/) } },
    });
    expect(await handlers['leads:add-note']([id, 'x'.repeat(5001)])).toMatchObject({
      ok: false,
      error: { fields: { text: expect.stringMatching(/^La note ne doit pas dépasser 5\s000/) } },
    });
    expect(await handlers['leads:set-next-action']([id, Date.now() - 60_000])).toMatchObject({
      ok: false,
      error: {
        fields: {
          nextActionAt: 'La date de relance est déjà passée : choisissez une date à venir.',
        },
      },
    });
    expect(await handlers['leads:set-estimated-value']([id, 1500.5])).toMatchObject({
      ok: false,
      error: {
        fields: {
          estimatedValue:
            'La valeur estimée doit être un nombre entier de dinars (DZD), sans centimes.',
        },
      },
    });
    expect(await handlers['leads:record-reply'](['', 'email'])).toMatchObject({
      ok: false,
      error: { code: 'invalid-input' },
    });
    expect(service.leadsSnapshot().revision).toBe(before);

    // « Nouveau contact » from the window: refused in French before the backend, or added,
    // read, with its source, « Contacté »; the console does not announce it as news.
    expect(
      await handlers['leads:add-contact']([
        { fullName: 'Transport Oran Sud', source: 'telephone', phone: '', email: '' },
      ]),
    ).toMatchObject({
      ok: false,
      error: {
        fields: {
          phone: 'Indiquez un téléphone ou une adresse e-mail pour pouvoir le recontacter.',
        },
      },
    });
    expect(service.snapshot().messages).toHaveLength(1);
    const added = await handlers['leads:add-contact']([
      { fullName: 'Transport Oran Sud', source: 'visite', phone: '0661 23 45 67' },
    ]);
    expect(added).toMatchObject({ ok: true, value: { id: expect.any(String) } });
    const typedInId = added.ok && added.value ? added.value.id : '';
    await vi.waitFor(() => {
      expect(
        service.snapshot().messages?.find((message) => message.id === typedInId),
      ).toMatchObject({ source: 'visite', read: true, phone: '+213661234567', email: null });
      const lead = service.leadsSnapshot().leads?.find((one) => one.id === typedInId);
      expect(lead?.status).toBe('contacte');
    }, WAIT);
    // The site's message was announced; the lead typed in, which arrived the same way, is not.
    expect(notified.map((message) => message.id)).toEqual([id]);

    // Signed out: the window's copy is emptied.
    await service.signOut();
    await vi.waitFor(() => expect(service.leadsSnapshot().leads).toBeNull(), WAIT);
  });
});
