import { AGENCY_NAMES } from '../../shared/content/agency.ts';
import type { QuoteLanguage } from '../../shared/domain/quotes/quote.ts';
import { AGENCY_FACTS } from '../content/facts.ts';
import type { QuoteAgencyContact } from './quote-document.tsx';

/** How a printed quote heads its page: the agency's name in the quote's language, its contacts. */
export function agencyContactFor(language: QuoteLanguage): QuoteAgencyContact {
  return {
    name: AGENCY_NAMES[language],
    phone: AGENCY_FACTS.phone.display,
    email: AGENCY_FACTS.email,
  };
}
