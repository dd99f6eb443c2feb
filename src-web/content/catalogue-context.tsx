import { createContext, useContext } from 'react';
import { localizedPath } from '../../shared/domain/routes.ts';
import { fr } from './fr.ts';
import type { Catalogue } from './types.ts';

/** The catalogue of the page being prerendered (public-page.tsx gives it). */
export const CatalogueContext = createContext<Catalogue>(fr);

/** What the page says, in its language. */
export function useCatalogue(): Catalogue {
  return useContext(CatalogueContext);
}

/** A French route (ROUTES.contact…) as a link of the page's language: /ar/pageContact… */
export function useLocalizedPath(): (route: string) => string {
  const { language } = useCatalogue();
  return (route) => localizedPath(route, language);
}
