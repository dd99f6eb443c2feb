import { z } from 'zod';
import { invoiceFromJson, invoiceJsonSchema } from '../../domain/invoices/record.ts';
import type { Invoice } from '../../domain/invoices/invoice.ts';
import {
  publicInvoiceFromJson,
  publicInvoiceJsonSchema,
} from '../../domain/invoices/client-link.ts';
import { BackendError, type InvoiceStore } from '../ports.ts';
import type { HttpAnswer, HttpClient, SendInit } from './http-client.ts';

const emailedSchema = z.object({
  link: z.string(),
  email: z.union([
    z.object({ to: z.string(), sent: z.literal(true) }),
    z.object({ to: z.string().nullable(), sent: z.literal(false), error: z.string() }),
  ]),
});

function parsed<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw new BackendError('unknown', { cause: result.error });
  return result.data;
}

/**
 * The InvoiceStore port over src-server: /api/invoices and /api/quotes/:id/invoices (session
 * cookie), and /api/invoice-links/read for the client's page (public).
 */
export function createHttpInvoices(client: HttpClient): InvoiceStore {
  const call = (path: string, init: SendInit = {}) =>
    client.send(path, 'admin', { ...init, said: { 404: 'not-found', 409: 'refused' } });
  const invoiceOf = (answer: HttpAnswer): Invoice =>
    invoiceFromJson(parsed(invoiceJsonSchema, answer.body));
  const listOf = (answer: HttpAnswer) =>
    parsed(z.array(invoiceJsonSchema), answer.body).map(invoiceFromJson);
  const invoicePath = (id: string, rest = '') => `/api/invoices/${encodeURIComponent(id)}${rest}`;

  return {
    async list() {
      return listOf(await call('/api/invoices'));
    },
    async listByLead(leadId) {
      return listOf(await call(`/api/invoices?leadId=${encodeURIComponent(leadId)}`));
    },
    async get(id) {
      return invoiceOf(await call(invoicePath(id)));
    },
    async issueFromQuote(quoteId, input) {
      return invoiceOf(
        await call(`/api/quotes/${encodeURIComponent(quoteId)}/invoices`, {
          method: 'POST',
          json: input,
        }),
      );
    },
    async issueWithoutQuote(leadId, input) {
      return invoiceOf(
        await call(`/api/leads/${encodeURIComponent(leadId)}/invoices`, {
          method: 'POST',
          json: input,
        }),
      );
    },
    async issueCreditNote(invoiceId, input) {
      return invoiceOf(
        await call(invoicePath(invoiceId, '/credit-notes'), { method: 'POST', json: input }),
      );
    },
    async recordPayment(invoiceId, input) {
      return invoiceOf(
        await call(invoicePath(invoiceId, '/payments'), { method: 'POST', json: input }),
      );
    },
    async link(invoiceId) {
      const answer = await call(invoicePath(invoiceId, '/client-link'), { method: 'POST' });
      return parsed(z.object({ link: z.string() }), answer.body);
    },
    async emailLink(invoiceId, options = {}) {
      const answer = await call(invoicePath(invoiceId, '/link-email'), {
        method: 'POST',
        json: options,
      });
      return parsed(emailedSchema, answer.body);
    },
    // The client's page (public): the token in the body, never in a path.
    async readByToken(token) {
      const answer = await client.send('/api/invoice-links/read', 'send', {
        method: 'POST',
        json: { token },
        said: { 404: 'not-found', 409: 'refused' },
      });
      return publicInvoiceFromJson(parsed(publicInvoiceJsonSchema, answer.body));
    },
  };
}
