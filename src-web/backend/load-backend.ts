import type { Backend } from '../../shared/backend/ports.ts';

let configured: Promise<Backend> | undefined;

async function createConfiguredBackend(): Promise<Backend> {
  const { webConfig } = await import('./config.ts');
  if (webConfig.firebase) {
    // Only this dynamic import brings the Firebase SDK: pages that never ask for the backend
    // (the home page until its form is used) never download it.
    const { createFirebaseBackend } = await import('../../shared/backend/firebase/index.ts');
    return createFirebaseBackend(webConfig.firebase);
  }
  const [{ createHttpBackend }, { sharedEventHub }] = await Promise.all([
    import('../../shared/backend/http/index.ts'),
    import('./shared-events.ts'),
  ]);
  // One event stream for every tab of the browser.
  return createHttpBackend({ baseUrl: webConfig.VITE_API_BASE_URL, eventHub: sharedEventHub });
}

/**
 * The backend chosen by the build's configuration (Firebase when its web config is given,
 * else the local server), created once and on demand: the home page's first paint never
 * waits for it.
 */
export function loadConfiguredBackend(): Promise<Backend> {
  configured ??= createConfiguredBackend().catch((error: unknown) => {
    // A chunk that failed to download (offline) may come next time.
    configured = undefined;
    throw error;
  });
  return configured;
}
