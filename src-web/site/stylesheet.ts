import { afterFirstScreen } from './first-screen.ts';
import { DEFERRED_STYLESHEET_ATTRIBUTE } from './stylesheet-attribute.ts';

/**
 * Each public page carries in a <style> element the rules its markup uses (scripts/build.ts);
 * the full stylesheet (the states of the form and the popups) comes once the first screen is
 * painted.
 */
export function loadDeferredStylesheet(): void {
  const href = document.documentElement.getAttribute(DEFERRED_STYLESHEET_ATTRIBUTE);
  if (!href) return;
  afterFirstScreen(() => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    document.head.append(link);
  });
}
