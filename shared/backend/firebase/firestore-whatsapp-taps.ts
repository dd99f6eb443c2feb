import { collection, getDocs, query, where, type Firestore } from '@firebase/firestore';
import { whatsappTapSchema } from '../../domain/whatsapp-tap-schema.ts';
import type { WhatsappTap } from '../../domain/whatsapp-taps.ts';
import type { WhatsappTapStore } from '../ports.ts';
import { firestoreError } from './errors.ts';
import { WHATSAPP_TAPS_COLLECTION } from './whatsapp-tap-documents.ts';

/** The WhatsappTapStore port over Firestore (the owner's reading, for « Sources »). */
export function createFirestoreWhatsappTaps(db: Firestore): WhatsappTapStore {
  const taps = collection(db, WHATSAPP_TAPS_COLLECTION);
  return {
    async since(sinceMs) {
      try {
        const found = await getDocs(query(taps, where('at', '>', sinceMs)));
        const list: WhatsappTap[] = [];
        for (const snapshot of found.docs) {
          const parsed = whatsappTapSchema.safeParse(snapshot.data());
          if (parsed.success) list.push(parsed.data);
        }
        return list.sort((a, b) => b.at - a.at);
      } catch (error) {
        throw firestoreError(error, 'admin');
      }
    },
  };
}
