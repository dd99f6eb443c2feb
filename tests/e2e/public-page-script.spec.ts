import { expect, test } from '@playwright/test';
import { HIDE_LARGEST_CONTENTFUL_PAINT } from '../../scripts/first-tap.ts';

/**
 * When the page asks for its script: once the banner is painted, not on a timer. It compares
 * the request's time with the page's load (a fallback asks 1 s after it), so a busy machine
 * can move it: it runs alone, after the other tests (the `phone-alone` project of
 * playwright.config.ts), as it did in the first-tap project before.
 */
test('a browser without LCP entries asks for the page’s script once the banner is painted, not 1 s after load @phone', async ({
  page,
}) => {
  await page.addInitScript({ content: HIDE_LARGEST_CONTENTFUL_PAINT });
  await page.goto('/pagePolitique', { waitUntil: 'load' });
  const address = (await page.locator('html').getAttribute('data-page-script')) ?? '';
  await expect(page.locator('[data-carousel][data-enhanced]')).toHaveCount(1, { timeout: 15_000 });
  const times = await page.evaluate((script) => {
    const [navigation] = performance.getEntriesByType(
      'navigation',
    ) as PerformanceNavigationTiming[];
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const banner = document.querySelector<HTMLImageElement>('[data-carousel] img')?.currentSrc;
    return {
      loaded: navigation?.loadEventEnd ?? NaN,
      bannerArrived: resources.find((entry) => entry.name === banner)?.responseEnd ?? NaN,
      scriptAsked: resources.find((entry) => entry.name.includes(script))?.startTime ?? NaN,
    };
  }, address);
  // Not competing with the banner, and not left waiting for a paint report that never comes.
  expect(times.scriptAsked).toBeGreaterThanOrEqual(times.bannerArrived);
  expect(times.scriptAsked).toBeLessThan(times.loaded + 1000);
});
