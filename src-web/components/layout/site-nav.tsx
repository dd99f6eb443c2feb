import { useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { STICKY_NAV_THRESHOLD_PX } from '../../../shared/domain/constants.ts';
import { ROUTES } from '../../../shared/domain/routes.ts';
import { agency, navItems } from '../../content/index.ts';
import { useScrolledPast } from '../../hooks/use-scrolled-past.ts';
import { Icon } from '../icon.tsx';

const MENU_ID = 'navigation-principale';

/** The navigation bar: sticky with a shadow past 45 px of scroll, collapsible on small screens. */
export function SiteNav() {
  const sticky = useScrolledPast(STICKY_NAV_THRESHOLD_PX);
  const [expanded, setExpanded] = useState(false);
  const close = () => setExpanded(false);

  // Escape closes the open menu on small screens.
  useEffect(() => {
    if (!expanded) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setExpanded(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [expanded]);

  return (
    <nav
      className={`navbar navbar-expand-lg site-nav py-2${sticky ? ' is-sticky' : ''}`}
      data-sticky={sticky}
      aria-label="Navigation principale"
    >
      <div className="container">
        <Link
          to={ROUTES.home}
          className="navbar-brand d-flex align-items-center gap-2"
          onClick={close}
        >
          <img src="/logo.svg" alt="" width="40" height="40" />
          <span>{agency.name}</span>
        </Link>
        <button
          type="button"
          className="navbar-toggler"
          aria-controls={MENU_ID}
          aria-expanded={expanded}
          aria-label="Menu"
          onClick={() => setExpanded((value) => !value)}
        >
          <span className="navbar-toggler-icon" aria-hidden="true" />
        </button>
        <div id={MENU_ID} className={`collapse navbar-collapse${expanded ? ' show' : ''}`}>
          <ul className="navbar-nav ms-auto align-items-lg-center gap-lg-2">
            {navItems.map((item) => (
              <li className="nav-item" key={item.path}>
                <NavLink to={item.path} className="nav-link px-lg-2" end onClick={close}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li className="nav-item ms-lg-2 my-2 my-lg-0">
              <Link to={ROUTES.contact} className="btn btn-warning" onClick={close}>
                <Icon name="send" className="me-2" />
                Devis gratuit
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </nav>
  );
}
