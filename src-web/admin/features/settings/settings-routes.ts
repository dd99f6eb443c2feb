import { ROUTES } from '../../../../shared/domain/routes.ts';
import { FOLDER_PARAM } from '../quotes/quote-routes.ts';

/** The dashboard's folder value for « Réglages »: `/pageDashboard?dossier=reglages`. */
export const SETTINGS_FOLDER = 'reglages';
export const SETTINGS_VIEW_SEARCH = `?${FOLDER_PARAM}=${SETTINGS_FOLDER}`;

/** « Réglages », at one field (`legal.nif` → its id, so that the page scrolls to it). */
export function settingsFieldPath(field?: string): string {
  return `${ROUTES.dashboard}${SETTINGS_VIEW_SEARCH}${field ? `#${settingsFieldId(field)}` : ''}`;
}

/** The id of a field of « Réglages » (`legal.nif` → `reglages-legal-nif`). */
export function settingsFieldId(field: string): string {
  return `reglages-${field.replace(/\./gu, '-')}`;
}
