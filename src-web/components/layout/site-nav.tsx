import { ROUTES } from '../../../shared/domain/routes.ts';
import { contactLink } from '../../contact-link.ts';
import { agency, navItems } from '../../content/index.ts';
import { Icon } from '../icon.tsx';

const MENU_ID = 'navigation-principale';

/** The subject « Devis gratuit » fills in on the contact form, which the visitor may change. */
const QUOTE_SUBJECT = 'Demande de devis gratuit';

/**
 * The navigation bar. On small screens the menu sits behind a native disclosure (<details>),
 * which opens on the first tap, before and without any script; site/navigation.ts adds
 * Escape, closing it on navigation and the sticky shadow past 45 px of scroll. The menu
 * follows the disclosure rather than sitting inside it, so that wide screens show it whatever
 * the disclosure's state. Plain links: every page is its own document.
 */
export function SiteNav({ currentPath }: { currentPath: string }) {
  return (
    <nav
      className="navbar navbar-expand-lg site-nav py-2"
      data-site-nav=""
      data-sticky="false"
      aria-label="Navigation principale"
    >
      <div className="container">
        <a href={ROUTES.home} className="navbar-brand d-flex align-items-center gap-2">
          <img src="/logo.svg" alt="" width="40" height="40" />
          <span>{agency.name}</span>
        </a>
        <details className="site-menu">
          <summary className="navbar-toggler" aria-controls={MENU_ID} aria-label="Menu">
            <span className="navbar-toggler-icon" aria-hidden="true" />
          </summary>
        </details>
        <div id={MENU_ID} className="navbar-collapse">
          <ul className="navbar-nav ms-auto align-items-lg-center gap-lg-2">
            {navItems.map((item) => {
              const current = item.path === currentPath;
              return (
                <li className="nav-item" key={item.path}>
                  <a
                    href={item.path}
                    className={`nav-link px-lg-2${current ? ' active' : ''}`}
                    aria-current={current ? 'page' : undefined}
                  >
                    {item.label}
                  </a>
                </li>
              );
            })}
            <li className="nav-item ms-lg-2 my-2 my-lg-0">
              <a href={contactLink({ subject: QUOTE_SUBJECT })} className="btn btn-warning">
                <Icon name="send" className="me-2" />
                Devis gratuit
              </a>
            </li>
          </ul>
        </div>
      </div>
    </nav>
  );
}
