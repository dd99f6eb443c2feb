import {
  quoteToJson,
  type QuoteDraftFields,
  type QuoteSendOptions,
} from '../../../shared/domain/quotes/record.ts';
import type { BackendAccess } from './connection.ts';

/**
 * The owner's quotes, asked of the backend; each quote comes back in its JSON form (see
 * QuoteSentJson in shared/ipc/contract.ts).
 */
export function quoteOperations(backend: BackendAccess) {
  return {
    list: () => backend.usePart('quotes', async (quotes) => (await quotes.list()).map(quoteToJson)),
    listByLead: (leadId: string) =>
      backend.usePart('quotes', async (quotes) =>
        (await quotes.listByLead(leadId)).map(quoteToJson),
      ),
    get: (id: string) =>
      backend.usePart('quotes', async (quotes) => quoteToJson(await quotes.get(id))),
    createDraft: (leadId: string, draft: QuoteDraftFields) =>
      backend.usePart('quotes', async (quotes) =>
        quoteToJson(await quotes.createDraft(leadId, draft)),
      ),
    updateDraft: (id: string, draft: QuoteDraftFields) =>
      backend.usePart('quotes', async (quotes) => quoteToJson(await quotes.updateDraft(id, draft))),
    removeDraft: (id: string) =>
      backend.usePart('quotes', async (quotes) => {
        await quotes.removeDraft(id);
        return null;
      }),
    send: (id: string, options: QuoteSendOptions) =>
      backend.usePart('quotes', async (quotes) => {
        const sent = await quotes.send(id, options);
        return { ...sent, quote: quoteToJson(sent.quote) };
      }),
    resendLink: (id: string, options: QuoteSendOptions) =>
      backend.usePart('quotes', (quotes) => quotes.resendLink(id, options)),
    newVersion: (id: string) =>
      backend.usePart('quotes', async (quotes) => quoteToJson(await quotes.newVersion(id))),
    link: (id: string, via: 'whatsapp' | 'lien' | null) =>
      backend.usePart('quotes', (quotes) => quotes.link(id, via ?? undefined)),
  };
}
