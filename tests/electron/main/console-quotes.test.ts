/**
 * Quotes in the desktop console, against the real local server: the main process's IPC
 * handlers ask each of the owner's quote operations of its backend, refuse bad input in French
 * under its field before anything reaches the backend, and hand every quote back in its JSON
 * form (it crosses IPC and the contextBridge as strings: shared/ipc/contract.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  quoteFromJson,
  quoteTotals,
  type QuoteDraftFields,
} from '../../../shared/domain/quotes/record.ts';
import { createBackendFactory } from '../../../src-electron/main/backend-factory.ts';
import { createConsoleService } from '../../../src-electron/main/console-service.ts';
import { createIpcHandlers } from '../../../src-electron/main/ipc/handlers.ts';
import { createSecretFile } from '../../../src-electron/main/secret-file.ts';
import { ADMIN, createTestApp, listen, VALID_CONTACT } from '../../server/helpers.ts';
import { A_DRAFT, A_REAL_SELLER } from '../../shared/backend/quotes-contract.ts';
import { createFakeElectron } from '../fake-electron.ts';

/** How long to wait for what a real server takes no fixed time to do (the machine may be loaded). */
const WAIT = { timeout: 20_000 };

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A handler's answer as the renderer receives it: cloned, as IPC does. */
const crossed = async <T>(answer: Promise<T>): Promise<T> => structuredClone(await answer);

describe('the console’s quotes on the local server', () => {
  it('relays the owner’s quote operations, in JSON, and refuses bad input in French first', async () => {
    // A quote is sent only with the agency's real mentions (issue 49).
    const server = await createTestApp({ seller: () => A_REAL_SELLER });
    cleanups.push(() => server.dispose());
    const url = await listen(server.app);
    const { safeStorage } = createFakeElectron();
    const dir = await mkdtemp(path.join(tmpdir(), 'agence-console-quotes-'));
    const sessionSecret = createSecretFile(path.join(dir, 'session.bin'), safeStorage, 'linux');
    cleanups.push(async () => {
      await sessionSecret.read();
      await rm(dir, { recursive: true, force: true });
    });
    const service = createConsoleService({
      createBackend: createBackendFactory({
        fetch: globalThis.fetch.bind(globalThis),
        sessionSecret,
      }),
      notify: () => undefined,
      setUnread: () => undefined,
      emit: () => undefined,
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
    const response = await fetch(`${url}/api/contacts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(VALID_CONTACT),
    });
    const { id: leadId } = (await response.json()) as { id: string };
    await vi.waitFor(() => expect(service.snapshot().messages).toHaveLength(1), WAIT);

    // Refused in French under each field, by the main process, and nothing saved.
    const noName: unknown = {
      ...A_DRAFT,
      client: { ...A_DRAFT.client, lastName: '' },
      lines: [{ ...A_DRAFT.lines[0], quantity: '-1' }],
    };
    expect(
      await crossed(handlers['quotes:create-draft']([leadId, noName as QuoteDraftFields])),
    ).toEqual({
      ok: false,
      error: {
        code: 'invalid-input',
        message: 'certains champs sont invalides, corrigez-les puis réessayez.',
        fields: {
          'client.lastName': 'Ce champ est obligatoire.',
          'lines.0.quantity': 'Saisissez un nombre positif.',
        },
      },
    });
    expect(await handlers['quotes:create-draft']([leadId, 'un devis'])).toMatchObject({
      ok: false,
      error: { code: 'invalid-input' },
    });
    expect(await handlers['quotes:create-draft'](['', A_DRAFT])).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', fields: { leadId: 'Message invalide.' } },
    });
    expect(await handlers['quotes:get'](['x'.repeat(101)])).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', fields: { id: 'Devis invalide.' } },
    });
    expect(await crossed(handlers['quotes:list']([]))).toEqual({ ok: true, value: [] });

    // A draft: no number yet, its amounts as strings of centimes.
    const created = await crossed(handlers['quotes:create-draft']([leadId, A_DRAFT]));
    if (!created.ok) throw new Error(created.error.message);
    expect(created.value).toMatchObject({ leadId, number: null, status: 'brouillon' });
    expect(created.value.lines[0]?.unitPrice).toBe('12000000');
    const draft = quoteFromJson(created.value);
    // 120 000 + 19 %, and 12 × 1 500,50 − 10 % + 9 %: 160 463,89 TTC; in cash, 3 210 DA of
    // droit de timbre (2 DA per started 100 DA). Bigints again, as the browser has them.
    expect(quoteTotals(draft).totalTTC).toBe(16_046_389n);
    expect(quoteTotals(draft).netToPay).toBe(16_367_389n);

    const updated = await crossed(
      handlers['quotes:update-draft']([draft.id, { ...A_DRAFT, paidInCash: false }]),
    );
    expect(updated).toMatchObject({ ok: true, value: { id: draft.id, paidInCash: false } });

    // Sent: an address that is not one is refused under its field; then numbered and locked.
    expect(await handlers['quotes:send']([draft.id, { email: 'pas-une-adresse' }])).toMatchObject({
      ok: false,
      error: {
        code: 'invalid-input',
        fields: { email: 'Saisissez une adresse e-mail valide, par exemple client@exemple.dz.' },
      },
    });
    const sent = await crossed(handlers['quotes:send']([draft.id, {}]));
    if (!sent.ok) throw new Error(sent.error.message);
    expect(sent.value.quote).toMatchObject({ status: 'envoye', sentTo: VALID_CONTACT.email });
    expect(sent.value.quote.number).toMatch(/^DEV-\d{4}-0001$/u);
    expect(sent.value.link).toMatch(/\/pageDevis#[A-Za-z0-9_-]{43}$/u);
    // The lead follows, as in the browser.
    await vi.waitFor(
      () =>
        expect(service.leadsSnapshot().leads?.find((lead) => lead.id === leadId)?.status).toBe(
          'devis-envoye',
        ),
      WAIT,
    );
    // A sent quote is locked: the backend's own refusal, in French.
    expect(await handlers['quotes:update-draft']([draft.id, A_DRAFT])).toMatchObject({
      ok: false,
      error: { code: 'refused', message: expect.stringMatching(/^Ce devis est envoyé/u) },
    });

    // The same link again, sent on WhatsApp from the console (issue 44); a stray channel refused.
    expect(await crossed(handlers['quotes:link']([draft.id, null]))).toEqual({
      ok: true,
      value: { link: sent.value.link },
    });
    expect(await crossed(handlers['quotes:link']([draft.id, 'whatsapp']))).toEqual({
      ok: true,
      value: { link: sent.value.link },
    });
    expect(await handlers['quotes:link']([draft.id, 'sms' as 'lien'])).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', fields: { via: 'Voie inconnue.' } },
    });

    const relinked = await crossed(handlers['quotes:resend-link']([draft.id, undefined]));
    expect(relinked).toMatchObject({ ok: true, value: { link: expect.any(String) } });
    expect(relinked.ok && relinked.value.link).not.toBe(sent.value.link);
    expect(await crossed(handlers['quotes:link']([draft.id, null]))).toEqual({
      ok: true,
      value: { link: relinked.ok ? relinked.value.link : '' },
    });

    // A new version, then removed: the series keeps its number.
    const version = await crossed(handlers['quotes:new-version']([draft.id]));
    if (!version.ok) throw new Error(version.error.message);
    expect(version.value.number).toBe(`${sent.value.quote.number}-V2`);
    const listed = await crossed(handlers['quotes:list-by-lead']([leadId]));
    expect(listed.ok && listed.value.map((quote) => quote.status)).toEqual(['brouillon', 'envoye']);
    expect(await handlers['quotes:remove-draft']([version.value.id])).toEqual({
      ok: true,
      value: null,
    });
    const all = await crossed(handlers['quotes:list']([]));
    expect(all.ok && all.value.map((quote) => quote.id)).toEqual([draft.id]);
    expect(await crossed(handlers['quotes:get']([draft.id]))).toMatchObject({
      ok: true,
      value: { number: sent.value.quote.number, status: 'envoye' },
    });

    // Signed out: the backend's refusal, as for the rest of the inbox.
    await service.signOut();
    expect(await handlers['quotes:list']([])).toMatchObject({
      ok: false,
      error: { code: 'unauthorized' },
    });
  });
});
