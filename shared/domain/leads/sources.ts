import type { ContactLanguage, ContactMessage } from '../contact.ts';
import { UTM_PARAMETERS, type UtmField } from '../provenance.ts';

/**
 * Where a lead comes from, in the owner's words (docs/inbox.md, « La provenance »): the rows of
 * « Provenance » in the message panel, the CSV's columns, and the « Sources » summary.
 */

/** The language of the page a message was sent from, as a French sentence names it. */
export const PAGE_LANGUAGE_NAMES: Record<ContactLanguage, string> = {
  fr: 'en français',
  ar: 'en arabe',
};

/** How each utm_* is named in the panel: its meaning, then the parameter itself. */
export const UTM_LABELS: Record<UtmField, string> = {
  utmSource: `Source (${UTM_PARAMETERS.utmSource})`,
  utmMedium: `Support (${UTM_PARAMETERS.utmMedium})`,
  utmCampaign: `Campagne (${UTM_PARAMETERS.utmCampaign})`,
};

/** Said when a form message came with no referring site: typed, a bookmark, an app. */
export const DIRECT_VISIT = 'Aucun (accès direct)';

export interface ProvenanceRow {
  label: string;
  value: string;
}

/**
 * The « Provenance » rows of a message: its page and that page's language, the referring site
 * (or a direct visit), and each utm_* it came with. Null when nothing of it was recorded (a
 * message received before, or sent to the API by another program).
 */
export function provenanceOf(message: ContactMessage): ProvenanceRow[] | null {
  const { pagePath, referrer } = message;
  const utm = (Object.keys(UTM_LABELS) as UtmField[]).filter((field) => message[field] !== null);
  if (pagePath === null && referrer === null && utm.length === 0) return null;
  const rows: ProvenanceRow[] = [];
  if (pagePath !== null) {
    rows.push({ label: 'Page', value: `${pagePath} (${PAGE_LANGUAGE_NAMES[message.language]})` });
  }
  rows.push({ label: 'Site référent', value: referrer ?? DIRECT_VISIT });
  for (const field of utm) rows.push({ label: UTM_LABELS[field], value: message[field] ?? '' });
  return rows;
}
