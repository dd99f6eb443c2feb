import { IMAGE_KINDS, IMAGES, imageSrcSet, imageUrl } from '../art/manifest.ts';
import type { ImageRef } from '../content/types.ts';

interface PictureProps {
  image: ImageRef;
  /** The `sizes` attribute: how wide the picture is shown at each viewport width. */
  sizes: string;
  className?: string;
  /** Above the fold: load at once and with high priority. */
  priority?: boolean;
}

/** A WebP picture at the widths of its kind, with its intrinsic size so nothing shifts. */
export function Picture({ image, sizes, className, priority = false }: PictureProps) {
  const kind = IMAGE_KINDS[IMAGES[image.name]];
  return (
    <img
      src={imageUrl(image.name, kind.widths[kind.widths.length - 1] ?? kind.width)}
      srcSet={imageSrcSet(image.name)}
      sizes={sizes}
      width={kind.width}
      height={kind.height}
      alt={image.alt}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
    />
  );
}
