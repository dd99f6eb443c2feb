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
    // The suite mostly waits (servers, child processes, SQLite on disk, timers): one worker
    // more than there are cores keeps them busy. Vitest's default, one fewer, ran the suite in
    // 140 s on 2 cores, against 84 s with 3 workers (docs/testing.md).
    maxWorkers: availableParallelism() + 1,
  },
});
