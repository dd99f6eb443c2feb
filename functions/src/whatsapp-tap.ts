import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { onRequest } from 'firebase-functions/v2/https';
import { FUNCTIONS_REGION } from '../../shared/backend/firebase/console-app-check-protocol.ts';
import { WHATSAPP_TAPS_COLLECTION } from '../../shared/backend/firebase/whatsapp-tap-documents.ts';
import { readWhatsappTap, WHATSAPP_TAP_WINDOW_MS } from '../../shared/domain/whatsapp-taps.ts';
import { systemClock, type FunctionClock } from './clock.ts';

/**
 * The public pages' WhatsApp button in Firebase mode (docs/inbox.md, « Les contacts par
 * WhatsApp »): Hosting sends `/go/whatsapp` here (firebase.json's rewrite), which counts the
 * tap in `whatsappTaps` (Admin SDK: no browser writes there, firestore.rules) and answers 302
 * to the agency's chat on wa.me, the only destination it knows.
 */

/** Taps counted per address and per minute, as many as the contact form's posts by default. */
export const WHATSAPP_TAP_LIMIT = 30;

/**
 * Counts per client address within one instance of the function (an instance holds many
 * requests; `maxInstances` bounds how many run). Good enough for a counter that never refuses
 * anyone the chat: past the limit, taps are just not counted.
 */
export class TapWindow {
  readonly #entries = new Map<string, { count: number; endsAt: number }>();

  hit(address: string, now: number): number {
    if (this.#entries.size > 10_000) {
      for (const [key, entry] of this.#entries) if (entry.endsAt <= now) this.#entries.delete(key);
    }
    let entry = this.#entries.get(address);
    if (!entry || entry.endsAt <= now) {
      entry = { count: 0, endsAt: now + WHATSAPP_TAP_WINDOW_MS };
      this.#entries.set(address, entry);
    }
    entry.count += 1;
    return entry.count;
  }
}

/**
 * What the function does with one request, apart from HTTP: the chat's address, after the tap
 * is written (or not, past the address's limit or when the address names no page of ours).
 */
export async function countWhatsappTap(
  db: Firestore,
  request: { search: string; address: string; now: number },
  window: TapWindow,
  limit = WHATSAPP_TAP_LIMIT,
): Promise<string> {
  const { location, tap } = readWhatsappTap(request.search);
  if (tap !== null && window.hit(request.address, request.now) <= limit) {
    try {
      await db.collection(WHATSAPP_TAPS_COLLECTION).add({ at: request.now, ...tap });
    } catch (error) {
      // A tap not counted never keeps the visitor from the chat.
      console.error('Appui WhatsApp non compté', error);
    }
  }
  return location;
}

export function whatsappTapFunction(clock: FunctionClock = systemClock) {
  const window = new TapWindow();
  return onRequest(
    { region: FUNCTIONS_REGION, maxInstances: 5, timeoutSeconds: 10, invoker: 'public' },
    async (req, res) => {
      const db = getFirestore(getApps()[0] ?? initializeApp());
      const url = req.originalUrl ?? req.url;
      const search = url.includes('?') ? url.slice(url.indexOf('?')) : '';
      // Behind Hosting, the visitor's address is in this header; req.ip is Hosting's.
      const forwarded = req.get('fastly-client-ip') ?? req.ip ?? '';
      const location = await countWhatsappTap(
        db,
        { search, address: forwarded, now: await clock() },
        window,
      );
      res.set('Cache-Control', 'no-store').set('Referrer-Policy', 'no-referrer');
      res.redirect(302, location);
    },
  );
}
