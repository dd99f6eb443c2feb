import { z } from 'zod';
import { missingLegalMentions } from './effective.ts';
import { settingsSchema, type StoredSettings } from './settings.ts';

/**
 * « Réglages » as the API answers them and the adapters read them: the settings in force,
 * when they were saved (null: never, the configuration's defaults apply), and the required
 * legal mentions still missing or examples (the editor and the screen list them).
 */
export const settingsAnswerSchema = z.object({
  settings: settingsSchema,
  savedAt: z.number().nullable(),
  missing: z.array(
    z.object({
      field: z.string(),
      label: z.string(),
      reason: z.enum(['missing', 'example']),
    }),
  ),
});
export type SettingsAnswer = z.output<typeof settingsAnswerSchema>;

export function settingsAnswer(stored: StoredSettings): SettingsAnswer {
  return { ...stored, missing: missingLegalMentions(stored.settings) };
}

export const settingsHistorySchema = z.array(
  z.object({ settings: settingsSchema, savedAt: z.number(), savedBy: z.string() }),
);

/** What a save sends: the whole settings, as the form gives them (checked by the backend). */
export const settingsSaveBodySchema = z.strictObject({ settings: z.unknown() });
