import type { Backend } from '../../shared/backend/ports.ts';

let configured: Promise<Backend> | undefined;

/**
 * The backend chosen by the build's configuration, created once and on demand: the home
 * page's first paint never waits for it.
 */
export function loadConfiguredBackend(): Promise<Backend> {
  configured ??= Promise.all([
    import('../config.ts'),
    import('../../shared/backend/http/index.ts'),
  ]).then(([{ webConfig }, { createHttpBackend }]) =>
    createHttpBackend({ baseUrl: webConfig.VITE_API_BASE_URL }),
  );
  return configured;
}
