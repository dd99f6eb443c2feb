import { useEffect, useState } from 'react';
import type { SettingsStore } from '../../../shared/backend/ports.ts';
import { workingHoursOf } from '../../../shared/domain/settings/effective.ts';
import { defaultSettings } from '../../../shared/domain/settings/effective.ts';
import type { WorkingHours } from '../../../shared/domain/leads/business-hours.ts';

const FIRST_VALUES = workingHoursOf(defaultSettings());

/**
 * The working days and hours of « Réglages » (docs/inbox.md), for what the dashboard counts in
 * them: « Sans réponse » in the list and « Aujourd’hui ». Read from the backend, again each
 * time `refresh` changes (the folder shown: coming back from « Réglages » after a save); the
 * first values meanwhile, and where the backend has no « Réglages ».
 */
export function useWorkingHours(
  settings: SettingsStore | undefined,
  refresh: unknown,
): WorkingHours {
  const [hours, setHours] = useState<WorkingHours>(FIRST_VALUES);
  useEffect(() => {
    if (!settings) return undefined;
    let live = true;
    settings.get().then(
      (answer) => {
        if (live) setHours(workingHoursOf(answer.settings));
      },
      // Not signed in any more, or offline: the inbox says so itself; keep the last hours.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [settings, refresh]);
  return hours;
}
