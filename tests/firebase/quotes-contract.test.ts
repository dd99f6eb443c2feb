/**
 * The quotes' contract (tests/shared/backend/quotes-contract.ts, the one the embedded server
 * passes) for the Firebase adapter: the run's Auth and Firestore emulators with the project's
 * rules, and the Functions emulator running functions/ (the client's page, `quoteLink`, on the
 * test's clock: functions-with-quote-clock.ts; the link's e-mail, `sendQuoteEmail`, to a local
 * SMTP server).
 */
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
import type { Backend } from '../../shared/backend/ports.ts';
import { SETTINGS_PATH } from '../../shared/backend/firebase/settings-documents.ts';
import type { SellerLegalDetails } from '../../shared/domain/quotes/seller.ts';
import { settingsWithSeller } from '../fixtures/settings.ts';
import { quoteTotals } from '../../shared/domain/quotes/record.ts';
import { smtpStandIn, type SmtpStandIn } from '../fixtures/smtp-stand-in.ts';
import { CONTRACT_MESSAGE } from '../shared/backend/contract.ts';
import {
  A_DRAFT,
  A_REAL_SELLER,
  QUOTES_START,
  describeQuotesContract,
  quotesOf,
  type QuotesHarness,
} from '../shared/backend/quotes-contract.ts';
import { DEMO_PROJECT, emulatorsForFile, present, resetAccounts, ROOT } from './emulators.ts';
import { TEST_CLOCK_DOCUMENT } from './functions-with-quote-clock.ts';

const available = emulatorsForFile('contrat des devis sur Firebase (émulateurs)', import.meta.url);

const ADMIN = { email: 'proprietaire@devis.test', password: 'un mot de passe solide' };

describe.skipIf(!available)('quotes on Firebase: Auth, Firestore and Functions emulators', () => {
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
    adminApp = initializeApp({ projectId: DEMO_PROJECT }, `quotes-test-${Date.now()}`);
    adminAuth = getAuth(adminApp);
    firestoreApp = initializeApp(
      { projectId: emulators.projectId },
      `quotes-test-firestore-${Date.now()}`,
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
    for (const cleanup of cleanups) await cleanup();
    if (adminApp) await deleteApp(adminApp);
    if (firestoreApp) await deleteApp(firestoreApp);
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    delete process.env.FIRESTORE_EMULATOR_HOST;
  }, 60_000);

  /** `browserClock`: the owner's computer's time, when it is not the functions' (the test's). */
  async function harness(browserClock?: () => number): Promise<QuotesHarness> {
    const emulators = present(available);
    await clearFirestore(emulators.firestore, emulators.projectId);
    await resetAccounts(adminAuth, [{ ...ADMIN, admin: true }]);
    let now = QUOTES_START;
    const created: Backend[] = [];
    // The agency's details are « Réglages », the settings document the owner saves (here
    // written directly); the content module's examples: no document, the first values apply.
    const setSeller = async (seller: SellerLegalDetails) => {
      const settings = getFirestore(firestoreApp).doc(SETTINGS_PATH);
      if (seller.placeholder) await settings.delete();
      else
        await settings.set({
          settings: settingsWithSeller(seller),
          savedAt: new Date(),
          savedBy: ADMIN.email,
          versionId: 'test',
        });
    };
    await setSeller(A_REAL_SELLER);
    const setNow = async (ms: number) => {
      now = ms;
      // The function's clock (functions-with-quote-clock.ts).
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
          appName: `quotes-client-${clients}`,
          emulators: {
            auth: `http://${emulators.auth}`,
            firestore: emulators.firestore,
            functions: functions.host,
          },
          quotes: {
            clock: browserClock ?? (() => now),
            publicUrl: 'https://agence.test',
          },
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

  describeQuotesContract('firebase adapter + emulators', harness);

  it('e-mails the client the link through the function, Reply-To the owner', async () => {
    const current = await harness();
    onTestFinished(current.dispose);
    const { id } = await current.client().messages.send({
      ...CONTRACT_MESSAGE,
      email: 'contact@transport-oran-sud.dz',
    });
    const owner = current.client();
    await owner.session.signIn(ADMIN.email, ADMIN.password);
    const draft = await quotesOf(owner).createDraft(id, A_DRAFT);
    const before = smtp.mails.length;
    const sent = await quotesOf(owner).send(draft.id);
    expect(sent.email).toEqual({ to: 'contact@transport-oran-sud.dz', sent: true });
    const mails = await smtp.waitForMails(before + 1);
    const mail = mails.at(-1);
    expect(mail?.subject).toBe('Devis DEV-2026-0001 — Horizon Numérique');
    expect(mail?.replyTo?.value[0]?.address).toBe(ADMIN.email);
    expect(mail?.text).toContain(sent.link);
    // A visitor cannot have the function e-mail anything.
    const visitor = current.client();
    await expect(
      fetch(
        `http://${functions.host}/${present(available).projectId}/europe-west1/sendQuoteEmail`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ data: { quoteId: draft.id, token: 'x', to: 'a@b.dz' } }),
        },
      ).then((response) => response.status),
    ).resolves.toBe(403);
    await visitor.close();
  });

  it('numbers and dates a quote by the server’s clock, whatever the date of the owner’s computer', async () => {
    // The functions' clock says 26 November 2026 (QUOTES_START); this computer says otherwise.
    let browserNow = Date.UTC(2025, 5, 1, 9, 0, 0);
    const current = await harness(() => browserNow);
    onTestFinished(current.dispose);
    const owner = current.client();
    await owner.session.signIn(ADMIN.email, ADMIN.password);
    const lead = async () => (await current.client().messages.send(CONTRACT_MESSAGE)).id;

    // A year behind: dated by the server all the same, in the server's year.
    const behind = await quotesOf(owner).send(
      (await quotesOf(owner).createDraft(await lead(), A_DRAFT)).id,
    );
    expect(behind.quote).toMatchObject({
      number: 'DEV-2026-0001',
      issueDate: '2026-11-26',
      validUntil: '2026-12-26',
    });

    // Ten days ahead: the quote is not dated 6 December, so the series is not held until then.
    browserNow = Date.UTC(2026, 11, 6, 9, 0, 0);
    const ahead = await quotesOf(owner).send(
      (await quotesOf(owner).createDraft(await lead(), A_DRAFT)).id,
    );
    expect(ahead.quote).toMatchObject({ number: 'DEV-2026-0002', issueDate: '2026-11-26' });
    browserNow = QUOTES_START;
    const onTime = await quotesOf(owner).send(
      (await quotesOf(owner).createDraft(await lead(), A_DRAFT)).id,
    );
    expect(onTime.quote).toMatchObject({ number: 'DEV-2026-0003', issueDate: '2026-11-26' });
    const series = await getFirestore(firestoreApp).doc('quoteCounters/series').get();
    expect(series.data()).toEqual({ year: 2026, sequence: 3, lastIssueDate: '2026-11-26' });
    // Nor can the browser write a number or a date itself: quote-rules.test.ts.
  });

  it('writes the owner’s notice with the answer, for notifyOwnerOfQuoteAnswer (cloud-function.test.ts sends it)', async () => {
    const current = await harness();
    onTestFinished(current.dispose);
    const { id } = await current.client().messages.send(CONTRACT_MESSAGE);
    const owner = current.client();
    await owner.session.signIn(ADMIN.email, ADMIN.password);
    const sent = await quotesOf(owner).send((await quotesOf(owner).createDraft(id, A_DRAFT)).id);
    await quotesOf(current.client()).answer(new URL(sent.link).hash.slice(1), {
      decision: 'refuse',
      comment: 'Trop cher pour nous.',
    });
    const notice = await getFirestore(firestoreApp).doc(`quoteAnswers/${sent.quote.id}`).get();
    expect(notice.data()).toEqual({
      leadId: id,
      answer: {
        quoteId: sent.quote.id,
        number: 'DEV-2026-0001',
        decision: 'refuse',
        comment: 'Trop cher pour nous.',
        netToPay: quoteTotals(sent.quote).netToPay.toString(),
      },
    });
  });
});
