/**
 * Invoices in the desktop console (issue 46), against the real local server: the main
 * process's IPC handlers ask each of the owner's invoice operations of its backend, refuse bad
 * input in French under its field (the domain's parse, as the backends') before anything
 * reaches the backend, and hand every invoice back in its JSON form (amounts as strings, as
 * across IPC and the contextBridge: shared/ipc/contract.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { invoiceFigures } from '../../../shared/domain/invoices/figures.ts';
import { INVOICE_MESSAGES } from '../../../shared/domain/invoices/invoice.ts';
import { invoiceFromJson } from '../../../shared/domain/invoices/record.ts';
import { dinars } from '../../../shared/domain/quotes/money.ts';
import { todayInAlgiers } from '../../../shared/domain/quotes/validity.ts';
import { createBackendFactory } from '../../../src-electron/main/backend-factory.ts';
import { createConsoleService } from '../../../src-electron/main/console-service.ts';
import { createIpcHandlers } from '../../../src-electron/main/ipc/handlers.ts';
import { createSecretFile } from '../../../src-electron/main/secret-file.ts';
import { ADMIN, createTestApp, listen, VALID_CONTACT } from '../../server/helpers.ts';
import { A_QUOTE_TO_INVOICE } from '../../shared/backend/invoices-contract.ts';
import { A_REAL_SELLER } from '../../shared/backend/quotes-contract.ts';
import { createFakeElectron } from '../fake-electron.ts';

/** How long to wait for what a real server takes no fixed time to do (the machine may be loaded). */
const WAIT = { timeout: 20_000 };

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A handler's answer as the renderer receives it: cloned, as IPC does. */
const crossed = async <T>(answer: Promise<T>): Promise<T> => structuredClone(await answer);

describe('the console’s invoices on the local server', () => {
  it('relays the owner’s invoice operations, in JSON, and refuses bad input in French first', async () => {
    // An invoice is issued only with the agency's real mentions, as a quote is sent.
    const server = await createTestApp({ seller: () => A_REAL_SELLER });
    cleanups.push(() => server.dispose());
    const url = await listen(server.app);
    const { safeStorage } = createFakeElectron();
    const dir = await mkdtemp(path.join(tmpdir(), 'agence-console-invoices-'));
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

    // A quote sent from the console, accepted by the client on its page.
    const draft = await crossed(handlers['quotes:create-draft']([leadId, A_QUOTE_TO_INVOICE]));
    if (!draft.ok) throw new Error(draft.error.message);
    const sent = await crossed(handlers['quotes:send']([draft.value.id, {}]));
    if (!sent.ok) throw new Error(sent.error.message);
    const answered = await fetch(`${url}/api/quote-links/answer`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: new URL(sent.value.link).hash.slice(1), decision: 'accepte' }),
    });
    expect(answered.status).toBe(200);
    const quoteId = draft.value.id;

    // Refused by the main process in French under each field; nothing issued.
    expect(
      await crossed(
        handlers['invoices:issue-from-quote']([
          quoteId,
          { kind: 'acompte', percent: '30', amount: '10 000' },
        ]),
      ),
    ).toEqual({
      ok: false,
      error: {
        code: 'invalid-input',
        message: 'certains champs sont invalides, corrigez-les puis réessayez.',
        fields: { amount: INVOICE_MESSAGES.depositBoth },
      },
    });
    expect(await handlers['invoices:issue-from-quote'](['', { kind: 'facture' }])).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', fields: { quoteId: 'Devis invalide.' } },
    });
    expect(await handlers['invoices:get'](['x'.repeat(101)])).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', fields: { id: 'Facture invalide.' } },
    });
    expect(await crossed(handlers['invoices:list']([]))).toEqual({ ok: true, value: [] });

    // A 30 % deposit: numbered by the server, its amounts as strings of centimes.
    const issued = await crossed(
      handlers['invoices:issue-from-quote']([quoteId, { kind: 'acompte', percent: '30' }]),
    );
    if (!issued.ok) throw new Error(issued.error.message);
    expect(issued.value).toMatchObject({ kind: 'acompte', quoteId, leadId });
    expect(issued.value.number).toMatch(/^FAC-\d{4}-0001$/u);
    const day = issued.value.issueDate;
    expect(day).toBe(todayInAlgiers(new Date()));
    // 30 % of 119 000 DA TTC, a bigint again as the browser has it.
    const deposit = invoiceFromJson(issued.value);
    expect(invoiceFigures(deposit, day)).toMatchObject({ due: dinars(35_700), status: 'emise' });

    // A payment: a day that is not one refused under its field; then recorded.
    expect(
      await crossed(
        handlers['invoices:record-payment']([
          deposit.id,
          { date: '31/02/2026', amount: '35 700', method: 'ccp' },
        ]),
      ),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', fields: { date: INVOICE_MESSAGES.date } },
    });
    const paid = await crossed(
      handlers['invoices:record-payment']([
        deposit.id,
        { date: day, amount: '35 700', method: 'ccp', reference: 'BaridiMob 778899' },
      ]),
    );
    if (!paid.ok) throw new Error(paid.error.message);
    expect(invoiceFigures(invoiceFromJson(paid.value), day)).toMatchObject({
      left: 0n,
      status: 'payee',
    });

    // A credit note: without its reason refused; then issued against the deposit.
    expect(
      await crossed(handlers['invoices:issue-credit-note']([deposit.id, { reason: '' }])),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', fields: { reason: INVOICE_MESSAGES.reason } },
    });
    const credited = await crossed(
      handlers['invoices:issue-credit-note']([
        deposit.id,
        { amount: '5 000', reason: 'Remise accordée après livraison' },
      ]),
    );
    if (!credited.ok) throw new Error(credited.error.message);
    expect(credited.value).toMatchObject({ kind: 'avoir' });
    expect(credited.value.number).toMatch(/^AV-\d{4}-0001$/u);

    // The lists and the invoice, read back through the console.
    const listed = await crossed(handlers['invoices:list-by-lead']([leadId]));
    expect(listed.ok && listed.value.map((invoice) => invoice.kind).sort()).toEqual([
      'acompte',
      'avoir',
    ]);
    const all = await crossed(handlers['invoices:list']([]));
    expect(all.ok && all.value).toHaveLength(2);
    expect(await crossed(handlers['invoices:get']([deposit.id]))).toMatchObject({
      ok: true,
      value: { id: deposit.id, number: deposit.number },
    });

    // The client's link, the same each time; e-mailed, an address that is not one refused.
    const link = await crossed(handlers['invoices:link']([deposit.id]));
    if (!link.ok) throw new Error(link.error.message);
    expect(link.value.link).toMatch(/\/pageFacture#[A-Za-z0-9_-]{43}$/u);
    expect(await crossed(handlers['invoices:link']([deposit.id]))).toEqual(link);
    expect(
      await handlers['invoices:email-link']([deposit.id, { email: 'pas-une-adresse' }]),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'invalid-input',
        fields: { email: 'Saisissez une adresse e-mail valide, par exemple client@exemple.dz.' },
      },
    });
    const emailed = await crossed(handlers['invoices:email-link']([deposit.id, {}]));
    expect(emailed).toMatchObject({ ok: true, value: { link: link.value.link } });

    // Signed out: the backend's refusal, as for the rest of the console.
    await service.signOut();
    expect(await handlers['invoices:list']([])).toMatchObject({
      ok: false,
      error: { code: 'unauthorized' },
    });
  });
});
