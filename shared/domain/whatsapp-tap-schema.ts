import { z } from 'zod';
import { LANGUAGES } from './routes.ts';
import type { WhatsappTap } from './whatsapp-taps.ts';

/**
 * A WhatsApp tap as the owner's backends give it (`GET /api/whatsapp-taps`, the Firestore
 * collection `whatsappTaps`); apart from whatsapp-taps.ts, which the pages' script reads and
 * which stays without zod.
 */
export const whatsappTapSchema = z.object({
  at: z.number().int().nonnegative(),
  pagePath: z.string().max(200).nullable(),
  language: z.enum(LANGUAGES),
  plan: z.string().max(60).nullable(),
  referrer: z.string().max(253).nullable(),
  utmSource: z.string().max(100).nullable(),
  utmMedium: z.string().max(100).nullable(),
  utmCampaign: z.string().max(100).nullable(),
}) satisfies z.ZodType<WhatsappTap>;

/** `GET /api/whatsapp-taps?since=<ms>`: the taps counted after that instant. */
export const whatsappTapsQuerySchema = z.strictObject({
  since: z.coerce
    .number({ error: 'Indiquez depuis quand, en millisecondes.' })
    .int('Indiquez depuis quand, en millisecondes.')
    .nonnegative('Indiquez depuis quand, en millisecondes.'),
});
