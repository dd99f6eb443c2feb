/**
 * The components' tests only (the `dom` project of vitest.config.ts, in jsdom): Testing
 * Library's matchers, its cleanup and an emptied localStorage after each test. The Node tests
 * do not load React, jsdom or these for nothing.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // What a test kept in the browser's storage (the dashboard's drafts) is not the next one's.
  localStorage.clear();
});
