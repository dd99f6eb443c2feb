import interUrl from '../fonts/generated/inter.woff2?url';
import outfitUrl from '../fonts/generated/outfit.woff2?url';
import { fontWeights, WEB_FONTS, type WebFont } from '../fonts/web-fonts.ts';
import { afterFirstScreen, afterNextFrame } from './first-screen.ts';

const URLS: Record<WebFont['file'], string> = {
  'inter.woff2': interUrl,
  'outfit.woff2': outfitUrl,
};

/**
 * The web fonts of the public pages. Until they come, text is set in a local font stretched
 * to their metrics (fallbacks.css, inline in every page), so nothing moves when they do.
 * They are fetched once the first screen is painted, and put to use together in one frame
 * once both have arrived: adding a font makes the browser lay all the text out again, so
 * doing it once (rather than once per font, plus once when a stylesheet declares them, as
 * @font-face rules would) spares a slow phone two long tasks. A font that cannot be fetched
 * leaves the local one. Without JavaScript, the pages' <noscript> declares the same fonts
 * (scripts/build.ts).
 */
export function loadWebFonts(): void {
  if (!('fonts' in document)) return;
  afterFirstScreen(async () => {
    const faces = WEB_FONTS.map(
      (font) =>
        new FontFace(font.family, `url(${URLS[font.file]}) format('woff2')`, {
          weight: fontWeights(font),
          style: 'normal',
          display: 'swap',
        }),
    );
    const loaded = await Promise.allSettled(faces.map((face) => face.load()));
    await afterNextFrame();
    faces.forEach((face, index) => {
      if (loaded[index]?.status === 'fulfilled') document.fonts.add(face);
    });
  });
}
