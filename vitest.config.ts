import { availableParallelism } from 'node:os';
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
    // The suite mostly waits (servers, child processes, SQLite on disk, timers): a worker per
    // core, two at least. Vitest's default, one fewer than the cores, ran it in 140 s on 2
    // cores, against 95 s with 2 workers; 3 gained 10 s more, but a test starting a whole
    // server then outran its limit while another build loaded the machine (docs/testing.md).
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
