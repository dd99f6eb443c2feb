import type { SocialLink } from '../../content/types.ts';
import { Icon } from '../../components/icon.tsx';

const NETWORK_ICONS = {
  facebook: 'facebook',
  instagram: 'instagram',
  linkedin: 'linkedin',
  tiktok: 'tiktok',
  youtube: 'youtube',
  github: 'github',
  behance: 'behance',
  website: 'globe',
} as const;

interface SocialLinksProps {
  links: readonly SocialLink[];
  className?: string;
  /** Label of the list for assistive technology. */
  label: string;
}

export function SocialLinks({ links, className, label }: SocialLinksProps) {
  return (
    <ul className={`list-unstyled d-flex gap-2 mb-0 ${className ?? ''}`} aria-label={label}>
      {links.map((link) => (
        <li key={link.url}>
          <a
            className="social-link"
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={link.label}
            title={link.label}
          >
            <Icon name={NETWORK_ICONS[link.network]} />
          </a>
        </li>
      ))}
    </ul>
  );
}
