import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['tests/**/*.test.{ts,tsx}', 'functions/test/**/*.test.ts'],
    setupFiles: ['tests/setup.ts'],
    // Components run in jsdom (declared per file with @vitest-environment); the rest in Node.
    environment: 'node',
    restoreMocks: true,
    testTimeout: 20_000,
  },
});
