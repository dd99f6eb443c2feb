import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import '../fonts/generated/fonts.css';
import '../fonts/generated/fallbacks.css';
import '../styles/main.scss';
import { AdminApp } from './admin-app.tsx';
import { listenForInstallOffer } from './features/notifications/install-prompt.ts';

// Before anything is drawn: the browser may offer installation as soon as the page loads.
listenForInstallOffer();

const container = document.getElementById('root');
if (!container) throw new Error('Élément #root introuvable.');

const app = (
  <StrictMode>
    <BrowserRouter>
      <AdminApp />
    </BrowserRouter>
  </StrictMode>
);

// The prerendered login and dashboard are hydrated; the development server starts empty.
if (container.firstElementChild) {
  hydrateRoot(container, app);
} else {
  createRoot(container).render(app);
}
