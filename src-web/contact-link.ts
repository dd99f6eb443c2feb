import type { ContactService } from '../shared/domain/contact.ts';
import { ROUTES } from '../shared/domain/routes.ts';

/** Query parameter that pre-selects the service in the contact form. */
export const SERVICE_PARAM = 'service';

/** The contact page, with the ordered service pre-selected in its form. */
export function contactLink(service?: ContactService): string {
  return service
    ? `${ROUTES.contact}?${SERVICE_PARAM}=${encodeURIComponent(service)}`
    : ROUTES.contact;
}
