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
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
