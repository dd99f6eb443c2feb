import { ROUTES } from '../../../../shared/domain/routes.ts';
import { FOLDER_PARAM, PRINT_PARAM } from '../quotes/quote-routes.ts';

/** The « Factures » folder: `/pageDashboard?dossier=factures`. */
export const INVOICES_FOLDER = 'factures';
export const INVOICES_VIEW_SEARCH = `?${FOLDER_PARAM}=${INVOICES_FOLDER}`;

/** One invoice's printable page: `/pageDashboard?dossier=factures&imprimer=<id>`. */
export function printInvoicePath(id: string): string {
  return `${ROUTES.dashboard}${INVOICES_VIEW_SEARCH}&${PRINT_PARAM}=${encodeURIComponent(id)}`;
}
