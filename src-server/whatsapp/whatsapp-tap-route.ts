import type { FastifyPluginAsync } from 'fastify';
import { readWhatsappTap, WHATSAPP_TAP_PATH } from '../../shared/domain/whatsapp-taps.ts';
import type { Clock } from '../clock.ts';
import type { WhatsappTapsRepository } from '../db/whatsapp-taps-repository.ts';
import { addressKey } from '../security/address-key.ts';
import type { FixedWindowCounter } from '../security/fixed-window.ts';

export interface WhatsappTapRouteOptions {
  taps: WhatsappTapsRepository;
  clock: Clock;
  /** Taps counted per client address and per minute, like the contact form's posts. */
  counter: FixedWindowCounter;
  limit: number;
}

/**
 * `GET /go/whatsapp?…` (docs/inbox.md, « Les contacts par WhatsApp »): counts the tap, then
 * answers 302 to the agency's chat on wa.me, the only destination it knows. Past the limit of
 * an address, the visitor still reaches the chat; the tap is just not counted. No cookie is
 * read or set, and nothing about the visitor is kept.
 */
export const whatsappTapRoute: FastifyPluginAsync<WhatsappTapRouteOptions> = async (
  app,
  { taps, clock, counter, limit },
) => {
  app.get(WHATSAPP_TAP_PATH, async (request, reply) => {
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const { location, tap } = readWhatsappTap(search);
    if (tap !== null && counter.hit(addressKey(request.ip)).count <= limit) {
      try {
        taps.add({ at: clock(), ...tap });
      } catch (error) {
        // A tap not counted never keeps the visitor from the chat.
        request.log.error({ err: error }, 'Appui WhatsApp non compté');
      }
    }
    return reply
      .code(302)
      .header('Cache-Control', 'no-store')
      .header('Referrer-Policy', 'no-referrer')
      .header('Location', location)
      .send();
  });
};
