import { ROUTES } from '../../../../shared/domain/routes.ts';

/** The dashboard's folder parameter (inbox-screen.tsx) and its value for the « Devis » view. */
export const FOLDER_PARAM = 'dossier';
export const QUOTES_FOLDER = 'devis';
/** Its value for « Indésirables » (the messages kept as spam; SPAM_FOLDER_PATH says the same). */
export const SPAM_FOLDER = 'indesirables';

/** The dashboard's parameter that shows one quote alone, ready to print. */
export const PRINT_PARAM = 'imprimer';

/** The « Devis » view: `/pageDashboard?dossier=devis`. */
export const QUOTES_VIEW_SEARCH = `?${FOLDER_PARAM}=${QUOTES_FOLDER}`;

/** One quote's printable page: `/pageDashboard?dossier=devis&imprimer=<id>`. */
export function printQuotePath(id: string): string {
  return `${ROUTES.dashboard}${QUOTES_VIEW_SEARCH}&${PRINT_PARAM}=${encodeURIComponent(id)}`;
}
