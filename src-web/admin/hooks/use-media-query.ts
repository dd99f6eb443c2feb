import { useCallback, useSyncExternalStore } from 'react';

interface WatchedQuery {
  list: MediaQueryList;
  /** Kept from the last change: asking the browser at every render can force a style pass. */
  matches: boolean;
}

const watched = new Map<string, WatchedQuery>();

function watch(query: string): WatchedQuery {
  let entry = watched.get(query);
  if (entry === undefined) {
    const list = window.matchMedia(query);
    const created: WatchedQuery = { list, matches: list.matches };
    list.addEventListener('change', (event) => {
      created.matches = event.matches;
    });
    watched.set(query, created);
    entry = created;
  }
  return entry;
}

/**
 * Whether a CSS media query matches, kept up to date as the window changes; `whilePrerendering`
 * on the server, where there is no window.
 */
export function useMediaQuery(query: string, whilePrerendering = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const { list } = watch(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => watch(query).matches,
    () => whilePrerendering,
  );
}
