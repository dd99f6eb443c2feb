import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { UserDefinedOptions } from '@fullhuman/postcss-purgecss';
import type { PluginCreator } from 'postcss';

// The package is CommonJS (module.exports = plugin) while its types declare a default export.
const purgeCss = createRequire(import.meta.url)(
  '@fullhuman/postcss-purgecss',
) as PluginCreator<UserDefinedOptions>;

/**
 * The site. `npm run build` (scripts/build.ts) builds it for the browser, then for Node to
 * prerender every route.
 */
export default defineConfig({
  // Absolute, so that a build started from another folder (npm start's cwd) finds its pages.
  root: path.join(import.meta.dirname, 'src-web'),
  publicDir: 'public',
  envDir: '..',
  plugins: [react()],
  resolve: {
    alias: [
      // The build of SweetAlert2 that injects no <style>: its CSS comes with popups.ts.
      { find: /^sweetalert2$/, replacement: 'sweetalert2/dist/sweetalert2.esm.js' },
      // zod in jitless mode before any schema is built (src-web/lib/zod-browser.ts).
      { find: /^zod$/, replacement: path.join(import.meta.dirname, 'src-web/lib/zod-browser.ts') },
    ],
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    assetsInlineLimit: 0,
    target: 'es2022',
    manifest: true,
    // scripts/build.ts names the pages: site/index.html (the public pages,
    // site/browser/main.ts), then admin/admin.html (the private screens) apart, so that the public pages' script shares no
    // chunk with them and arrives as one file.
    rolldownOptions: {
      // The plugin timing report is noise in every build's output.
      checks: { pluginTimings: false },
    },
  },
  css: {
    postcss: {
      plugins: [
        // Bootstrap ships thousands of classes; keep the ones the site's sources use. Class
        // names are always written out whole in the sources, so none is built from pieces.
        purgeCss({
          content: ['src-web/**/*.{ts,tsx,html}', 'src-electron/renderer/**/*.{ts,tsx,html}'].map(
            (glob) => path.join(import.meta.dirname, glob),
          ),
          // SweetAlert2's classes are set by its script, and some of its rules select on
          // attributes (`[class^=swal2-x-mark-line]`): keep every rule that names them. The
          // right-to-left rules select on <html dir="rtl">, which the build writes on the
          // Arabic pages (scripts/build.ts), out of PurgeCSS's sight.
          safelist: { standard: [/^swal2-/], deep: [], greedy: [/swal2-/, /^dir$/] },
          variables: false,
        }),
      ],
    },
    preprocessorOptions: {
      // Bootstrap 5.3's Sass still uses @import and global functions: silence its warnings.
      scss: {
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
