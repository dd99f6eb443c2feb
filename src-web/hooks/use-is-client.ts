import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/** False while prerendering and hydrating, true once the page runs in the browser. */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
