import { z } from 'zod';
import { whatsappTapSchema } from '../../domain/whatsapp-tap-schema.ts';
import { BackendError, type WhatsappTapStore } from '../ports.ts';
import type { HttpClient } from './http-client.ts';

/** The WhatsappTapStore port over src-server: `GET /api/whatsapp-taps?since=…` (owner only). */
export function createHttpWhatsappTaps(client: HttpClient): WhatsappTapStore {
  return {
    async since(sinceMs) {
      const answer = await client.send(
        `/api/whatsapp-taps?since=${Math.max(0, Math.floor(sinceMs))}`,
        'admin',
      );
      const parsed = z.array(whatsappTapSchema).safeParse(answer.body);
      if (!parsed.success) throw new BackendError('unknown', { cause: parsed.error });
      return parsed.data;
    },
  };
}
