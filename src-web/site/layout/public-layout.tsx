import type { ReactNode } from 'react';
import { frenchPath, ROUTES } from '../../../shared/domain/routes.ts';
import { useCatalogue } from '../../content/catalogue-context.tsx';
import { HeroCarousel } from './hero-carousel.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteNav } from './site-nav.tsx';
import { TopBar } from './top-bar.tsx';
import { WhatsappButton } from '../components/whatsapp-link.tsx';

/** The shared elements of every public page around its own content. */
export function PublicLayout({ path, children }: { path: string; children?: ReactNode }) {
  const { ui } = useCatalogue();
  return (
    <div className="d-flex flex-column min-vh-100">
      <a className="skip-link" href="#contenu">
        {ui.skipLink}
      </a>
      <TopBar />
      <SiteNav currentPath={path} />
      <HeroCarousel band={frenchPath(path) !== ROUTES.home} />
      <main id="contenu" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter currentPath={path} />
      <WhatsappButton path={path} />
    </div>
  );
}
