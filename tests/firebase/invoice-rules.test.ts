/**
 * firestore.rules for invoices, on the Firestore emulator (@firebase/rules-unit-testing): the
 * owner reads invoices, their ledgers (payments, credit notes) and the series' counters; no
 * browser, not even the owner's, creates, numbers, issues, changes or deletes an invoice, or
 * changes what was paid — only the Cloud Functions write them (Admin SDK; the contract on the
 * emulators, invoices-contract.test.ts, goes through them).
 */
import { readFileSync } from 'node:fs';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import 'firebase/compat/firestore';
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import { RULES_FILE } from '../../scripts/firebase-emulators.ts';
import { parseHostPort } from '../../shared/backend/firebase/app.ts';
import { adminClaims, emulatorsForFile, present } from './emulators.ts';

const available = emulatorsForFile('règles Firestore des factures', import.meta.url);

/** An issued invoice's document (the fields the rules could look at, and more). */
const issued = {
  leadId: 'm1',
  kind: 'facture',
  number: 'FAC-2026-0001',
  quoteId: 'q1',
  quoteNumber: 'DEV-2026-0001',
  share: null,
  deductions: [],
  corrects: null,
  reason: '',
  language: 'fr',
  lines: [],
  paymentMethod: 'virement',
  issueDate: '2026-11-26',
  dueDate: '2026-12-26',
  issuedAt: 1,
};

const aPayment = {
  id: 'p1',
  date: '2026-11-26',
  amount: '11900000',
  stampDuty: '0',
  method: 'ccp',
  reference: '',
  recordedAt: 2,
};

describe.skipIf(!available)('firestore.rules for invoices, against the Firestore emulator', () => {
  let env: RulesTestEnvironment;

  beforeAll(async () => {
    const emulators = present(available);
    const { host, port } = parseHostPort(emulators.firestore);
    env = await initializeTestEnvironment({
      projectId: emulators.projectId,
      firestore: { host, port, rules: readFileSync(RULES_FILE, 'utf8') },
    });
  });

  afterEach(async () => {
    await env?.clearFirestore();
  });

  afterAll(async () => {
    await env?.cleanup();
  });

  const admin = () =>
    env.authenticatedContext('proprietaire', adminClaims({ email: 'p@agence.test' })).firestore();
  const notAdmins = () => [
    env.unauthenticatedContext().firestore(),
    env.authenticatedContext('visiteur', { email: 'v@agence.test' }).firestore(),
    env.authenticatedContext('faux', { admin: false }).firestore(),
  ];

  async function seed() {
    await env.withSecurityRulesDisabled(async (context) => {
      const db = context.firestore();
      await db.doc('invoices/f1').set(issued);
      await db.doc('invoiceLedgers/f1').set({ leadId: 'm1', payments: [aPayment], credits: [] });
      await db
        .doc('invoiceCounters/FAC')
        .set({ year: 2026, sequence: 1, lastIssueDate: '2026-11-26' });
    });
  }

  it('lets the owner read invoices, their payments and the series, and nobody else', async () => {
    await seed();
    await assertSucceeds(admin().doc('invoices/f1').get());
    await assertSucceeds(admin().collection('invoices').where('leadId', '==', 'm1').get());
    await assertSucceeds(admin().doc('invoiceLedgers/f1').get());
    await assertSucceeds(admin().collection('invoiceLedgers').get());
    await assertSucceeds(admin().doc('invoiceCounters/FAC').get());
    for (const db of notAdmins()) {
      await assertFails(db.doc('invoices/f1').get());
      await assertFails(db.collection('invoices').get());
      await assertFails(db.doc('invoiceLedgers/f1').get());
      await assertFails(db.collection('invoiceLedgers').get());
      await assertFails(db.doc('invoiceCounters/FAC').get());
    }
  });

  it('lets no browser, not even the owner’s, create, number, issue or change an invoice', async () => {
    await seed();
    for (const db of [admin(), ...notAdmins()]) {
      // Create or issue one, with a number of its choosing.
      await assertFails(db.doc('invoices/f2').set({ ...issued, number: 'FAC-2026-0002' }));
      await assertFails(db.collection('invoices').add(issued));
      await assertFails(
        db.doc('invoices/a1').set({ ...issued, kind: 'avoir', number: 'AV-2026-0001' }),
      );
      // Change an issued one: its number, its date, its amounts, or delete it.
      await assertFails(db.doc('invoices/f1').update({ number: 'FAC-2026-0009' }));
      await assertFails(db.doc('invoices/f1').update({ issueDate: '2026-01-01' }));
      await assertFails(db.doc('invoices/f1').update({ lines: [{ unitPrice: '1' }] }));
      await assertFails(db.doc('invoices/f1').delete());
      // Move or reset a series.
      await assertFails(db.doc('invoiceCounters/FAC').update({ sequence: 7 }));
      await assertFails(db.doc('invoiceCounters/FAC').set({ year: 2026, sequence: 0 }));
      await assertFails(
        db.doc('invoiceCounters/AV').set({ year: 2026, sequence: 1, lastIssueDate: '2026-11-26' }),
      );
      await assertFails(db.doc('invoiceCounters/FAC').delete());
    }
  });

  it('lets no browser record, change or remove a payment, nor credit an invoice', async () => {
    await seed();
    for (const db of [admin(), ...notAdmins()]) {
      await assertFails(
        db
          .doc('invoiceLedgers/f1')
          .update({ payments: [aPayment, { ...aPayment, id: 'p2', amount: '100' }] }),
      );
      await assertFails(
        db.doc('invoiceLedgers/f1').update({ payments: [{ ...aPayment, amount: '1' }] }),
      );
      await assertFails(db.doc('invoiceLedgers/f1').update({ payments: [] }));
      await assertFails(
        db.doc('invoiceLedgers/f1').update({
          credits: [
            { invoiceId: 'a1', number: 'AV-2026-0001', issueDate: '2026-11-26', amount: '1' },
          ],
        }),
      );
      await assertFails(db.doc('invoiceLedgers/f1').delete());
      await assertFails(
        db.doc('invoiceLedgers/f2').set({ leadId: 'm1', payments: [aPayment], credits: [] }),
      );
    }
  });
});
