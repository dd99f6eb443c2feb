import type { FastifyBaseLogger } from 'fastify';
import type { WorkingHours } from '../../shared/domain/leads/business-hours.ts';
import type { DigestTime } from '../../shared/domain/leads/digest-time.ts';
import type { SellerLegalDetails } from '../../shared/domain/quotes/seller.ts';
import {
  digestTimeOf,
  ownerEmailOf,
  sellerOf,
  workingHoursOf,
} from '../../shared/domain/settings/effective.ts';
import {
  settingsFieldErrors,
  settingsSchema,
  type Settings,
  type SettingsVersion,
  type StoredSettings,
} from '../../shared/domain/settings/settings.ts';
import type { Clock } from '../clock.ts';
import type { SettingsRepository } from '../db/settings-repository.ts';

/** A save refused by the schema: French messages keyed by the field's path (`legal.nif`). */
export class SettingsInputError extends Error {
  readonly fields: Record<string, string>;
  constructor(fields: Record<string, string>) {
    super('Certains réglages sont à corriger.');
    this.fields = fields;
  }
}

/** How many versions the history shows. */
export const SETTINGS_HISTORY_LIMIT = 50;

/**
 * « Réglages » on the embedded server: the settings in force, read by every rule at the moment
 * it runs (the quotes' seller, the digest's time, the working hours, the notices' address) —
 * a save is effective at once, without a restart. Before the first save, the defaults of the
 * configuration apply (`defaults`, from DIGEST_TIME, NOTIFY_EMAIL and the content module).
 */
export class SettingsBook {
  readonly #repository: SettingsRepository;
  readonly #defaults: Settings;
  readonly #clock: Clock;
  readonly #log: FastifyBaseLogger | undefined;
  #cache: StoredSettings | null = null;

  constructor(options: {
    repository: SettingsRepository;
    defaults: Settings;
    clock: Clock;
    log?: FastifyBaseLogger;
  }) {
    this.#repository = options.repository;
    this.#defaults = options.defaults;
    this.#clock = options.clock;
    this.#log = options.log;
  }

  /** The settings in force, and when they were saved (null: never, the defaults apply). */
  current(): StoredSettings {
    if (this.#cache) return this.#cache;
    const row = this.#repository.latest();
    let stored: StoredSettings = { settings: this.#defaults, savedAt: null };
    if (row) {
      const parsed = settingsSchema.safeParse(JSON.parse(row.json));
      if (parsed.success) stored = { settings: parsed.data, savedAt: row.savedAtMs };
      else
        this.#log?.error(
          'Réglages : la dernière version enregistrée est illisible, les valeurs par défaut s’appliquent',
        );
    }
    this.#cache = stored;
    return stored;
  }

  get settings(): Settings {
    return this.current().settings;
  }

  /** Checks and saves a new version (kept with its date); effective at once. */
  save(input: unknown, savedBy: string): StoredSettings {
    const parsed = settingsSchema.safeParse(input);
    if (!parsed.success) throw new SettingsInputError(settingsFieldErrors(parsed.error.issues));
    const savedAt = this.#clock();
    this.#repository.insert({ json: JSON.stringify(parsed.data), savedAtMs: savedAt, savedBy });
    this.#cache = { settings: parsed.data, savedAt };
    return this.#cache;
  }

  history(): SettingsVersion[] {
    return this.#repository.history(SETTINGS_HISTORY_LIMIT).flatMap((row) => {
      const parsed = settingsSchema.safeParse(JSON.parse(row.json));
      return parsed.success
        ? [{ settings: parsed.data, savedAt: row.savedAtMs, savedBy: row.savedBy }]
        : [];
    });
  }

  seller(): SellerLegalDetails {
    return sellerOf(this.settings);
  }

  digestTime(): DigestTime | null {
    return digestTimeOf(this.settings);
  }

  workingHours(): WorkingHours {
    return workingHoursOf(this.settings);
  }

  /** The address that receives the owner's e-mails, `configured` (NOTIFY_EMAIL) unless saved. */
  ownerEmail(configured: string): string {
    return ownerEmailOf(this.settings, configured);
  }

  /** The start-up line: which values apply. */
  describe(): string {
    const { savedAt } = this.current();
    return savedAt === null
      ? 'Réglages : jamais enregistrés ; les valeurs de la configuration (DIGEST_TIME, NOTIFY_EMAIL) et du module de contenu s’appliquent, jusqu’au premier enregistrement dans « Réglages ».'
      : `Réglages : ceux enregistrés dans « Réglages » le ${new Date(savedAt).toISOString()} s’appliquent ; DIGEST_TIME et NOTIFY_EMAIL ne donnent plus que les premières valeurs.`;
  }
}
