import { useEffect, useState } from 'react';

/**
 * The time now, again every `intervalMs`: what is overdue or due today, what note can still be
 * corrected, changes with it.
 */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
