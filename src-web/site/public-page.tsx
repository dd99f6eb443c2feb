import type { ComponentType } from 'react';
import {
  frenchPath,
  pathLanguage,
  ROUTES,
  type PublicRoutePath,
} from '../../shared/domain/routes.ts';
import { catalogueFor } from '../content/catalogues.ts';
import { CatalogueContext } from '../content/catalogue-context.tsx';
import { PublicLayout } from './layout/public-layout.tsx';
import ContactPage from './pages/contact-page.tsx';
import HomePage from './pages/home-page.tsx';
import NotFoundPage from './pages/not-found-page.tsx';
import PortfolioPage from './pages/portfolio-page.tsx';
import PrivacyPage from './pages/privacy-page.tsx';
import ServicesPage from './pages/services-page.tsx';
import TeamPage from './pages/team-page.tsx';

const PAGES: Record<PublicRoutePath, ComponentType> = {
  [ROUTES.home]: HomePage,
  [ROUTES.services]: ServicesPage,
  [ROUTES.portfolio]: PortfolioPage,
  [ROUTES.team]: TeamPage,
  [ROUTES.contact]: ContactPage,
  [ROUTES.privacy]: PrivacyPage,
};

/**
 * A public page, prerendered at build time (scripts/build.ts): its content in the shared
 * layout, or the not-found page for any other path, in the language of its address (French,
 * or another under its prefix: /ar…). It is never rendered in the browser;
 * browser/main.ts brings what moves.
 */
export function PublicPage({ path }: { path: string }) {
  const Page = PAGES[frenchPath(path) as PublicRoutePath] ?? NotFoundPage;
  return (
    <CatalogueContext value={catalogueFor(pathLanguage(path))}>
      <PublicLayout path={path}>
        <Page />
      </PublicLayout>
    </CatalogueContext>
  );
}
