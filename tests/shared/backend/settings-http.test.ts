import { createHttpBackend } from '../../../shared/backend/http/index.ts';
import type { Backend } from '../../../shared/backend/ports.ts';
import { ADMIN, createTestApp } from '../../server/helpers.ts';
import { cookieKeepingFetch } from './cookie-fetch.ts';
import { describeSettingsContract } from './settings-contract.ts';

function nodeClient(baseUrl: string): Backend {
  const jar = cookieKeepingFetch();
  return createHttpBackend({ baseUrl, fetch: jar.fetch });
}

describeSettingsContract('http adapter + src-server', async () => {
  const built = await createTestApp({
    env: { DIGEST_TIME: '09:30', NOTIFY_EMAIL: 'proprietaire@agence.test' },
  });
  const baseUrl = await built.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    client: () => nodeClient(baseUrl),
    admin: ADMIN,
    defaults: { digestTime: '09:30', email: 'proprietaire@agence.test' },
    dispose: () => built.dispose(),
  };
});
