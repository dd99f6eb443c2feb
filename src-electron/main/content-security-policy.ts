/**
 * The renderer's Content-Security-Policy. Pure data: the main process sends it with every
 * file of the custom protocol, the renderer build writes it in a <meta> tag too, and the
 * renderer's browser test serves it.
 *
 * - scripts, styles, fonts and images only from the app itself (SweetAlert2 is bundled
 *   without its style-injecting build, so no inline style is needed; React sets styles
 *   through the CSSOM, which CSP does not govern);
 * - `data:` images for Bootstrap's form icons;
 * - no network at all: the main process talks to the backend, the renderer only to it;
 * - no frames, plugins, <base> or form posts.
 */
const PRODUCTION_DIRECTIVES = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
];

export const RENDERER_CSP = PRODUCTION_DIRECTIVES.join('; ');

/** The same policy as a <meta> tag allows it (frame-ancestors only works as a header). */
export const RENDERER_CSP_META = PRODUCTION_DIRECTIVES.filter(
  (directive) => !directive.startsWith('frame-ancestors'),
).join('; ');

/**
 * Development only (electron-vite's dev server): Vite injects styles and the React refresh
 * preamble inline, and talks to its server over a WebSocket.
 */
export function developmentCsp(devServerOrigin: string): string {
  const socket = devServerOrigin.replace(/^http/, 'ws');
  return [
    "default-src 'none'",
    "script-src 'self' 'unsafe-inline'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${socket}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}
