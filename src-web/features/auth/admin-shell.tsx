import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ROUTES } from '../../../shared/domain/routes.ts';
import { agency } from '../../content/index.ts';
import { Icon } from '../../components/icon.tsx';

/** The frame of the private screens: the agency's mark, a way back to the site, the page. */
export function AdminShell({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="d-flex flex-column min-vh-100 bg-soft">
      <header className="navbar bg-white shadow-sm">
        <div className="container-fluid px-3 px-lg-4">
          <Link to={ROUTES.home} className="navbar-brand d-flex align-items-center gap-2">
            <img src="/logo.svg" alt="" width="36" height="36" />
            <span>{agency.name}</span>
            <span className="visually-hidden"> — retour au site</span>
          </Link>
          <div className="d-flex align-items-center gap-2">
            {actions ?? (
              <Link to={ROUTES.home} className="btn btn-outline-secondary btn-sm">
                <Icon name="chevron-left" className="me-1" />
                Retour au site
              </Link>
            )}
          </div>
        </div>
      </header>
      <main id="contenu" className="flex-grow-1">
        {children}
      </main>
    </div>
  );
}
