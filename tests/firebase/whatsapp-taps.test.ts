/**
 * The public pages' WhatsApp taps in Firebase mode (docs/inbox.md, « Les contacts par
 * WhatsApp »), on the Firestore emulator: the function behind Hosting's /go/whatsapp counts a
 * tap (Admin SDK) and sends the visitor to the agency's chat, within the limit per address;
 * firestore.rules let the owner read them and nobody, not even the owner, write one.
 */
import { readFileSync } from 'node:fs';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseHostPort } from '../../shared/backend/firebase/app.ts';
import { WHATSAPP_TAPS_COLLECTION } from '../../shared/backend/firebase/whatsapp-tap-documents.ts';
import { whatsappTapSchema } from '../../shared/domain/whatsapp-tap-schema.ts';
import { RULES_FILE } from '../../scripts/firebase-emulators.ts';
import { countWhatsappTap, TapWindow } from '../../functions/src/whatsapp-tap.ts';
import { adminClaims, emulatorsForFile, present } from './emulators.ts';

const available = emulatorsForFile('appuis WhatsApp (Firestore)', import.meta.url);

const START = Date.UTC(2026, 10, 28, 19, 0, 0);
const PLAN_TAP =
  '?page=%2FpageServices&langue=fr&offre=site-dynamique&texte=Bonjour' +
  '&ref=www.facebook.com&utm_source=facebook&utm_medium=cpc';

describe.skipIf(!available)('WhatsApp taps on Firebase, against the Firestore emulator', () => {
  let env: RulesTestEnvironment;
  let adminApp: App;

  beforeAll(async () => {
    const emulators = present(available);
    const { host, port } = parseHostPort(emulators.firestore);
    env = await initializeTestEnvironment({
      projectId: emulators.projectId,
      firestore: { host, port, rules: readFileSync(RULES_FILE, 'utf8') },
    });
    process.env.FIRESTORE_EMULATOR_HOST = emulators.firestore;
    adminApp = initializeApp({ projectId: emulators.projectId }, `whatsapp-taps-${Date.now()}`);
  });

  afterEach(async () => {
    await env?.clearFirestore();
  });

  afterAll(async () => {
    if (adminApp) await deleteApp(adminApp);
    delete process.env.FIRESTORE_EMULATOR_HOST;
    await env?.cleanup();
  });

  const admin = () =>
    env.authenticatedContext('proprietaire', adminClaims({ email: 'p@agence.test' })).firestore();

  it('counts a tap with its page, language, plan and arrival, and opens the agency’s chat', async () => {
    const location = await countWhatsappTap(
      getFirestore(adminApp),
      { search: PLAN_TAP, address: '203.0.113.7', now: START },
      new TapWindow(),
    );
    expect(location).toBe('https://wa.me/213550123456?text=Bonjour');
    const taps = await admin().collection(WHATSAPP_TAPS_COLLECTION).get();
    expect(taps.docs.map((tap) => whatsappTapSchema.parse(tap.data()))).toEqual([
      {
        at: START,
        pagePath: '/pageServices',
        language: 'fr',
        plan: 'site-dynamique',
        referrer: 'www.facebook.com',
        utmSource: 'facebook',
        utmMedium: 'cpc',
        utmCampaign: null,
      },
    ]);
  });

  it('counts an address’s taps up to the limit, and always opens the chat', async () => {
    const db = getFirestore(adminApp);
    const window = new TapWindow();
    for (let tap = 0; tap < 4; tap += 1) {
      const location = await countWhatsappTap(
        db,
        { search: PLAN_TAP, address: '203.0.113.7', now: START + tap },
        window,
        2,
      );
      expect(location).toMatch(/^https:\/\/wa\.me\/213550123456/);
    }
    await countWhatsappTap(
      db,
      { search: PLAN_TAP, address: '198.51.100.9', now: START },
      window,
      2,
    );
    // A tap naming no page of the site is not counted.
    await countWhatsappTap(db, { search: '?texte=x', address: '192.0.2.1', now: START }, window, 2);
    expect((await admin().collection(WHATSAPP_TAPS_COLLECTION).get()).size).toBe(3);
  });

  it('lets the owner read the taps, and nobody write one', async () => {
    await env.withSecurityRulesDisabled(async (context) => {
      await context.firestore().doc(`${WHATSAPP_TAPS_COLLECTION}/t1`).set({ at: START });
    });
    for (const db of [
      env.unauthenticatedContext().firestore(),
      env.authenticatedContext('visiteur', { email: 'v@agence.test' }).firestore(),
    ]) {
      await assertFails(db.collection(WHATSAPP_TAPS_COLLECTION).get());
      await assertFails(db.collection(WHATSAPP_TAPS_COLLECTION).add({ at: START }));
    }
    await assertSucceeds(admin().collection(WHATSAPP_TAPS_COLLECTION).get());
    await assertFails(admin().collection(WHATSAPP_TAPS_COLLECTION).add({ at: START }));
    await assertFails(admin().doc(`${WHATSAPP_TAPS_COLLECTION}/t1`).update({ at: 1 }));
    await assertFails(admin().doc(`${WHATSAPP_TAPS_COLLECTION}/t1`).delete());
  });
});
