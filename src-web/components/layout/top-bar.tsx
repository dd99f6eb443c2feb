import { agency } from '../../content/index.ts';
import { telHref } from '../../format.ts';
import { Icon } from '../icon.tsx';
import { SocialLinks } from '../social-links.tsx';

/** Address, phone, e-mail and the four networks; shown on desktop only (spec section 2). */
export function TopBar() {
  return (
    <div className="top-bar d-none d-lg-block">
      <div className="container d-flex align-items-center justify-content-between py-2 gap-4">
        <ul className="list-unstyled d-flex flex-wrap gap-4 mb-0">
          <li>
            <Icon name="geo-alt" className="me-2 text-warning" />
            {agency.address.display}
          </li>
          <li>
            <Icon name="telephone" className="me-2 text-warning" />
            <a href={telHref(agency.phone.e164)}>{agency.phone.display}</a>
          </li>
          <li>
            <Icon name="envelope" className="me-2 text-warning" />
            <a href={`mailto:${agency.email}`}>{agency.email}</a>
          </li>
        </ul>
        <SocialLinks
          links={agency.socials}
          label="Réseaux sociaux de l’agence"
          className="top-bar-socials"
        />
      </div>
    </div>
  );
}
