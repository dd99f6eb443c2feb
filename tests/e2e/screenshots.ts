import type { Locator, Page } from '@playwright/test';

/**
 * Whether this run takes the screenshots a person looks at (`E2E_SCREENSHOTS=1`): they assert
 * nothing, so an ordinary run (`npm test`, CI) skips them. Asked for, each is written beside the
 * test's other output (`test-results/`), to be opened with an image viewer (docs/testing.md,
 * « Regarder les écrans »).
 */
export const SCREENSHOTS_ASKED = process.env.E2E_SCREENSHOTS === '1';

/** Takes `target`'s screenshot when the run asks for them (SCREENSHOTS_ASKED), else nothing. */
export async function screenshotIfAsked(
  target: Page | Locator,
  options: Parameters<Page['screenshot']>[0] & { path: string },
): Promise<void> {
  if (!SCREENSHOTS_ASKED) return;
  await target.screenshot(options);
}
