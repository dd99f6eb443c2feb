import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { WhatsappTap } from '../../shared/domain/whatsapp-taps.ts';
import type { Language } from '../../shared/domain/routes.ts';

interface TapRow {
  tapped_at_ms: number;
  page_path: string | null;
  language: string;
  plan: string | null;
  referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
}

/** The WhatsApp taps of the public pages (migration 022): written one by one, read by period. */
export class WhatsappTapsRepository {
  readonly #insert: StatementSync;
  readonly #since: StatementSync;

  constructor(db: DatabaseSync) {
    this.#insert = db.prepare(
      `INSERT INTO whatsapp_taps
         (tapped_at_ms, page_path, language, plan, referrer, utm_source, utm_medium, utm_campaign)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.#since = db.prepare(
      `SELECT tapped_at_ms, page_path, language, plan, referrer, utm_source, utm_medium, utm_campaign
         FROM whatsapp_taps WHERE tapped_at_ms > ? ORDER BY tapped_at_ms DESC`,
    );
  }

  add(tap: WhatsappTap): void {
    this.#insert.run(
      tap.at,
      tap.pagePath,
      tap.language,
      tap.plan,
      tap.referrer,
      tap.utmSource,
      tap.utmMedium,
      tap.utmCampaign,
    );
  }

  /** The taps counted after `sinceMs`, the latest first. */
  since(sinceMs: number): WhatsappTap[] {
    return (this.#since.all(sinceMs) as unknown as TapRow[]).map((row) => ({
      at: row.tapped_at_ms,
      pagePath: row.page_path,
      language: row.language as Language,
      plan: row.plan,
      referrer: row.referrer,
      utmSource: row.utm_source,
      utmMedium: row.utm_medium,
      utmCampaign: row.utm_campaign,
    }));
  }
}
