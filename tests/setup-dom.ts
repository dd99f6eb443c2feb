/**
 * The components' tests only (the `dom` project of vitest.config.ts, in jsdom): Testing
 * Library's matchers and its cleanup after each test. The Node tests do not load React,
 * jsdom or these for nothing.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());
