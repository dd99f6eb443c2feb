/**
 * The dashboard's service worker (src-web/admin/service-worker), which shows the push
 * notifications: bundled alone into one classic script at the site's root. The private
 * screens link their own manifest (src-web/public/admin.webmanifest); public pages never load
 * either.
 */
import path from 'node:path';
import { build } from 'vite';
import { SERVICE_WORKER_PATH } from '../shared/notifications/push-payload.ts';

export async function buildServiceWorker(root: string, webDir: string): Promise<void> {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    build: {
      outDir: webDir,
      emptyOutDir: false,
      target: 'es2022',
      rolldownOptions: {
        input: path.join(root, 'src-web/admin/service-worker/admin-sw.ts'),
        // A classic script: every browser with push runs it, without module workers.
        output: { format: 'iife', entryFileNames: SERVICE_WORKER_PATH.slice(1) },
      },
    },
  });
}
