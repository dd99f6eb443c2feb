import { z } from 'zod';
import {
  publicQuoteFromJson,
  publicQuoteJsonSchema,
  quoteFromJson,
  quoteJsonSchema,
  type PublicQuote,
  type Quote,
} from '../../domain/quotes/record.ts';
import { BackendError, type QuoteSent, type QuoteStore } from '../ports.ts';
import type { HttpAnswer, HttpClient, SendInit } from './http-client.ts';

const emailSchema = z.union([
  z.object({ to: z.string(), sent: z.literal(true) }),
  z.object({ to: z.string().nullable(), sent: z.literal(false), error: z.string() }),
]);
const linkSchema = z.object({ link: z.string(), email: emailSchema });
const sentSchema = linkSchema.extend({ quote: quoteJsonSchema });

function parsed<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw new BackendError('unknown', { cause: result.error });
  return result.data;
}

/**
 * The QuoteStore port over src-server: /api/quotes for the owner (session cookie), and
 * /api/quote-links/read and /answer for the client's page (public), the token in the body: an
 * access log writes every path, never a body.
 */
export function createHttpQuotes(client: HttpClient): QuoteStore {
  /** A request whose refusal carries the server's French sentence (404, 409) or fields (400). */
  const call = (path: string, purpose: 'admin' | 'send', init: SendInit = {}) =>
    client.send(path, purpose, { ...init, said: { 404: 'not-found', 409: 'refused' } });

  const quoteOf = (answer: HttpAnswer): Quote =>
    quoteFromJson(parsed(quoteJsonSchema, answer.body));
  const publicOf = (answer: HttpAnswer): PublicQuote =>
    publicQuoteFromJson(parsed(publicQuoteJsonSchema, answer.body));
  const quotePath = (id: string, rest = '') => `/api/quotes/${encodeURIComponent(id)}${rest}`;
  const listOf = (answer: HttpAnswer) =>
    parsed(z.array(quoteJsonSchema), answer.body).map(quoteFromJson);

  return {
    async list() {
      return listOf(await call('/api/quotes', 'admin'));
    },
    async listByLead(leadId) {
      return listOf(await call(`/api/quotes?leadId=${encodeURIComponent(leadId)}`, 'admin'));
    },
    async get(id) {
      return quoteOf(await call(quotePath(id), 'admin'));
    },
    async createDraft(leadId, draft) {
      return quoteOf(
        await call('/api/quotes', 'admin', { method: 'POST', json: { leadId, draft } }),
      );
    },
    async updateDraft(id, draft) {
      return quoteOf(await call(quotePath(id), 'admin', { method: 'PUT', json: { draft } }));
    },
    async removeDraft(id) {
      await call(quotePath(id), 'admin', { method: 'DELETE' });
    },
    async send(id, options = {}): Promise<QuoteSent> {
      const answer = await call(quotePath(id, '/send'), 'admin', { method: 'POST', json: options });
      const sent = parsed(sentSchema, answer.body);
      return { ...sent, quote: quoteFromJson(sent.quote) };
    },
    async resendLink(id, options = {}) {
      const answer = await call(quotePath(id, '/link'), 'admin', { method: 'POST', json: options });
      return parsed(linkSchema, answer.body);
    },
    async link(id, via) {
      const answer = await call(quotePath(id, '/client-link'), 'admin', {
        method: 'POST',
        json: via === undefined ? {} : { via },
      });
      return parsed(z.object({ link: z.string() }), answer.body);
    },
    async newVersion(id) {
      return quoteOf(await call(quotePath(id, '/versions'), 'admin', { method: 'POST' }));
    },
    async expireOverdue() {
      const answer = await call('/api/quotes/expire', 'admin', { method: 'POST' });
      return parsed(z.object({ expired: z.number() }), answer.body).expired;
    },
    async readByToken(token) {
      return publicOf(
        await call('/api/quote-links/read', 'send', { method: 'POST', json: { token } }),
      );
    },
    async answer(token, answer) {
      return publicOf(
        await call('/api/quote-links/answer', 'send', {
          method: 'POST',
          json: { ...answer, token },
        }),
      );
    },
  };
}
