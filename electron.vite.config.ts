import { readFile } from 'node:fs/promises';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { RENDERER_CSP_META } from './src-electron/main/content-security-policy.ts';

/**
 * The desktop console (`npm run desktop`, `npm run desktop:compile`): the main process, the
 * preload and the renderer, built into dist/electron. The renderer mounts src-web's login
 * and dashboard; see docs/desktop.md.
 */
const root = import.meta.dirname;
const out = (part: string) => path.join(root, 'dist/electron', part);

/** The only files of src-web/public the console's screens use (the rest is the site's). */
const PUBLIC_FILES = ['logo.svg', 'favicon.svg', 'icons.svg'];

/** Copies those files into the renderer build, and writes the CSP into its page. */
function consoleRendererFiles(): Plugin {
  return {
    name: 'console-renderer-files',
    apply: 'build',
    async generateBundle() {
      for (const fileName of PUBLIC_FILES) {
        this.emitFile({
          type: 'asset',
          fileName,
          source: await readFile(path.join(root, 'src-web/public', fileName)),
        });
      }
    },
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: RENDERER_CSP_META },
        injectTo: 'head-prepend',
      },
    ],
  };
}

/**
 * The console always hands the screens its IPC backend (BackendProvider): the site's own
 * backend choice, and the Firebase SDK and build-time config it would pull in, stay out.
 */
function withoutConfiguredBackend(): Plugin {
  const loader = path.join(root, 'src-web/backend/load-backend.ts');
  return {
    name: 'console-without-configured-backend',
    enforce: 'pre',
    load(id) {
      if (path.normalize(id.split('?')[0] ?? '') !== loader) return null;
      return [
        'export function loadConfiguredBackend() {',
        "  return Promise.reject(new Error('La console fournit son propre backend.'));",
        '}',
      ].join('\n');
    },
  };
}

export default defineConfig({
  main: {
    build: {
      outDir: out('main'),
      // One self-contained file: the packaged app ships no node_modules.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: path.join(root, 'src-electron/main/index.ts') },
      },
    },
  },
  preload: {
    build: {
      outDir: out('preload'),
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: path.join(root, 'src-electron/preload/index.ts') },
        // A sandboxed preload must be CommonJS; `.cjs` because the package is an ES module.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: path.join(root, 'src-electron/renderer'),
    // Served by the dev server; the build copies only PUBLIC_FILES.
    publicDir: path.join(root, 'src-web/public'),
    envDir: root,
    plugins: [react(), withoutConfiguredBackend(), consoleRendererFiles()],
    resolve: {
      alias: [
        // The build of SweetAlert2 that injects no <style> (its CSS is imported by main.tsx).
        { find: /^sweetalert2$/, replacement: 'sweetalert2/dist/sweetalert2.esm.js' },
        // zod in jitless mode before any schema is built (src-web/lib/zod-browser.ts).
        { find: /^zod$/, replacement: path.join(root, 'src-web/lib/zod-browser.ts') },
      ],
    },
    css: {
      preprocessorOptions: {
        scss: {
          quietDeps: true,
          silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
        },
      },
    },
    build: {
      outDir: out('renderer'),
      emptyOutDir: true,
      copyPublicDir: false,
      assetsInlineLimit: 0,
      minify: true,
      rolldownOptions: {
        input: path.join(root, 'src-electron/renderer/index.html'),
      },
    },
  },
});
