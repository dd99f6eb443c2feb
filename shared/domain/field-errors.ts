/** What a failed check says about one field (zod's issues have this shape). */
export interface FieldIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly code?: string;
  /** For 'unrecognized_keys': the fields that should not be there. */
  readonly keys?: readonly string[];
}

export const UNKNOWN_FIELD = 'Champ inconnu.';

/**
 * French messages keyed by field name, the first for each field: what the forms show under
 * each field and what the server answers in `fields`. A problem with the whole object is
 * keyed `_`.
 */
export function fieldErrors(issues: readonly FieldIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const unknown of issue.keys) fields[unknown] = UNKNOWN_FIELD;
      continue;
    }
    const key = issue.path.length > 0 ? String(issue.path[0]) : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
