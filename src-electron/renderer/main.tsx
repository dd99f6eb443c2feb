import '../../src-web/lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/inter/wght.css';
import '@fontsource-variable/outfit/wght.css';
// SweetAlert2's own stylesheet: the build uses its style-less module (the CSP allows no
// injected <style>), see electron.vite.config.ts.
import 'sweetalert2/dist/sweetalert2.css';
import '../../src-web/styles/main.scss';
import './console.css';
import type { DesktopApi } from '../../shared/ipc/contract.ts';
import { ConsoleApp } from './console-app.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('Élément #root introuvable.');

/** Set by the preload; absent when the page is opened outside the console. */
const api = (window as Window & { desktop?: DesktopApi }).desktop;

createRoot(container).render(
  <StrictMode>
    {api ? (
      <ConsoleApp api={api} />
    ) : (
      <main className="container py-5">
        <h1 className="h3">Console indisponible</h1>
        <p>Cette page ne s’ouvre que dans la console de bureau de l’agence.</p>
      </main>
    )}
  </StrictMode>,
);
