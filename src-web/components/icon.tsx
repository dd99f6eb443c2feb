import type { IconName } from './icon-names.ts';

export type { IconName };

interface IconProps {
  name: IconName;
  className?: string;
  /** Size in CSS units; the icon follows the font size by default. */
  size?: string;
}

/**
 * A decorative icon from the build's SVG sprite (one cached file, no JavaScript per icon).
 * It is hidden from assistive technology: give its meaning in text.
 */
export function Icon({ name, className, size }: IconProps) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      style={size ? { fontSize: size } : undefined}
      width="1em"
      height="1em"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      <use href={`/icons.svg#${name}`} />
    </svg>
  );
}
