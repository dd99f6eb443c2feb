import { ICON_SPRITE, type IconName } from './icon-names.ts';

export type { IconName };

interface IconProps {
  name: IconName;
  className?: string;
  /** Size in CSS units; the icon follows the font size by default. */
  size?: string;
}

/**
 * A decorative icon from the build's SVG sprite (one cached file, no JavaScript per icon).
 * It is hidden from assistive technology: give its meaning in text. Its size (1em) and colour
 * (the text's) come from the `.icon` rule, which every page carries in its own CSS. In the
 * public pages, the build points it at the symbol's id in the page itself, which the page's
 * script fills (site/browser/icons.ts).
 */
export function Icon({ name, className, size }: IconProps) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      style={size ? { fontSize: size } : undefined}
      aria-hidden="true"
    >
      <use href={`${ICON_SPRITE}#${name}`} />
    </svg>
  );
}
