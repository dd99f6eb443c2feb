import { describeInvoicesContract } from './invoices-contract.ts';
import { quotesServer } from './quotes-server.ts';

describeInvoicesContract('http adapter + src-server', async () => (await quotesServer()).harness);
