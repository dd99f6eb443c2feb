import { createContext, useContext, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ROUTES } from '../../../../shared/domain/routes.ts';
import { agency } from '../../../content/index.ts';
import { Icon } from '../../../components/icon.tsx';

interface AdminShellOptions {
  /** False where the public site is not reachable (the desktop console). */
  linksToSite: boolean;
}

const AdminShellContext = createContext<AdminShellOptions>({ linksToSite: true });

/** Lets a host (the desktop console) say how the private screens are framed. */
export const AdminShellOptionsProvider = AdminShellContext.Provider;

/**
 * The frame of the private screens: the agency's mark as the public site shows it (logo, and
 * the name in the brand's type and colour, whole even on a phone), a way back to the site in
 * its colours, the page.
 */
export function AdminShell({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  const { linksToSite } = useContext(AdminShellContext);
  const brand = (
    <>
      <img src="/logo.svg" alt="" width="40" height="40" />
      <span>{agency.name}</span>
    </>
  );
  return (
    <div className="admin-shell d-flex flex-column min-vh-100 bg-soft">
      <header className="navbar admin-header bg-white shadow-sm">
        <div className="container-fluid flex-nowrap gap-2 px-3 px-lg-4">
          {linksToSite ? (
            <Link to={ROUTES.home} className="navbar-brand d-flex align-items-center gap-2">
              {brand}
              <span className="visually-hidden"> — retour au site</span>
            </Link>
          ) : (
            <span className="navbar-brand d-flex align-items-center gap-2">{brand}</span>
          )}
          <div className="d-flex align-items-center gap-2 flex-shrink-0">
            {actions ??
              (linksToSite && (
                <Link to={ROUTES.home} className="btn btn-outline-primary btn-sm">
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
