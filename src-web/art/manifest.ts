/**
 * The pictures of the site. Each is drawn as src-web/art/<name>.svg (original work made for
 * this project) and rendered by scripts/images.ts to WebP at every width of its kind, into
 * src-web/public/img/<name>-<width>.webp.
 */
export const IMAGE_KINDS = {
  /** Carousel banners. */
  banner: { width: 1600, height: 700, widths: [480, 800, 1200, 1600] },
  /** Portfolio projects. */
  project: { width: 800, height: 600, widths: [400, 800] },
  /** Founders' portraits (illustrated, no real person). */
  founder: { width: 480, height: 480, widths: [240, 480] },
} as const;

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

export function imageUrl(name: ImageName, width: number): string {
  return `/img/${name}-${width}.webp`;
}

export function imageSrcSet(name: ImageName): string {
  return IMAGE_KINDS[IMAGES[name]].widths.map((w) => `${imageUrl(name, w)} ${w}w`).join(', ');
}
