import type { DatabaseSync, StatementSync } from 'node:sqlite';

/** One saved version of the settings, as stored (migration 020). */
export interface SettingsRow {
  json: string;
  savedAtMs: number;
  savedBy: string;
}

/** The SQL of « Réglages »: the latest version, the history, a new version. */
export class SettingsRepository {
  readonly #latest: StatementSync;
  readonly #history: StatementSync;
  readonly #insert: StatementSync;

  constructor(db: DatabaseSync) {
    this.#latest = db.prepare(
      'SELECT settings_json, saved_at_ms, saved_by FROM settings_versions ORDER BY id DESC LIMIT 1',
    );
    this.#history = db.prepare(
      'SELECT settings_json, saved_at_ms, saved_by FROM settings_versions ORDER BY id DESC LIMIT ?',
    );
    this.#insert = db.prepare(
      'INSERT INTO settings_versions (settings_json, saved_at_ms, saved_by) VALUES (?, ?, ?)',
    );
  }

  latest(): SettingsRow | null {
    const row = this.#latest.get();
    return row ? toRow(row) : null;
  }

  /** The latest versions first. */
  history(limit: number): SettingsRow[] {
    return this.#history.all(limit).map(toRow);
  }

  insert(row: SettingsRow): void {
    this.#insert.run(row.json, row.savedAtMs, row.savedBy);
  }
}

function toRow(row: Record<string, unknown>): SettingsRow {
  return {
    json: String(row['settings_json']),
    savedAtMs: Number(row['saved_at_ms']),
    savedBy: String(row['saved_by']),
  };
}
