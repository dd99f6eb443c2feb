import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

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
