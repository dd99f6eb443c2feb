/**
 * The pictures of the site. Each is drawn as src-web/art/<name>.svg (original work made for
 * this project) and rendered by scripts/images.ts to AVIF and WebP at every width of its kind,
 * into src-web/public/img/<name>-<width>.<format>; a kind with a phone cut also gets
 * <name>-phone-<width>.<format>, which phones download instead of the full picture.
 */

/** AVIF first (the smallest); WebP for the browsers that do not read AVIF. */
export const IMAGE_FORMATS = ['avif', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** The widths below Bootstrap's md breakpoint, where the styles lay the banner out for phones. */
export const PHONE_MEDIA = '(max-width: 767.98px)';
export const WIDE_MEDIA = '(min-width: 768px)';

interface PhoneCut {
  /** Aspect ratio of the cut: the styles' `aspect-ratio` on phones. */
  width: number;
  height: number;
  /** Where the cut sits across the picture, 0 (left) to 1 (right): the styles' `object-position`. */
  focusX: number;
  widths: readonly number[];
  /**
   * The width written into the page itself when the picture is the first screen's
   * (Picture's `priority`): a phone then shows it with the page, without a request of its own.
   */
  inlineWidth?: number;
}

interface ImageKindSpec {
  width: number;
  height: number;
  widths: readonly number[];
  phone?: PhoneCut;
}

export const IMAGE_KINDS = {
  /**
   * Carousel banners. A phone shows them at 16:9, the full height cut around the illustration
   * (styles: .hero-carousel), so it gets that cut only, at the widths of phone screens (a
   * 412 px screen at 1.75 device pixels needs 721; 390 px at 3 needs 1170).
   */
  banner: {
    width: 1600,
    height: 700,
    widths: [480, 800, 1200, 1600],
    phone: { width: 16, height: 9, focusX: 0.85, widths: [480, 760, 1080], inlineWidth: 760 },
  },
  /** Portfolio projects. */
  project: { width: 800, height: 600, widths: [400, 800] },
  /** Founders' portraits (illustrated, no real person). */
  founder: { width: 480, height: 480, widths: [240, 480] },
} as const satisfies Record<string, ImageKindSpec>;

export type ImageKind = keyof typeof IMAGE_KINDS;

export const IMAGES = {
  'banner-1': 'banner',
  'banner-2': 'banner',
  'banner-3': 'banner',
  'banner-4': 'banner',
  'banner-5': 'banner',
  'banner-6': 'banner',
  'project-1': 'project',
  'project-2': 'project',
  'project-3': 'project',
  'project-4': 'project',
  'project-5': 'project',
  'project-6': 'project',
  'project-7': 'project',
  'project-8': 'project',
  'project-9': 'project',
  'project-10': 'project',
  'founder-1': 'founder',
  'founder-2': 'founder',
  'founder-3': 'founder',
} as const satisfies Record<string, ImageKind>;

export type ImageName = keyof typeof IMAGES;

export function imageKind(name: ImageName): ImageKindSpec {
  return IMAGE_KINDS[IMAGES[name]];
}

export function imageUrl(
  name: ImageName,
  width: number,
  format: ImageFormat = 'webp',
  cut: 'full' | 'phone' = 'full',
): string {
  return `/img/${name}${cut === 'phone' ? '-phone' : ''}-${width}.${format}`;
}

/**
 * Ends an address that the build writes into the page as a `data:` URL (scripts/build.ts,
 * `inlinePictures`). Anywhere else it is served as the file it names: a fragment changes
 * nothing to an image request.
 */
export const INLINE_FRAGMENT = '#inline';

/**
 * Phones sharper than this (Pixels, Galaxies, iPhones: 2.6 to 3 device pixels per CSS pixel)
 * need more than the width written into the page: they get their own <source>, ahead of the
 * one that holds the data (which they would otherwise read to its end before finding the
 * larger file), and the head preloads that file for them.
 */
export const SHARP_PHONE_MEDIA = `${PHONE_MEDIA} and (min-resolution: 2.2dppx)`;

/**
 * The phone cut's AVIF candidates for the first screen's picture, `inline` (up to 2.2 device
 * pixels per CSS pixel: the width written into the page, so the picture shows with the page
 * instead of one more round trip later) or `sharp` (SHARP_PHONE_MEDIA: the larger files). The
 * smaller widths go: the one in the page costs nothing more.
 */
export function firstScreenPhoneSrcSet(name: ImageName, screens: 'inline' | 'sharp'): string {
  const phone = imageKind(name).phone;
  if (!phone?.inlineWidth) return imageSrcSet(name, 'avif', 'phone');
  const inline = phone.inlineWidth;
  return phone.widths
    .filter((w) => (screens === 'inline' ? w === inline : w > inline))
    .map((w) => {
      const url = imageUrl(name, w, 'avif', 'phone');
      return `${screens === 'inline' ? `${url}${INLINE_FRAGMENT}` : url} ${w}w`;
    })
    .join(', ');
}

export function imageSrcSet(
  name: ImageName,
  format: ImageFormat = 'webp',
  cut: 'full' | 'phone' = 'full',
): string {
  const kind = imageKind(name);
  const widths = cut === 'phone' ? (kind.phone?.widths ?? []) : kind.widths;
  return widths.map((w) => `${imageUrl(name, w, format, cut)} ${w}w`).join(', ');
}
