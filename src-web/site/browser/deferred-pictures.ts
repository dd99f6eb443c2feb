/** Marks the place a picture waits in, its markup in a <noscript> (components/picture.tsx). */
export const DEFERRED_PICTURE_ATTRIBUTE = 'data-deferred-picture';

/**
 * Puts the waiting pictures in place. The page's script runs once the banner is painted, so
 * they no longer compete with it; they keep `loading="lazy"`, so the browser still fetches
 * each one as it nears the screen. With JavaScript on, a <noscript>'s content is the markup
 * as written in the page, which is parsed here.
 */
export function showDeferredPictures(): void {
  for (const place of document.querySelectorAll(`[${DEFERRED_PICTURE_ATTRIBUTE}]`)) {
    const markup = place.querySelector('noscript')?.textContent;
    if (!markup) continue;
    const template = document.createElement('template');
    template.innerHTML = markup;
    place.replaceWith(template.content);
  }
}
