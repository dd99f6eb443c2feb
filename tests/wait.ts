/**
 * The one way the tests wait for something that happens in the background (a delivery, a
 * record, a retry): Vitest polls a condition (`vi.waitFor` here, `expect.poll` where the
 * assertion itself is what is awaited). Never a fixed delay: the machine is shared and loaded.
 */
import { vi } from 'vitest';

/** How long a condition may take before the test fails: a limit, not a wait. */
export const CONDITION_TIMEOUT_MS = 20_000;

/**
 * Resolves with what `probe` gives once it gives something other than undefined; fails past
 * `timeoutMs` with « toujours en attente : <what> ».
 */
export function waitForValue<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  what: string,
  timeoutMs = CONDITION_TIMEOUT_MS,
): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await probe();
      if (value === undefined) throw new Error(`toujours en attente : ${what}`);
      return value;
    },
    { timeout: timeoutMs, interval: 20 },
  );
}
