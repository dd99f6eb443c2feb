import type { Language } from '../../shared/domain/routes.ts';

/**
 * The agency's name as each language of the site writes it: the catalogues (index.ts, ar.ts)
 * take it from here, and so does the dashboard, whose replies to an Arabic message name the
 * agency in Arabic without loading the whole Arabic catalogue.
 */
export const AGENCY_NAMES: Record<Language, string> = {
  fr: 'Horizon Numérique',
  ar: 'أوريزون نوميريك',
};
