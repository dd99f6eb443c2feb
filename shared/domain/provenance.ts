/**
 * Where a lead comes from (issue 33, docs/inbox.md « La provenance »): the page the form was
 * sent from, the referring site and the `utm_*` parameters of the address the visitor arrived
 * with. The public pages' script remembers the arrival for the visit in sessionStorage (no
 * cookie, no third party): this module is what it takes, a few hundred bytes, nothing else
 * (no zod). The form reads the arrival back and adds the page (provenance-fields.ts); the
 * schema's rules are in contact.ts.
 */

/** The longest value kept for each field; longer ones are cut when captured. */
export const PROVENANCE_LIMITS = {
  pagePath: 200,
  /** A host name is 253 characters at most (RFC 1035). */
  referrer: 253,
  utm: 100,
} as const;

/** The `utm_*` parameters recorded, by the message's field that keeps each. */
export const UTM_PARAMETERS = {
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
} as const;
export type UtmField = keyof typeof UTM_PARAMETERS;

/** What a visit arrived with: the referring site's host and its campaign, when it had them. */
export type VisitProvenance = Partial<Record<'referrer' | UtmField, string>>;

/** The sessionStorage key the arrival is kept under for the visit. */
export const PROVENANCE_STORAGE_KEY = 'provenance';

/** A page path as recorded: a slash first, then letters, digits and `/ _ . -` (our routes). */
export const PAGE_PATH_PATTERN = '^/[A-Za-z0-9/_.-]*$';
/** A host name as the URL parser gives it: lowercase letters, digits, dots and hyphens. */
export const HOST_PATTERN = '^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$';

/**
 * What a page's address and referrer say of where the visitor came from: the referring site's
 * host when it is another site (our own pages are not a source), and each `utm_*` parameter
 * given, trimmed and cut to its limit. Null when the page was reached from the site itself, or
 * directly without a campaign: the arrival remembered before stays. The schema checks the
 * values again when the form sends them (a host it refuses is dropped).
 */
export function arrivalFrom(pageAddress: string, referrer: string): VisitProvenance | null {
  const page = new URL(pageAddress);
  const arrival: VisitProvenance = {};
  const from = referrer && new URL(referrer).hostname;
  if (from && from !== page.hostname) arrival.referrer = from;
  for (const [field, parameter] of Object.entries(UTM_PARAMETERS) as [UtmField, string][]) {
    const value = page.searchParams.get(parameter)?.trim().slice(0, PROVENANCE_LIMITS.utm).trim();
    if (value) arrival[field] = value;
  }
  // An internal link carrying utm_* is still a campaign; only a bare internal step is not.
  return Object.keys(arrival).length > 0 ? arrival : null;
}

/**
 * Remembers the visit's arrival (called by the pages' script on every page): an arrival
 * from elsewhere replaces the one kept, a step inside the site keeps it. Storage refused
 * (private browsing with it off, a full quota) loses only the provenance, never the page.
 */
export function rememberArrival(
  storage: () => { setItem(key: string, value: string): void },
  pageAddress: string,
  referrer: string,
): void {
  try {
    const arrival = arrivalFrom(pageAddress, referrer);
    // Reading `sessionStorage` itself throws where storage is off: inside the try.
    if (arrival) storage().setItem(PROVENANCE_STORAGE_KEY, JSON.stringify(arrival));
  } catch {
    // Nothing to do: the message goes without its provenance.
  }
}
