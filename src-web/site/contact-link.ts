import type { ContactService } from '../../shared/domain/contact.ts';
import {
  DEFAULT_LANGUAGE,
  localizedPath,
  ROUTES,
  type Language,
} from '../../shared/domain/routes.ts';

/** Query parameter that pre-selects the service in the contact form. */
export const SERVICE_PARAM = 'service';

/** Query parameter that pre-fills the subject of the contact form (the plan and its price). */
export const SUBJECT_PARAM = 'sujet';

/** The id of the contact page's form, where order links land (not the top of the page). */
export const CONTACT_FORM_ANCHOR = 'formulaire';

/**
 * The contact page of the given language (the first of the locale table by default), scrolled to its form, with the
 * ordered service pre-selected and the subject pre-filled (contact-form-loader.ts does both,
 * before the form's code arrives).
 */
export function contactLink(
  order: { service?: ContactService; subject?: string; language?: Language } = {},
): string {
  const query = new URLSearchParams();
  if (order.service) query.set(SERVICE_PARAM, order.service);
  if (order.subject) query.set(SUBJECT_PARAM, order.subject);
  const search = query.size > 0 ? `?${query.toString()}` : '';
  return `${localizedPath(ROUTES.contact, order.language ?? DEFAULT_LANGUAGE)}${search}#${CONTACT_FORM_ANCHOR}`;
}
