import {
  IMAGE_FORMATS,
  PHONE_MEDIA,
  imageKind,
  imageSrcSet,
  imageUrl,
  firstScreenPhoneSrcSet,
  SHARP_PHONE_MEDIA,
} from '../../art/manifest.ts';
import type { ImageRef } from '../../content/types.ts';
import { DEFERRED_PICTURE_ATTRIBUTE } from '../browser/deferred-pictures.ts';

interface PictureProps {
  image: ImageRef;
  /** The `sizes` attribute: how wide the picture is shown at each viewport width. */
  sizes: string;
  className?: string;
  /**
   * Above the fold: load at once and with high priority; a phone gets its cut inside the page
   * (firstScreenPhoneSrcSet).
   */
  priority?: boolean;
  /**
   * Near the first screen (a browser fetches lazy pictures well before they show): the
   * picture waits, as markup, until the page's script puts it in place once the banner is
   * painted (site/browser/deferred-pictures.ts), so that on a slow link it does not share the network
   * with the banner. Its place is kept meanwhile. Without JavaScript, the <noscript> holding
   * it shows it as usual.
   */
  deferred?: boolean;
}

/**
 * The picture at the widths of its kind, in AVIF or else WebP, with its intrinsic size so
 * nothing shifts. A kind with a phone cut gives phones that cut, at full screen width, and
 * wider screens the whole picture.
 */
export function Picture({
  image,
  sizes,
  className,
  priority = false,
  deferred = false,
}: PictureProps) {
  const kind = imageKind(image.name);
  const { phone } = kind;
  const picture = (
    <picture>
      {phone &&
        priority &&
        (['sharp', 'inline'] as const).map((screens) => (
          <source
            key={`phone-avif-${screens}`}
            media={screens === 'sharp' ? SHARP_PHONE_MEDIA : PHONE_MEDIA}
            type="image/avif"
            srcSet={firstScreenPhoneSrcSet(image.name, screens)}
            sizes={sizes}
            width={phone.width * 100}
            height={phone.height * 100}
          />
        ))}
      {phone &&
        IMAGE_FORMATS.filter((format) => !priority || format !== 'avif').map((format) => (
          <source
            key={`phone-${format}`}
            media={PHONE_MEDIA}
            type={`image/${format}`}
            srcSet={imageSrcSet(image.name, format, 'phone')}
            sizes={sizes}
            width={phone.width * 100}
            height={phone.height * 100}
          />
        ))}
      <source
        type="image/avif"
        srcSet={imageSrcSet(image.name, 'avif')}
        sizes={sizes}
        width={kind.width}
        height={kind.height}
      />
      <img
        src={imageUrl(image.name, kind.widths[kind.widths.length - 1] ?? kind.width)}
        srcSet={imageSrcSet(image.name)}
        sizes={sizes}
        width={kind.width}
        height={kind.height}
        alt={image.alt}
        className={className}
        // Eager loading and automatic priority are the defaults: no attribute for them.
        loading={priority ? undefined : 'lazy'}
        decoding={priority ? 'sync' : 'async'}
        fetchPriority={priority ? 'high' : undefined}
      />
    </picture>
  );
  if (!deferred) return picture;
  return (
    <span
      className={className ? `deferred-picture ${className}` : 'deferred-picture'}
      style={{ aspectRatio: `${kind.width} / ${kind.height}` }}
      {...{ [DEFERRED_PICTURE_ATTRIBUTE]: '' }}
    >
      <noscript>{picture}</noscript>
    </span>
  );
}
