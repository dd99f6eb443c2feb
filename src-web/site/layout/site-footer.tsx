import { ROUTES } from '../../../shared/domain/routes.ts';
import { useCatalogue, useLocalizedPath } from '../../content/catalogue-context.tsx';
import { ContactList } from '../components/contact-list.tsx';
import { Icon } from '../../components/icon.tsx';
import { SocialLinks } from '../components/social-links.tsx';
import { LanguageSwitch } from './language-switch.tsx';

/** About text, contact details, networks, quick links, copyright; the logo opens the login. */
export function SiteFooter({ currentPath }: { currentPath: string }) {
  const { agency, navItems, ui } = useCatalogue();
  const href = useLocalizedPath();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer pt-5 mt-auto">
      <div className="container">
        <div className="row g-4">
          <div className="col-lg-4">
            <a
              href={ROUTES.login}
              className="d-inline-flex align-items-center gap-2 mb-3 text-decoration-none"
            >
              <img src="/logo.svg" alt="" width="48" height="48" loading="lazy" />
              <span className="footer-title h5 mb-0">{agency.name}</span>
              <span className="visually-hidden">{ui.footer.adminSpace}</span>
            </a>
            <p>{agency.about}</p>
          </div>
          <div className="col-sm-6 col-lg-4">
            <h2 className="footer-title mb-3">{ui.footer.contactTitle}</h2>
            <ContactList className="list-unstyled d-grid gap-2">
              <li>
                <Icon name="clock" className="me-2 text-warning" />
                {agency.openingHours}
              </li>
            </ContactList>
            <SocialLinks links={agency.socials} label={ui.footer.socialsLabel} className="mt-3" />
          </div>
          <div className="col-sm-6 col-lg-4">
            <nav aria-label={ui.footer.quickLinks}>
              <h2 className="footer-title mb-3">{ui.footer.quickLinks}</h2>
              <ul className="list-unstyled d-grid gap-2">
                {navItems.map((item) => (
                  <li key={item.path}>
                    <a href={href(item.path)}>
                      <Icon name="chevron-right" className="me-1 small icon-flip" />
                      {item.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            {/* Beside the quick links, not among them: those are the spec's six pages. */}
            <p className="mt-2 mb-0">
              <Icon name="globe" className="me-1 small" />
              <LanguageSwitch currentPath={currentPath} />
            </p>
          </div>
        </div>
        <hr className="border-secondary my-4" />
        <p className="small mb-0 text-center">
          © {year} {agency.copyright}. {ui.footer.rights}
        </p>
      </div>
    </footer>
  );
}
