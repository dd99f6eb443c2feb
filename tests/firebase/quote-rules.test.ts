/**
 * firestore.rules for quotes, on the Firestore emulator (@firebase/rules-unit-testing): only
 * an admin reads or writes them; only the function sendQuote sends one and moves the series
 * of numbers (on the server's clock); a sent quote's content never changes, its state only
 * moves on (never back, never to an answer); a sent quote is deleted only with its message.
 */
import { readFileSync } from 'node:fs';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import firebase from 'firebase/compat/app';
import 'firebase/compat/firestore';
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import { parseHostPort } from '../../shared/backend/firebase/app.ts';
import { RULES_FILE } from '../../scripts/firebase-emulators.ts';
import { aContactDocument } from '../fixtures/messages.ts';
import { adminClaims, emulatorsForFile, present } from './emulators.ts';

const available = emulatorsForFile('règles Firestore des devis', import.meta.url);
const { Timestamp } = firebase.firestore;

/** A quote document as the adapter writes a draft (the fields the rules look at, and more). */
function draft(leadId = 'm1'): Record<string, unknown> {
  return {
    leadId,
    number: null,
    version: 1,
    replacesId: null,
    status: 'brouillon',
    language: 'fr',
    client: { kind: 'particulier', lastName: 'Exemple', firstName: 'Client', address: 'Oran' },
    lines: [],
    paidInCash: false,
    validityDays: 30,
    issueDate: '2026-11-26',
    validUntil: '2026-12-26',
    seller: null,
    stampDutyScale: null,
    tokenHash: null,
    sentTo: null,
    sentAt: null,
    answer: null,
    createdAt: 1,
    updatedAt: 1,
  };
}

function sent(leadId = 'm1'): Record<string, unknown> {
  return {
    ...draft(leadId),
    status: 'envoye',
    number: 'DEV-2026-0001',
    tokenHash: 'a'.repeat(64),
    sentTo: 'client@exemple.dz',
    sentAt: 2,
  };
}

describe.skipIf(!available)('firestore.rules for quotes, against the Firestore emulator', () => {
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

  async function seed(documents: Record<string, Record<string, unknown>>) {
    await env.withSecurityRulesDisabled(async (context) => {
      const db = context.firestore();
      await db
        .collection('contacts')
        .doc('m1')
        .set({ ...aContactDocument(), timestamp: Timestamp.now() });
      for (const [path, data] of Object.entries(documents)) await db.doc(path).set(data);
    });
  }

  it('keeps quotes and their numbers from anyone but the admin', async () => {
    await seed({
      'quotes/q1': sent(),
      'quoteCounters/series': { year: 2026, sequence: 1, lastIssueDate: '2026-11-26' },
    });
    for (const db of notAdmins()) {
      await assertFails(db.doc('quotes/q1').get());
      await assertFails(db.collection('quotes').get());
      await assertFails(db.collection('quotes').add(draft()));
      await assertFails(db.doc('quotes/q1').update({ status: 'accepte' }));
      await assertFails(db.doc('quoteCounters/series').get());
      await assertFails(db.doc('quoteCounters/series').update({ sequence: 2 }));
    }
    await assertSucceeds(admin().doc('quotes/q1').get());
    await assertSucceeds(admin().collection('quotes').get());
  });

  it('lets the admin create a draft for a message of the inbox only, and change it, but not send it', async () => {
    await seed({});
    await assertSucceeds(admin().doc('quotes/q1').set(draft()));
    await assertFails(admin().doc('quotes/q2').set(draft('message-inexistant')));
    await assertFails(admin().doc('quotes/q3').set(sent()));
    await assertSucceeds(
      admin()
        .doc('quotes/q1')
        .update({ validityDays: 15, lines: [{ a: 1 }] }),
    );
    await assertFails(admin().doc('quotes/q1').update({ leadId: 'autre' }));
    // Sending is the function's (sendQuote): the number and the date are the server's, never
    // those of a computer whose clock is wrong.
    await assertFails(
      admin()
        .doc('quotes/q1')
        .update({ ...sent() }),
    );
    await assertFails(admin().doc('quotes/q1').update({ status: 'envoye' }));
    await assertFails(admin().doc('quotes/q1').update({ number: 'DEV-2031-0001' }));
  });

  it('pins what only sendQuote sets on a draft: number, tokenHash, version, replacesId (issue 47, finding 4)', async () => {
    await seed({ 'quotes/q1': sent(), 'quotes/q0': draft() });
    // A first version: no number, no link, version 1, replacing nothing.
    for (const forged of [
      { number: 'DEV-2026-0001-V2' },
      { tokenHash: 'b'.repeat(64) },
      { version: 2 },
      { replacesId: 'q1' },
    ]) {
      await assertFails(
        admin()
          .doc('quotes/q2')
          .set({ ...draft(), ...forged }),
      );
      await assertFails(admin().doc('quotes/q0').update(forged));
    }
    // A new version, as the adapter makes it: the id and the number follow the quote it
    // replaces, and nothing else does.
    const version = {
      ...draft(),
      number: 'DEV-2026-0001-V2',
      version: 2,
      replacesId: 'q1',
    };
    await assertFails(
      admin()
        .doc('quotes/q1-v2')
        .set({ ...version, tokenHash: 'b'.repeat(64) }),
    );
    await assertFails(
      admin()
        .doc('quotes/q1-v2')
        .set({ ...version, number: 'DEV-2026-0007-V2' }),
    );
    await assertFails(
      admin()
        .doc('quotes/q1-v2')
        .set({ ...version, version: 3 }),
    );
    await assertFails(admin().doc('quotes/q1-v3').set(version));
    await assertFails(admin().doc('quotes/autre').set(version));
    await assertFails(
      admin()
        .doc('quotes/q1-v2')
        .set({ ...version, replacesId: 'q0' }),
    );
    await assertSucceeds(admin().doc('quotes/q1-v2').set(version));
    // The draft of a new version keeps them too.
    for (const forged of [
      { number: 'DEV-2026-0001' },
      { tokenHash: 'b'.repeat(64) },
      { version: 1 },
      { replacesId: null },
    ]) {
      await assertFails(admin().doc('quotes/q1-v2').update(forged));
    }
    await assertSucceeds(admin().doc('quotes/q1-v2').update({ validityDays: 10 }));
  });

  it('locks a sent quote: its content never changes, its state only moves on', async () => {
    await seed({ 'quotes/q1': sent() });
    const quote = admin().doc('quotes/q1');
    await assertFails(quote.update({ lines: [{ designation: 'Autre' }] }));
    await assertFails(quote.update({ number: 'DEV-2026-0002' }));
    await assertFails(quote.update({ seller: { legalName: 'Autre' } }));
    await assertFails(quote.update({ status: 'brouillon' }));
    // An answer is the client's, through the Cloud Function.
    await assertFails(quote.update({ status: 'accepte' }));
    await assertFails(quote.update({ answer: { decision: 'accepte', comment: null, at: 3 } }));
    // Expired, it loses its link; « Remplacé » is the function's, as it sends the new version.
    await assertFails(quote.update({ status: 'expire', updatedAt: 3 }));
    await assertFails(quote.update({ status: 'remplace', tokenHash: null, updatedAt: 3 }));
    await assertSucceeds(quote.update({ tokenHash: 'b'.repeat(64), sentTo: 'autre@exemple.dz' }));
    await assertSucceeds(quote.update({ status: 'expire', tokenHash: null, updatedAt: 3 }));
    await assertFails(quote.update({ status: 'envoye' }));
    await assertFails(quote.delete());
  });

  it('deletes a sent quote only once its message is gone', async () => {
    await seed({ 'quotes/q1': sent(), 'quotes/q2': draft() });
    await assertFails(admin().doc('quotes/q1').delete());
    await assertSucceeds(admin().doc('quotes/q2').delete());
    await env.withSecurityRulesDisabled(async (context) => {
      await context.firestore().doc('contacts/m1').delete();
    });
    await assertSucceeds(admin().doc('quotes/q1').delete());
  });

  it('leaves the series of numbers to the function: no browser writes it, the admin’s neither', async () => {
    await seed({
      'quoteCounters/series': { year: 2026, sequence: 1, lastIssueDate: '2026-11-26' },
    });
    const series = admin().doc('quoteCounters/series');
    await assertSucceeds(series.get());
    await assertFails(series.update({ sequence: 2, lastIssueDate: '2026-11-27' }));
    // A computer a year ahead would have made every later quote impossible.
    await assertFails(series.update({ year: 2027, sequence: 1, lastIssueDate: '2027-11-26' }));
    await assertFails(series.set({ year: 2026, sequence: 1, lastIssueDate: '2026-11-26' }));
    await assertFails(admin().doc('quoteCounters/autre').set({ year: 2026, sequence: 1 }));
    await assertFails(series.delete());
  });
});
