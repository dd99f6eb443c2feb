import { DEFERRED_STYLESHEET_ATTRIBUTE } from './stylesheet-attribute.ts';

/**
 * Each public page carries in a <style> element the rules its markup uses (scripts/build.ts);
 * the full stylesheet (the web fonts, the states of the form and the popups) comes once the
 * page has loaded, so that it never competes with the first paint or the first banner.
 */
export function loadDeferredStylesheet(): void {
  const href = document.documentElement.getAttribute(DEFERRED_STYLESHEET_ATTRIBUTE);
  if (!href) return;
  const append = () => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    document.head.append(link);
  };
  if (document.readyState === 'complete') append();
  else window.addEventListener('load', append, { once: true });
}
