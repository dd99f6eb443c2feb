import { ROUTES } from '../../../shared/domain/routes.ts';
import { INLINE_FRAGMENT } from '../../art/manifest.ts';
import { contactLink } from '../contact-link.ts';
import { useCatalogue, useLocalizedPath } from '../../content/catalogue-context.tsx';
import { Icon } from '../../components/icon.tsx';
import { LanguageSwitch } from './language-switch.tsx';

const MENU_ID = 'navigation-principale';

/**
 * The navigation bar. On small screens the menu sits behind a native disclosure (<details>),
 * which opens on the first tap, before and without any script; browser/navigation.ts adds
 * Escape, closing it on navigation and the sticky shadow past 45 px of scroll. The menu
 * follows the disclosure rather than sitting inside it, so that wide screens show it whatever
 * the disclosure's state. Plain links: every page is its own document.
 */
export function SiteNav({ currentPath }: { currentPath: string }) {
  const { agency, language, navItems, ui } = useCatalogue();
  const href = useLocalizedPath();
  return (
    <nav
      className="navbar navbar-expand-lg site-nav py-2"
      data-site-nav=""
      data-sticky="false"
      aria-label={ui.nav.label}
    >
      <div className="container">
        <a href={href(ROUTES.home)} className="navbar-brand d-flex align-items-center gap-2">
          {/* Written into the page by the build (scripts/build.ts, inlinePictures). */}
          <img src={`/logo.svg${INLINE_FRAGMENT}`} alt="" width="40" height="40" />
          <span>{agency.name}</span>
        </a>
        <details className="site-menu">
          <summary className="navbar-toggler" aria-controls={MENU_ID} aria-label={ui.nav.menu}>
            <span className="navbar-toggler-icon" aria-hidden="true" />
          </summary>
        </details>
        <div id={MENU_ID} className="navbar-collapse">
          <ul className="navbar-nav ms-auto align-items-lg-center gap-lg-2">
            {navItems.map((item) => {
              const current = href(item.path) === currentPath;
              return (
                <li className="nav-item" key={item.path}>
                  <a
                    href={href(item.path)}
                    className={`nav-link px-lg-2${current ? ' active' : ''}`}
                    aria-current={current ? 'page' : undefined}
                  >
                    {item.label}
                  </a>
                </li>
              );
            })}
            <li className="nav-item">
              <LanguageSwitch currentPath={currentPath} className="nav-link px-lg-2" />
            </li>
            <li className="nav-item ms-lg-2 my-2 my-lg-0">
              <a
                href={contactLink({ subject: ui.nav.quoteSubject, language })}
                className="btn btn-warning"
              >
                <Icon name="send" className="me-2" />
                {ui.nav.quote}
              </a>
            </li>
          </ul>
        </div>
      </div>
    </nav>
  );
}
