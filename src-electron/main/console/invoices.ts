import { BackendError } from '../../../shared/backend/ports.ts';
import type {
  CreditNoteInput,
  InvoiceFromQuoteInput,
  PaymentInput,
} from '../../../shared/domain/invoices/invoice.ts';
import { invoiceToJson } from '../../../shared/domain/invoices/record.ts';
import type { QuoteSendOptions } from '../../../shared/domain/quotes/record.ts';
import type { BackendAccess } from './connection.ts';

/**
 * The owner's invoices, asked of the backend (which checks and numbers them); each comes
 * back in its JSON form (InvoiceJson in shared/ipc/contract.ts).
 */
export function invoiceOperations(backend: BackendAccess) {
  return {
    list: () =>
      backend.usePart('invoices', async (invoices) => (await invoices.list()).map(invoiceToJson)),
    listByLead: (leadId: string) =>
      backend.usePart('invoices', async (invoices) =>
        (await invoices.listByLead(leadId)).map(invoiceToJson),
      ),
    get: (id: string) =>
      backend.usePart('invoices', async (invoices) => invoiceToJson(await invoices.get(id))),
    issueFromQuote: (quoteId: string, input: InvoiceFromQuoteInput) =>
      backend.usePart('invoices', async (invoices) =>
        invoiceToJson(await invoices.issueFromQuote(quoteId, input)),
      ),
    issueCreditNote: (invoiceId: string, input: CreditNoteInput) =>
      backend.usePart('invoices', async (invoices) =>
        invoiceToJson(await invoices.issueCreditNote(invoiceId, input)),
      ),
    recordPayment: (invoiceId: string, input: PaymentInput) =>
      backend.usePart('invoices', async (invoices) =>
        invoiceToJson(await invoices.recordPayment(invoiceId, input)),
      ),
    link: (invoiceId: string) =>
      backend.usePart('invoices', (invoices) => {
        if (!invoices.link) throw new BackendError('unavailable');
        return invoices.link(invoiceId);
      }),
    emailLink: (invoiceId: string, options: QuoteSendOptions) =>
      backend.usePart('invoices', (invoices) => {
        if (!invoices.emailLink) throw new BackendError('unavailable');
        return invoices.emailLink(invoiceId, options);
      }),
  };
}
