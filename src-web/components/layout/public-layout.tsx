import type { ReactNode } from 'react';
import { HeroCarousel } from './hero-carousel.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteNav } from './site-nav.tsx';
import { TopBar } from './top-bar.tsx';

/** The shared elements of every public page around its own content. */
export function PublicLayout({ path, children }: { path: string; children?: ReactNode }) {
  return (
    <div className="d-flex flex-column min-vh-100">
      <a className="skip-link" href="#contenu">
        Aller au contenu
      </a>
      <TopBar />
      <SiteNav currentPath={path} />
      <HeroCarousel />
      <main id="contenu" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
