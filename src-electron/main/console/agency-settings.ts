import type { Settings, SettingsInput } from '../../../shared/domain/settings/settings.ts';
import type { BackendAccess } from './connection.ts';

/**
 * « Réglages » of the agency, asked of the backend (checked there again); `saved` hears each
 * save (the reminders' working hours).
 */
export function agencySettingsOperations(
  backend: BackendAccess,
  saved: (settings: Settings) => void,
) {
  return {
    get: () => backend.usePart('settings', (settings) => settings.get()),
    save: (input: SettingsInput) =>
      backend.usePart('settings', async (settings) => {
        const answer = await settings.save(input);
        saved(answer.settings);
        return answer;
      }),
    history: () => backend.usePart('settings', (settings) => settings.history()),
  };
}
