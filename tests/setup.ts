import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { removeTempDirs } from './temp-dirs.ts';

afterEach(() => {
  if (typeof document !== 'undefined') cleanup();
});

afterAll(removeTempDirs);
