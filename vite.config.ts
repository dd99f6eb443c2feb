import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import type { UserDefinedOptions } from '@fullhuman/postcss-purgecss';
import type { PluginCreator } from 'postcss';

// The package is CommonJS (module.exports = plugin) while its types declare a default export.
const purgeCss = createRequire(import.meta.url)(
  '@fullhuman/postcss-purgecss',
) as PluginCreator<UserDefinedOptions>;

/**
 * The public site. `npm run build` (scripts/build.ts) builds it for the browser, then for
 * Node to prerender every route; `vite` alone serves it in development with /api proxied to
 * the local server.
 */
export default defineConfig({
  root: 'src-web',
  publicDir: 'public',
  envDir: '..',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    assetsInlineLimit: 0,
    target: 'es2022',
    manifest: true,
    // The plugin timing report is noise in every build's output.
    rolldownOptions: { checks: { pluginTimings: false } },
  },
  css: {
    postcss: {
      plugins: [
        // Bootstrap ships thousands of classes; keep the ones the site's sources use. Class
        // names are always written out whole in the sources, so none is built from pieces.
        purgeCss({
          content: ['src-web/**/*.{ts,tsx,html}', 'src-electron/renderer/**/*.{ts,tsx,html}'],
          safelist: { standard: [/^swal2-/], deep: [], greedy: [] },
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
