import '../lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../fonts/generated/fonts.css';
import '../styles/main.scss';
import { loadConfiguredBackend } from '../backend/load-backend.ts';
import { ClientInvoicePage } from './client-invoice-page.tsx';

/**
 * The client's page of an invoice (`/pageFacture#<token>`, docs/invoices.md): its own entry,
 * as the quote's (`main.tsx`), which no public page loads.
 */
const container = document.getElementById('root');
if (!container) throw new Error('Élément #root introuvable.');

createRoot(container).render(
  <StrictMode>
    <ClientInvoicePage
      token={window.location.hash.replace(/^#/u, '')}
      loadLinks={async () => {
        const backend = await loadConfiguredBackend();
        const readByToken = backend.invoices?.readByToken;
        if (!readByToken) throw new Error('Ce site ne tient pas encore de factures en ligne.');
        return { readByToken: (token) => readByToken(token) };
      }}
    />
  </StrictMode>,
);
