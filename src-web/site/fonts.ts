import interUrl from '../fonts/generated/inter.woff2?url';
import notoSansArabicUrl from '../fonts/generated/noto-sans-arabic.woff2?url';
import outfitUrl from '../fonts/generated/outfit.woff2?url';
import { fontFaceDescriptors, webFontsFor, type WebFont } from '../fonts/web-fonts.ts';
import { afterFirstScreen, afterNextFrame } from './first-screen.ts';

const URLS: Record<WebFont['file'], string> = {
  'inter.woff2': interUrl,
  'outfit.woff2': outfitUrl,
  'noto-sans-arabic.woff2': notoSansArabicUrl,
};

/** How long a font that has arrived waits for the others before being used alone. */
const TOGETHER_MS = 3000;

/**
 * The web fonts of the public pages (the Arabic one on Arabic pages only). Until they come, text is set in a local font stretched
 * to their metrics (fallbacks.css, inline in every page), so nothing moves when they do.
 * They are fetched once the first screen is painted, and put to use together in one frame
 * once both have arrived: adding a font makes the browser lay all the text out again, so
 * doing it once (rather than once per font, plus once when a stylesheet declares them, as
 * @font-face rules would) spares a slow phone two long tasks. A font still on its way after
 * TOGETHER_MS is used when it comes; one that cannot be fetched leaves the local font.
 * Without JavaScript, the pages' <noscript> declares the same fonts (scripts/build.ts).
 */
export function loadWebFonts(): void {
  if (!('fonts' in document)) return;
  afterFirstScreen(() => void showWebFonts());
}

async function showWebFonts(): Promise<void> {
  try {
    const faces = webFontsFor(document.documentElement.lang).map(
      (font) =>
        new FontFace(
          font.family,
          `url(${URLS[font.file]}) format('woff2')`,
          fontFaceDescriptors(font),
        ),
    );
    const addArrived = async () => {
      await afterNextFrame();
      for (const face of faces) {
        if (face.status === 'loaded' && !document.fonts.has(face)) document.fonts.add(face);
      }
    };
    const arrivals = Promise.allSettled(faces.map((face) => face.load()));
    await Promise.race([arrivals, new Promise((resolve) => setTimeout(resolve, TOGETHER_MS))]);
    await addArrived();
    await arrivals;
    await addArrived();
  } catch {
    // The local fonts stay: the page reads the same.
  }
}
