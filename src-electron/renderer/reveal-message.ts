/** How long a revealed row stays highlighted. */
export const REVEAL_HIGHLIGHT_MS = 4000;

export const REVEALED_ROW_CLASS = 'desktop-revealed';

/**
 * Scrolls the dashboard to message `id` (a row of the table, or an item of the list in a
 * narrow window: each carries `data-message-id`) and highlights it. Returns false while it is
 * not on screen yet.
 */
export function highlightMessageRow(id: string, root: ParentNode = document): boolean {
  const row = root.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(id)}"]`);
  if (!row) return false;
  row.classList.add(REVEALED_ROW_CLASS);
  row.tabIndex = -1;
  row.scrollIntoView({ block: 'center' });
  row.focus({ preventScroll: true });
  setTimeout(() => row.classList.remove(REVEALED_ROW_CLASS), REVEAL_HIGHLIGHT_MS);
  return true;
}

/** Keeps trying until the row has rendered (the dashboard may still be loading), then stops. */
export function revealWhenRendered(
  id: string,
  { attempts = 50, intervalMs = 100 } = {},
): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tryOnce = (left: number) => {
    if (cancelled) return;
    if (highlightMessageRow(id) || left <= 1) return;
    timer = setTimeout(() => tryOnce(left - 1), intervalMs);
  };
  tryOnce(attempts);
  return () => {
    cancelled = true;
    if (timer !== undefined) clearTimeout(timer);
  };
}
