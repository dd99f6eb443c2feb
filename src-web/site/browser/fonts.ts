import interUrl from '../../fonts/generated/inter.woff2?url';
import notoSansArabicUrl from '../../fonts/generated/noto-sans-arabic.woff2?url';
import outfitUrl from '../../fonts/generated/outfit.woff2?url';
import {
  fontFaceDescriptors,
  webFontsFor,
  WEB_FONTS_LATE_MS,
  type WebFont,
} from '../../fonts/web-fonts.ts';
import { afterFirstScreen, afterNextFrame } from './first-screen.ts';

const URLS: Record<WebFont['file'], string> = {
  'inter.woff2': interUrl,
  'outfit.woff2': outfitUrl,
  'noto-sans-arabic.woff2': notoSansArabicUrl,
};

/**
 * The web fonts of the public pages (the Arabic one on Arabic pages only). Until they come,
 * text is set in a local font stretched to their metrics (fallbacks.css, inline in every
 * page), so nothing moves when they do. They are fetched once the first screen is painted,
 * and put to use together in one frame if they have all arrived within WEB_FONTS_LATE_MS:
 * adding a font makes the browser lay all the text out again, so doing it once (rather than
 * once per font, plus once when a stylesheet declares them, as @font-face rules would) spares
 * a slow phone long tasks. One that cannot be fetched leaves the local font.
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
    const arrived = Promise.allSettled(faces.map((face) => face.load())).then(() => true);
    const late = new Promise<false>((resolve) =>
      setTimeout(() => resolve(false), WEB_FONTS_LATE_MS),
    );
    if (!(await Promise.race([arrived, late]))) return;
    await afterNextFrame();
    for (const face of faces) if (face.status === 'loaded') document.fonts.add(face);
  } catch {
    // The local fonts stay: the page reads the same.
  }
}
