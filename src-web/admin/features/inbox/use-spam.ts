import { useCallback, useEffect, useState } from 'react';
import { BackendError, isBackendError, type Backend } from '../../../../shared/backend/ports.ts';
import type { SpamMessage } from '../../../../shared/domain/contact.ts';

export interface SpamState {
  /** Null until the list arrives (or where the backend keeps no spam). */
  spam: SpamMessage[] | null;
  /** Why the list could not be loaded. */
  error: BackendError | null;
  /** Whether the backend keeps spam at all (the « Indésirables » view exists). */
  available: boolean;
  /** Loads the list again (it is not live: spam notifies no one, the owner looks when he wants). */
  reload: () => void;
  /** « Pas un indésirable »: to the inbox; the list drops it once the backend has. */
  restore: (id: string) => Promise<void>;
  /** Deletes these for good; the list drops them once the backend has. */
  remove: (ids: string[]) => Promise<void>;
}

/** The messages kept as spam (« Indésirables »), loaded at once and on `reload`. */
export function useSpam(backend: Backend): SpamState {
  const { listSpam, restoreSpam } = backend.messages;
  const available = listSpam !== undefined && restoreSpam !== undefined;
  const [spam, setSpam] = useState<SpamMessage[] | null>(null);
  const [error, setError] = useState<BackendError | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (!backend.messages.listSpam) return;
    let current = true;
    backend.messages.listSpam().then(
      (list) => {
        if (!current) return;
        setSpam(list);
        setError(null);
      },
      (failure: unknown) => {
        if (!current) return;
        setError(
          isBackendError(failure) ? failure : new BackendError('unknown', { cause: failure }),
        );
      },
    );
    return () => {
      current = false;
    };
  }, [backend, generation]);

  const drop = (ids: readonly string[]) =>
    setSpam((list) => list?.filter((message) => !ids.includes(message.id)) ?? null);

  const restore = useCallback(
    async (id: string) => {
      await backend.messages.restoreSpam?.(id);
      drop([id]);
    },
    [backend],
  );

  const remove = useCallback(
    async (ids: string[]) => {
      await backend.messages.remove(ids);
      drop(ids);
    },
    [backend],
  );

  const reload = useCallback(() => setGeneration((value) => value + 1), []);

  return { spam, error, available, reload, restore, remove };
}
