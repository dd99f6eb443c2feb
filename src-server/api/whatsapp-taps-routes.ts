import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  whatsappTapSchema,
  whatsappTapsQuerySchema,
} from '../../shared/domain/whatsapp-tap-schema.ts';
import type { ApiContext } from './context.ts';
import { ERROR_ANSWERS } from './errors.ts';

/** What the owner reads of the public pages' WhatsApp taps (« Sources »). */
export const adminWhatsappTapsRoutes: FastifyPluginAsyncZod<{ context: ApiContext }> = async (
  app,
  { context },
) => {
  app.get(
    '/whatsapp-taps',
    {
      schema: {
        querystring: whatsappTapsQuerySchema,
        response: { 200: z.array(whatsappTapSchema), ...ERROR_ANSWERS },
      },
    },
    async (request) => context.whatsappTaps.since(request.query.since),
  );
};
