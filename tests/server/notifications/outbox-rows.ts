import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { DATABASE_FILE } from '../../../src-server/db/database.ts';

/** The notification outbox as the server's SQLite file holds it, oldest first. */
export function outboxRows(dataDir: string) {
  const db = new DatabaseSync(path.join(dataDir, DATABASE_FILE), { readOnly: true });
  try {
    return db
      .prepare('SELECT contact_id, channel, state, attempts FROM notification_outbox ORDER BY id')
      .all();
  } finally {
    db.close();
  }
}
