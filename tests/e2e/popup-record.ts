import type { Page } from '@playwright/test';

/** What a popup said and when, as the page itself saw it (recordPopup). */
export interface PopupRecord {
  title: string;
  text: string;
  confirmShown: boolean;
  /** performance.now() when the popup was put in the page, and when it started to close. */
  shown: number;
  closing: number;
  pathWhenClosing: string;
}

/**
 * Records, in the page, what the next popup says and when it is put in the page (the task
 * that starts its timer) and starts to close, with where the page was then: on a loaded
 * machine the test's own polling can miss a 700 ms popup, but the page cannot. Read it with
 * recordedPopup() once the page has moved on.
 */
export async function recordPopup(page: Page) {
  await page.evaluate(() => {
    const seen: Partial<PopupRecord> = {};
    (window as unknown as { popupSeen: Partial<PopupRecord> }).popupSeen = seen;
    new MutationObserver(() => {
      const now = performance.now();
      const popupElement = document.querySelector('.swal2-popup');
      if (seen.shown === undefined && popupElement) seen.shown = now;
      if (popupElement && seen.title === undefined) {
        const title = popupElement.querySelector('.swal2-title')?.textContent ?? '';
        if (title !== '') {
          seen.title = title;
          seen.text = popupElement.querySelector('.swal2-html-container')?.textContent ?? '';
          const confirm = popupElement.querySelector<HTMLElement>('.swal2-confirm');
          seen.confirmShown = confirm !== null && confirm.style.display !== 'none';
        }
      }
      const closing =
        document.querySelector('.swal2-popup.swal2-hide') !== null ||
        (seen.shown !== undefined && popupElement === null);
      if (seen.shown !== undefined && seen.closing === undefined && closing) {
        seen.closing = now;
        seen.pathWhenClosing = location.pathname;
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

export function recordedPopup(page: Page): Promise<PopupRecord> {
  return page.evaluate(() => (window as unknown as { popupSeen: PopupRecord }).popupSeen);
}
