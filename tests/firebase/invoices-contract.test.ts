/**
 * The invoices' contract (tests/shared/backend/invoices-contract.ts, the one the embedded
 * server passes) for the Firebase adapter: the run's Auth and Firestore emulators with the
 * project's rules, and the Functions emulator running functions/ — issueInvoice,
 * issueCreditNote, recordInvoicePayment and the client's link (invoiceOwnerLink, invoiceLink)
 * on the test's clock (functions-with-quote-clock.ts), as sendQuote and quoteLink, which take
 * the quotes there; the link's e-mail to a local SMTP server.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { clearFirestore, loadRules } from '../../scripts/firebase-emulators.ts';
import {
  startCallableFunctions,
  TEST_QUOTE_LINK_SECRET,
} from '../../scripts/functions-emulator.ts';
import { createFirebaseBackend } from '../../shared/backend/firebase/index.ts';
import { SETTINGS_PATH } from '../../shared/backend/firebase/settings-documents.ts';
import type { Backend } from '../../shared/backend/ports.ts';
import type { SellerLegalDetails } from '../../shared/domain/quotes/seller.ts';
import { settingsWithSeller } from '../fixtures/settings.ts';
import { smtpStandIn, type SmtpStandIn } from '../fixtures/smtp-stand-in.ts';
import { CONTRACT_MESSAGE } from '../shared/backend/contract.ts';
import {
  A_QUOTE_TO_INVOICE,
  describeInvoicesContract,
  invoicesOf,
  linksOf,
} from '../shared/backend/invoices-contract.ts';
import {
  A_REAL_SELLER,
  QUOTES_START,
  quotesOf,
  type QuotesHarness,
} from '../shared/backend/quotes-contract.ts';
import { DEMO_PROJECT, emulatorsForFile, present, resetAccounts, ROOT } from './emulators.ts';
import { TEST_CLOCK_DOCUMENT } from './functions-with-quote-clock.ts';

const available = emulatorsForFile(
  'contrat des factures sur Firebase (émulateurs)',
  import.meta.url,
);

const ADMIN = { email: 'proprietaire@factures.test', password: 'un mot de passe solide' };

describe.skipIf(!available)('invoices on Firebase: Auth, Firestore and Functions emulators', () => {
  let adminApp: App;
  let adminAuth: Auth;
  let firestoreApp: App;
  let functions: Awaited<ReturnType<typeof startCallableFunctions>>;
  let smtp: SmtpStandIn;
  const cleanups: (() => Promise<void> | void)[] = [];
  let clients = 0;

  beforeAll(async () => {
    const emulators = present(available);
    await loadRules(emulators.firestore, emulators.projectId);
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulators.auth;
    process.env.FIRESTORE_EMULATOR_HOST = emulators.firestore;
    // Accounts live in the Auth emulator's one project; Firestore keeps this file's apart.
    adminApp = initializeApp({ projectId: DEMO_PROJECT }, `invoices-test-${Date.now()}`);
    adminAuth = getAuth(adminApp);
    firestoreApp = initializeApp(
      { projectId: emulators.projectId },
      `invoices-test-firestore-${Date.now()}`,
    );
    smtp = await smtpStandIn((cleanup) => cleanups.push(cleanup));
    await smtp.start();
    functions = await startCallableFunctions({
      projectId: emulators.projectId,
      firestore: emulators.firestore,
      entry: path.join(ROOT, 'tests/firebase/functions-with-quote-clock.ts'),
      params: {
        NOTIFY_EMAIL: ADMIN.email,
        PUBLIC_URL: 'https://agence.test',
        MAIL_FROM: 'Site de l’agence <site@agence.test>',
      },
      secrets: {
        SMTP_URL: smtp.url(),
        VAPID_PRIVATE_KEY: '',
        WEBHOOK_SECRET: '',
        QUOTE_LINK_SECRET: TEST_QUOTE_LINK_SECRET,
      },
    });
  }, 240_000);

  afterAll(async () => {
    await functions?.stop();
    for (const cleanup of cleanups.splice(0)) await cleanup();
    if (adminApp) await deleteApp(adminApp);
    if (firestoreApp) await deleteApp(firestoreApp);
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    delete process.env.FIRESTORE_EMULATOR_HOST;
  }, 60_000);

  async function harness(): Promise<QuotesHarness> {
    const emulators = present(available);
    await clearFirestore(emulators.firestore, emulators.projectId);
    await resetAccounts(adminAuth, [{ ...ADMIN, admin: true }]);
    let now = QUOTES_START;
    const created: Backend[] = [];
    // « Réglages », the settings document the owner saves (written here directly).
    const setSeller = async (seller: SellerLegalDetails) => {
      await getFirestore(firestoreApp)
        .doc(SETTINGS_PATH)
        .set({
          settings: settingsWithSeller(seller),
          savedAt: new Date(),
          savedBy: ADMIN.email,
          versionId: 'test',
        });
    };
    await setSeller(A_REAL_SELLER);
    const setNow = async (ms: number) => {
      now = ms;
      // The functions' clock (functions-with-quote-clock.ts).
      await getFirestore(firestoreApp).doc(TEST_CLOCK_DOCUMENT).set({ ms });
    };
    await setNow(QUOTES_START);
    return {
      client: () => {
        clients += 1;
        const backend = createFirebaseBackend({
          config: {
            apiKey: 'fake-api-key',
            authDomain: `${emulators.projectId}.firebaseapp.com`,
            projectId: emulators.projectId,
            appId: '1:000000000000:web:0000000000000000',
          },
          appName: `invoices-client-${clients}`,
          emulators: {
            auth: `http://${emulators.auth}`,
            firestore: emulators.firestore,
            functions: functions.host,
          },
          quotes: { clock: () => now, publicUrl: 'https://agence.test' },
        });
        created.push(backend);
        return backend;
      },
      admin: ADMIN,
      setNow,
      setSeller,
      dispose: async () => {
        await Promise.all(created.map((backend) => backend.close()));
      },
    };
  }

  describeInvoicesContract('firebase adapter + emulators', harness, { clientLinks: true });

  it('e-mails the client the invoice’s link through the function, Reply-To the owner, and keeps only the token’s hash', async () => {
    const current = await harness();
    onTestFinished(current.dispose);
    const { id: leadId } = await current.client().messages.send({
      ...CONTRACT_MESSAGE,
      email: 'contact@boulangerie-exemple.dz',
    });
    const owner = current.client();
    await owner.session.signIn(ADMIN.email, ADMIN.password);
    const draft = await quotesOf(owner).createDraft(leadId, {
      ...A_QUOTE_TO_INVOICE,
      language: 'ar',
    });
    const { link: quoteLink } = await quotesOf(owner).send(draft.id);
    await quotesOf(current.client()).answer(new URL(quoteLink).hash.slice(1), {
      decision: 'accepte',
    });
    const invoices = linksOf(invoicesOf(owner));
    const invoice = await invoicesOf(owner).issueFromQuote(draft.id, { kind: 'facture' });

    const before = smtp.mails.length;
    const sent = await invoices.emailLink(invoice.id);
    expect(sent.email).toEqual({ to: 'contact@boulangerie-exemple.dz', sent: true });
    expect(sent.link).toMatch(/^https:\/\/agence\.test\/pageFacture#[A-Za-z0-9_-]{43}$/u);
    expect(sent.link).toBe((await invoices.link(invoice.id)).link);
    const mail = (await smtp.waitForMails(before + 1)).find((received) =>
      received.subject?.includes('FAC-2026-0001'),
    );
    expect(mail?.subject).toContain('فاتورة');
    expect(mail?.replyTo?.value[0]?.address).toBe(ADMIN.email);
    expect(mail?.text).toContain(sent.link);
    expect(mail?.text).toContain('119\u202f000,00 دج');
    // Another address, typed by the owner; one that is not an address is refused.
    const other = await invoices.emailLink(invoice.id, { email: 'compta@boulangerie-exemple.dz' });
    expect(other.email).toEqual({ to: 'compta@boulangerie-exemple.dz', sent: true });
    await expect(
      invoices.emailLink(invoice.id, { email: 'pas une adresse' }),
    ).rejects.toMatchObject({ code: 'invalid-input' });

    // Firestore keeps the token's SHA-256 and the invoice's id, never the token.
    const token = new URL(sent.link).hash.slice(1);
    const kept = await getFirestore(firestoreApp).collection('invoiceLinks').get();
    expect(kept.docs.map((found) => [found.id, found.data()])).toEqual([
      [
        createHash('sha256').update(token).digest('hex'),
        { invoiceId: invoice.id, createdAt: QUOTES_START },
      ],
    ]);
    // A caller without the admin claim has no link made nor e-mailed.
    const response = await fetch(
      `http://${functions.host}/${present(available).projectId}/europe-west1/invoiceOwnerLink`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ data: { invoiceId: invoice.id, action: 'email' } }),
      },
    );
    expect(response.status).toBe(403);
  });

  it('keeps an issued invoice, its number and its payments out of every browser’s reach', async () => {
    const current = await harness();
    onTestFinished(current.dispose);
    const { id: leadId } = await current.client().messages.send(CONTRACT_MESSAGE);
    const owner = current.client();
    await owner.session.signIn(ADMIN.email, ADMIN.password);
    const draft = await quotesOf(owner).createDraft(leadId, A_QUOTE_TO_INVOICE);
    const { link } = await quotesOf(owner).send(draft.id);
    await quotesOf(current.client()).answer(new URL(link).hash.slice(1), { decision: 'accepte' });
    const invoice = await invoicesOf(owner).issueFromQuote(draft.id, { kind: 'facture' });
    const db = getFirestore(firestoreApp);
    // The documents the functions wrote, as invoice-documents.ts describes them.
    expect((await db.doc(`invoiceCounters/FAC`).get()).data()).toEqual({
      year: 2026,
      sequence: 1,
      lastIssueDate: '2026-11-26',
    });
    expect((await db.doc(`invoiceLedgers/${invoice.id}`).get()).data()).toEqual({
      leadId,
      payments: [],
      credits: [],
    });
    expect((await db.doc(`invoices/${invoice.id}`).get()).get('number')).toBe('FAC-2026-0001');
    // Deleting the message leaves its invoice: an accounting document.
    await owner.messages.remove([leadId]);
    expect((await invoicesOf(owner).get(invoice.id)).number).toBe('FAC-2026-0001');
    // A caller without the admin claim is refused by the function itself.
    const response = await fetch(
      `http://${functions.host}/${present(available).projectId}/europe-west1/issueInvoice`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ data: { quoteId: draft.id, input: { kind: 'facture' } } }),
      },
    );
    expect(response.status).toBe(403);
  });
});
