import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  publicInvoiceJsonSchema,
  publicInvoiceToJson,
} from '../../shared/domain/invoices/client-link.ts';
import { quoteSendBodySchema } from '../../shared/domain/quotes/record.ts';
import { InvoiceRefusal } from '../invoices/invoice-book.ts';
import type { ApiContext } from './context.ts';
import { answeringRefusals, ERROR_ANSWERS } from './errors.ts';
import { clientLinkThrottle, clientToken, emailAnswer } from './quotes-routes.ts';

const idParams = z.strictObject({ id: z.string().min(1).max(100) });

function answering<T>(operation: () => T | Promise<T>): Promise<T> {
  return answeringRefusals(
    (error): error is InvoiceRefusal => error instanceof InvoiceRefusal,
    operation,
  );
}

/**
 * The owner's side of an invoice's client link (docs/invoices.md, « La page du client »): the
 * link itself (to copy or send on WhatsApp), and the link e-mailed to the client.
 */
export const adminInvoiceLinksRoutes: FastifyPluginAsyncZod<{ context: ApiContext }> = async (
  app,
  { context },
) => {
  const links = context.invoiceLinks;
  app.post(
    '/invoices/:id/client-link',
    {
      schema: {
        params: idParams,
        response: { 200: z.object({ link: z.string() }), ...ERROR_ANSWERS },
      },
    },
    async (request) => answering(() => links.link(request.params.id)),
  );
  app.post(
    '/invoices/:id/link-email',
    {
      schema: {
        params: idParams,
        body: quoteSendBodySchema.optional(),
        response: {
          200: z.object({ link: z.string(), email: emailAnswer }),
          ...ERROR_ANSWERS,
        },
      },
    },
    async (request) => answering(() => links.emailLink(request.params.id, request.body ?? {})),
  );
};

/**
 * The client's page of an invoice (public): the invoice read by the token in the body (never
 * in the path: no access log holds it), a dead link counted against the address as a quote's.
 */
export const publicInvoiceLinksRoutes: FastifyPluginAsyncZod<{ context: ApiContext }> = async (
  app,
  { context },
) => {
  const links = context.invoiceLinks;
  const { throttled, byToken } = clientLinkThrottle(context, answering);
  app.post(
    '/invoice-links/read',
    {
      ...throttled,
      schema: {
        body: z.strictObject({ token: clientToken }),
        response: { 200: publicInvoiceJsonSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) =>
      byToken(request, () => publicInvoiceToJson(links.readByToken(request.body.token))),
  );
};
