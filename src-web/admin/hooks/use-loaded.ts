import { useEffect, useState } from 'react';
import { failureText } from '../../../shared/backend/ports.ts';

/**
 * What `load` gives, read when the screen opens and again each time `load` (keep it stable
 * with useCallback) or `revision` changes (a count the screen raises to read again): `value` null
 * while it loads, `error` the reason in French once it failed. An answer that comes after the
 * screen moved on is dropped.
 */
export function useLoaded<T>(
  load: () => Promise<T>,
  revision = 0,
): { value: T | null; error: string } {
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let current = true;
    load().then(
      (found) => {
        if (!current) return;
        setValue(found);
        setError('');
      },
      (failure: unknown) => current && setError(failureText(failure)),
    );
    return () => {
      current = false;
    };
  }, [load, revision]);
  return { value, error };
}
