/**
 * On a public page's <html>: the address of the full stylesheet, which the page's own CSS
 * does without for its first paint (written by scripts/build.ts, read by stylesheet.ts).
 */
export const DEFERRED_STYLESHEET_ATTRIBUTE = 'data-deferred-stylesheet';
