import {
  PROVENANCE_STORAGE_KEY,
  UTM_PARAMETERS,
  type UtmField,
  type VisitProvenance,
} from './provenance.ts';

/**
 * The provenance as the message holds it, and the arrival read back by the form when it
 * sends (shared/domain/provenance.ts keeps it; this module stays out of the pages' script).
 */

/** The message's fields that say where it comes from, in the schema's order. */
export const PROVENANCE_FIELDS = [
  'pagePath',
  'referrer',
  ...(Object.keys(UTM_PARAMETERS) as UtmField[]),
] as const;
export type ProvenanceField = 'pagePath' | 'referrer' | UtmField;

/**
 * The arrival kept for this visit, as the form sends it (the schema checks each value again
 * and drops what it refuses), or nothing when none was kept or it cannot be read.
 */
export function keptArrival(
  storage: () => { getItem(key: string): string | null },
): VisitProvenance {
  try {
    const kept: unknown = JSON.parse(storage().getItem(PROVENANCE_STORAGE_KEY) ?? 'null');
    if (typeof kept !== 'object' || kept === null) return {};
    const arrival: VisitProvenance = {};
    for (const field of ['referrer', ...Object.keys(UTM_PARAMETERS)] as (keyof VisitProvenance)[]) {
      const value: unknown = (kept as Record<string, unknown>)[field];
      if (typeof value === 'string') arrival[field] = value;
    }
    return arrival;
  } catch {
    return {};
  }
}
