/** How long a revealed row stays highlighted. */
export const REVEAL_HIGHLIGHT_MS = 4000;

export const REVEALED_ROW_CLASS = 'desktop-revealed';

/**
 * Scrolls the dashboard to the message at `index` of the list (the table shows the list in
 * order) and highlights it. Returns false while the row is not on screen yet.
 */
export function highlightMessageRow(index: number, root: ParentNode = document): boolean {
  const rows = root.querySelectorAll<HTMLTableRowElement>('.messages-table tbody tr');
  const row = rows[index];
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
  findIndex: () => Promise<number>,
  { attempts = 50, intervalMs = 100 } = {},
): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tryOnce = async (left: number) => {
    const index = await findIndex();
    if (cancelled || index < 0) return;
    if (highlightMessageRow(index) || left <= 1) return;
    timer = setTimeout(() => void tryOnce(left - 1), intervalMs);
  };
  void tryOnce(attempts);
  return () => {
    cancelled = true;
    if (timer !== undefined) clearTimeout(timer);
  };
}
