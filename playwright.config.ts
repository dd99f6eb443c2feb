import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.ts';
import { E2E_SERVER_ENV } from './tests/e2e/fixtures.ts';

/** End-to-end tests: the built site served by the real server, in Debian's Chromium. */
const port = Number(process.env.E2E_PORT ?? 4173);

const chromium = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

/** A test that compares times in the page, which runs alone (public-page-script.spec.ts). */
const ALONE = '**/public-page-script.spec.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  // A test's ceiling, not a wait: on CI's shared machine at load 15 a test that walks a screen
  // with axe took 30–40 s (axe's page.evaluate alone over 20 s), and passed alone in 8 s.
  timeout: process.env.CI ? 90_000 : 30_000,
  // An assertion waits for what the user would see. On a shared, loaded machine (CI runs there)
  // a page can take more than Playwright’s default 5 s to show it: a fresh clone at load 20 saw
  // the new-device link page still loading its backend at 5 s. The wait ends as soon as it shows.
  expect: { timeout: process.env.CI ? 15_000 : 5_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'fr-FR',
    timezoneId: 'Africa/Algiers',
    trace: 'retain-on-failure',
    launchOptions: chromium,
  },
  // A test tagged @desktop runs at the laptop width only, one tagged @phone at the phone width
  // only: a test whose outcome does not depend on the width runs once. Untagged, at both.
  projects: [
    {
      name: 'desktop',
      testIgnore: ALONE,
      grepInvert: /@phone\b/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: chromium,
      },
    },
    {
      name: 'phone',
      testIgnore: ALONE,
      grepInvert: /@desktop\b/,
      use: { ...devices['Pixel 7'], launchOptions: chromium },
    },
    {
      // Compares the page's request times with its load: run alone, once every other test has
      // finished, so that the other worker's browser does not share the two cores.
      name: 'phone-alone',
      testMatch: ALONE,
      dependencies: ['desktop', 'phone'],
      workers: 1,
      use: { ...devices['Pixel 7'], launchOptions: chromium },
    },
  ],
  webServer: {
    // The real app, on a temporary data folder it removes when SIGTERM stops it.
    command: 'node tests/e2e/serve.ts',
    url: `http://127.0.0.1:${port}/pageAccueil`,
    reuseExistingServer: false,
    timeout: 60_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      ...E2E_SERVER_ENV,
      PORT: String(port),
      // Wrong-password tests run at two widths, with retries: the throttle has its own tests.
      SIGN_IN_MAX_FAILURES: '1000',
    },
  },
});
