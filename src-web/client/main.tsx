import '../lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../fonts/generated/fonts.css';
import '../styles/main.scss';
import { loadConfiguredBackend } from '../backend/load-backend.ts';
import { ClientQuotePage } from './client-quote-page.tsx';

/**
 * The client's page of a quote (`/pageDevis#<token>`, docs/quotes.md): its own entry, apart
 * from the public site (whose pages never load it) and from the owner's app.
 */
const container = document.getElementById('root');
if (!container) throw new Error('Élément #root introuvable.');

createRoot(container).render(
  <StrictMode>
    <ClientQuotePage
      token={window.location.hash.replace(/^#/u, '')}
      loadLinks={async () => {
        const backend = await loadConfiguredBackend();
        if (!backend.quotes) throw new Error('Ce site ne tient pas de devis.');
        return backend.quotes;
      }}
    />
  </StrictMode>,
);
