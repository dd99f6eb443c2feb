import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoiceJsonSchema, invoiceToJson } from '../../shared/domain/invoices/record.ts';
import { InvoiceRefusal } from '../invoices/invoice-book.ts';
import type { ApiContext } from './context.ts';
import { answeringRefusals, ERROR_ANSWERS } from './errors.ts';

const idParams = z.strictObject({ id: z.string().min(1).max(100) });
const listQuery = z.strictObject({ leadId: z.string().min(1).max(100).optional() });
// The bodies are checked by the service (shared/domain/invoices), which keys its French
// refusals by field (`percent`, `amount`, `date`).
const anyBody = z.record(z.string(), z.unknown());
const created = { 201: invoiceJsonSchema, ...ERROR_ANSWERS };

/** Runs an invoices operation; its refusals become the API's answers, in French. */
function answering<T>(operation: () => T | Promise<T>): Promise<T> {
  return answeringRefusals(
    (error): error is InvoiceRefusal => error instanceof InvoiceRefusal,
    operation,
  );
}

/** The owner's invoices and payments (docs/invoices.md, « Le stockage »), in the admin scope. */
export const adminInvoicesRoutes: FastifyPluginAsyncZod<{ context: ApiContext }> = async (
  app,
  { context },
) => {
  const { invoices } = context;

  app.get(
    '/invoices',
    {
      schema: {
        querystring: listQuery,
        response: { 200: z.array(invoiceJsonSchema), ...ERROR_ANSWERS },
      },
    },
    async (request) => invoices.list(request.query.leadId).map(invoiceToJson),
  );

  app.get(
    '/invoices/:id',
    { schema: { params: idParams, response: { 200: invoiceJsonSchema, ...ERROR_ANSWERS } } },
    async (request) => answering(() => invoiceToJson(invoices.get(request.params.id))),
  );

  app.post(
    '/quotes/:id/invoices',
    { schema: { params: idParams, body: anyBody, response: created } },
    async (request, reply) => {
      const invoice = await answering(() =>
        invoices.issueFromQuote(request.params.id, request.body),
      );
      return reply.code(201).send(invoiceToJson(invoice));
    },
  );

  app.post(
    '/leads/:id/invoices',
    { schema: { params: idParams, body: anyBody, response: created } },
    async (request, reply) => {
      const invoice = await answering(() =>
        invoices.issueWithoutQuote(request.params.id, request.body),
      );
      return reply.code(201).send(invoiceToJson(invoice));
    },
  );

  app.post(
    '/invoices/:id/credit-notes',
    { schema: { params: idParams, body: anyBody, response: created } },
    async (request, reply) => {
      const note = await answering(() => invoices.issueCreditNote(request.params.id, request.body));
      return reply.code(201).send(invoiceToJson(note));
    },
  );

  app.post(
    '/invoices/:id/payments',
    { schema: { params: idParams, body: anyBody, response: created } },
    async (request, reply) => {
      const invoice = await answering(() =>
        invoices.recordPayment(request.params.id, request.body),
      );
      return reply.code(201).send(invoiceToJson(invoice));
    },
  );
};
