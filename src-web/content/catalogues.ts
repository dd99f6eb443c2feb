/**
 * The catalogue of each language of the public pages, and the one a page shows. The pages'
 * code reads them from here; the owner's screens, which are French, read fr.ts alone (so
 * that they never load the Arabic words).
 */
import { localeOf, textsLanguage, type Language } from '../../shared/domain/routes.ts';
import { ar } from './ar.ts';
import { fr } from './fr.ts';
import type { Catalogue } from './types.ts';

/** The catalogue of each language of the public pages. */
export const catalogues = { fr, ar } as const satisfies Record<Language, Catalogue>;

/**
 * The catalogue a language's pages show: its own; for a locale whose `catalogue` names another
 * language's texts (a test's locale built from French), those texts with the locale's
 * language, `Intl` and Open Graph tags.
 */
export function catalogueFor(language: Language): Catalogue {
  const locale = localeOf(language);
  const catalogue = (catalogues as Partial<Record<string, Catalogue>>)[textsLanguage(language)];
  if (!catalogue) {
    throw new Error(`Aucun catalogue « ${locale.catalogue} » pour la langue « ${language} ».`);
  }
  return catalogue.language === language
    ? catalogue
    : { ...catalogue, language, locale: locale.intl, ogLocale: locale.ogLocale };
}
