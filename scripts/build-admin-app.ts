/**
 * The private screens as an installable app: a web app manifest of their own (start URL the
 * dashboard) linked from the login and dashboard pages only, and the service worker that
 * shows the push notifications (src-web/service-worker), bundled alone into one classic
 * script. Public pages keep their manifest and never load either.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'vite';
import { ROUTES } from '../shared/domain/routes.ts';
import { SERVICE_WORKER_PATH } from '../shared/notifications/push-payload.ts';
import { prerenderedFile } from '../src-server/site.ts';
import { agency } from '../src-web/content/index.ts';

/** Where the browser finds the manifest of the private screens. */
export const ADMIN_MANIFEST = '/admin.webmanifest';

const PUBLIC_MANIFEST_LINK = '<link rel="manifest" href="/site.webmanifest" />';

function adminManifest() {
  return {
    id: ROUTES.dashboard,
    name: `${agency.name} — Messages`,
    short_name: 'Messages',
    description: 'Les messages reçus par le formulaire de contact du site, en direct.',
    lang: 'fr',
    start_url: ROUTES.dashboard,
    scope: '/',
    display: 'standalone',
    background_color: '#f5f8fc',
    theme_color: '#0e4c92',
    icons: [
      { src: '/img/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/img/icon-512.png', sizes: '512x512', type: 'image/png' },
    ],
  };
}

export async function buildAdminApp(root: string, webDir: string): Promise<void> {
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
        input: path.join(root, 'src-web/service-worker/admin-sw.ts'),
        // A classic script: every browser with push runs it, without module workers.
        output: { format: 'iife', entryFileNames: SERVICE_WORKER_PATH.slice(1) },
      },
    },
  });
  await writeFile(
    path.join(webDir, ADMIN_MANIFEST.slice(1)),
    `${JSON.stringify(adminManifest(), null, 2)}\n`,
  );
  for (const route of [ROUTES.login, ROUTES.dashboard]) {
    const file = path.join(webDir, prerenderedFile(route));
    const html = await readFile(file, 'utf8');
    if (!html.includes(PUBLIC_MANIFEST_LINK)) {
      throw new Error(`${file} : le lien du manifeste (${PUBLIC_MANIFEST_LINK}) est introuvable.`);
    }
    await writeFile(
      file,
      html.replace(PUBLIC_MANIFEST_LINK, `<link rel="manifest" href="${ADMIN_MANIFEST}" />`),
    );
  }
}
