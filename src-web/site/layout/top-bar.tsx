import { useCatalogue } from '../../content/catalogue-context.tsx';
import { ContactList } from '../components/contact-list.tsx';
import { SocialLinks } from '../components/social-links.tsx';

/** Address, phone, e-mail and the four networks; shown on desktop only (docs/architecture.md). */
export function TopBar() {
  const { agency, ui } = useCatalogue();
  return (
    <div className="top-bar d-none d-lg-block">
      <div className="container d-flex align-items-center justify-content-between py-2 gap-4">
        <ContactList className="list-unstyled d-flex flex-wrap gap-4 mb-0" />
        <SocialLinks
          links={agency.socials}
          label={ui.footer.socialsLabel}
          className="top-bar-socials"
        />
      </div>
    </div>
  );
}
