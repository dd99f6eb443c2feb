import { createContext, useContext, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ROUTES } from '../../../shared/domain/routes.ts';
import { agency } from '../../content/index.ts';
import { Icon } from '../../components/icon.tsx';

interface AdminShellOptions {
  /** False where the public site is not reachable (the desktop console). */
  linksToSite: boolean;
}

const AdminShellContext = createContext<AdminShellOptions>({ linksToSite: true });

/** Lets a host (the desktop console) say how the private screens are framed. */
export const AdminShellOptionsProvider = AdminShellContext.Provider;

/** The frame of the private screens: the agency's mark, a way back to the site, the page. */
export function AdminShell({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  const { linksToSite } = useContext(AdminShellContext);
  const brand = (
    <>
      <img src="/logo.svg" alt="" width="36" height="36" />
      <span className="text-truncate">{agency.name}</span>
    </>
  );
  return (
    <div className="d-flex flex-column min-vh-100 bg-soft">
      <header className="navbar bg-white shadow-sm">
        <div className="container-fluid flex-nowrap gap-2 px-3 px-lg-4">
          {linksToSite ? (
            <Link
              to={ROUTES.home}
              className="navbar-brand d-flex align-items-center gap-2 text-truncate"
            >
              {brand}
              <span className="visually-hidden"> — retour au site</span>
            </Link>
          ) : (
            <span className="navbar-brand d-flex align-items-center gap-2 text-truncate">
              {brand}
            </span>
          )}
          <div className="d-flex align-items-center gap-2 flex-shrink-0">
            {actions ??
              (linksToSite && (
                <Link to={ROUTES.home} className="btn btn-outline-secondary btn-sm">
                  <Icon name="chevron-left" className="me-1" />
                  Retour au site
                </Link>
              ))}
          </div>
        </div>
      </header>
      <main id="contenu" className="flex-grow-1">
        {children}
      </main>
    </div>
  );
}
