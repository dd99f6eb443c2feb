import { AGENCY_WHATSAPP_E164 } from '../content/agency.ts';
import {
  HOST_PATTERN,
  PAGE_PATH_PATTERN,
  PROVENANCE_LIMITS,
  PROVENANCE_STORAGE_KEY,
  UTM_PARAMETERS,
  type UtmField,
  type VisitProvenance,
} from './provenance.ts';
import { LANGUAGES, type Language } from './routes.ts';

/**
 * The public pages' WhatsApp button (issue 44, docs/inbox.md « Les contacts par WhatsApp »): a
 * plain link to a first-party redirect, `/go/whatsapp?page=…&langue=…[&offre=…]&texte=…`, which
 * counts the tap (the page, its language, the plan of a price card, and the visit's arrival as
 * a form message records it) and answers 302 to a chat with the agency's number, the text
 * prefilled. The destination is always `https://wa.me/<the agency's number>`: nothing in the
 * address can send the visitor anywhere else. Both backends read the address with
 * `readWhatsappTap` (the embedded server's route, the Cloud Function behind Hosting).
 */

/** The redirect's path, on the site's own origin. */
export const WHATSAPP_TAP_PATH = '/go/whatsapp';

/** The redirect's query parameters. */
export const WHATSAPP_TAP_PARAMS = {
  page: 'page',
  language: 'langue',
  plan: 'offre',
  text: 'texte',
  referrer: 'ref',
} as const;

/** The longest prefilled text passed on (a page's sentence is far shorter). */
export const WHATSAPP_TEXT_MAX_LENGTH = 500;
/** A plan's id, as the catalogue names it (`site-dynamique`). */
export const PLAN_ID_PATTERN = '^[a-z0-9-]{1,60}$';

/** One tap, as both backends store it and « Sources » counts it. */
export interface WhatsappTap {
  /** When it was counted (the server's clock), in milliseconds. */
  at: number;
  pagePath: string | null;
  language: Language;
  /** The price card's plan, or null for the page's own button. */
  plan: string | null;
  referrer: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

/** The link a page's button points to (prerendered: it works without JavaScript). */
export function whatsappTapHref(tap: {
  pagePath: string;
  language: Language;
  plan?: string;
  text: string;
}): string {
  const query = new URLSearchParams();
  query.set(WHATSAPP_TAP_PARAMS.page, tap.pagePath);
  query.set(WHATSAPP_TAP_PARAMS.language, tap.language);
  if (tap.plan) query.set(WHATSAPP_TAP_PARAMS.plan, tap.plan);
  query.set(WHATSAPP_TAP_PARAMS.text, tap.text);
  return `${WHATSAPP_TAP_PATH}?${query.toString()}`;
}

/**
 * The same link with the visit's arrival (the referring site, the campaign's utm_*), as the
 * pages' script keeps it in sessionStorage for the form: added to every button once the
 * script runs. Without the script, or with storage refused, the link counts the page alone.
 */
export function withVisitArrival(
  href: string,
  storage: () => { getItem(key: string): string | null },
): string {
  try {
    const kept = JSON.parse(
      storage().getItem(PROVENANCE_STORAGE_KEY) ?? 'null',
    ) as VisitProvenance | null;
    if (typeof kept !== 'object' || kept === null) return href;
    const url = new URL(href, 'http://x');
    if (typeof kept.referrer === 'string') url.searchParams.set('ref', kept.referrer);
    for (const [field, parameter] of Object.entries(UTM_PARAMETERS) as [UtmField, string][]) {
      const value = kept[field];
      if (typeof value === 'string') url.searchParams.set(parameter, value);
    }
    return url.pathname + url.search;
  } catch {
    return href;
  }
}

/** A value of the query, trimmed, or null when absent, empty or refused. */
function valueOf(
  query: URLSearchParams,
  name: string,
  max: number,
  pattern?: string,
): string | null {
  const value = query.get(name)?.trim() ?? '';
  if (value === '' || value.length > max) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  return pattern === undefined || new RegExp(pattern).test(value) ? value : null;
}

/** What the redirect does with an address: the chat to open, and the tap to count, if any. */
export interface WhatsappTapReading {
  /** Always a chat with the agency's number on wa.me, with the text when one was given. */
  location: string;
  /** Null when the address names no page of ours in a known language: nothing is counted. */
  tap: Omit<WhatsappTap, 'at'> | null;
}

/**
 * Reads a tap's address (its query string). Each value is held to the bounds of a form
 * message's provenance (a value refused is dropped, as the form drops it); a tap without a
 * page or a language of the site is not counted, but the visitor still reaches the chat.
 */
export function readWhatsappTap(
  search: string | URLSearchParams,
  agencyE164: string = AGENCY_WHATSAPP_E164,
): WhatsappTapReading {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const text = (query.get(WHATSAPP_TAP_PARAMS.text) ?? '')
    // eslint-disable-next-line no-control-regex -- control characters are what it removes
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .trim()
    .slice(0, WHATSAPP_TEXT_MAX_LENGTH);
  // As phone.ts's whatsappHref (not imported: the pages' script reads this module).
  const chat = `https://wa.me/${agencyE164.slice(1)}`;
  const location = text === '' ? chat : `${chat}?text=${encodeURIComponent(text)}`;
  const pagePath = valueOf(
    query,
    WHATSAPP_TAP_PARAMS.page,
    PROVENANCE_LIMITS.pagePath,
    PAGE_PATH_PATTERN,
  );
  const languageValue = query.get(WHATSAPP_TAP_PARAMS.language);
  const language = LANGUAGES.find((code) => code === languageValue);
  if (pagePath === null || language === undefined) return { location, tap: null };
  const utm = (field: UtmField) => valueOf(query, UTM_PARAMETERS[field], PROVENANCE_LIMITS.utm);
  return {
    location,
    tap: {
      pagePath,
      language,
      plan: valueOf(query, WHATSAPP_TAP_PARAMS.plan, 60, PLAN_ID_PATTERN),
      referrer: valueOf(
        query,
        WHATSAPP_TAP_PARAMS.referrer,
        PROVENANCE_LIMITS.referrer,
        HOST_PATTERN,
      ),
      utmSource: utm('utmSource'),
      utmMedium: utm('utmMedium'),
      utmCampaign: utm('utmCampaign'),
    },
  };
}

/** Taps per address and per minute counted, as many as the contact form's posts. */
export const WHATSAPP_TAP_WINDOW_MS = 60_000;
