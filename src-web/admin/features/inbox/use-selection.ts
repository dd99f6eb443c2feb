import { useCallback, useMemo, useState } from 'react';
import type { ContactMessage } from '../../../../shared/domain/contact.ts';

/** The messages ticked for a bulk deletion. */
export function useSelection(
  messages: readonly ContactMessage[] | null,
  pageMessages: readonly ContactMessage[],
) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());

  // Messages deleted since (here or on another dashboard) no longer count.
  const selected = useMemo(() => {
    if (!messages || chosen.size === 0) return chosen;
    const present = new Set(messages.map((message) => message.id));
    return new Set([...chosen].filter((id) => present.has(id)));
  }, [messages, chosen]);

  const toggle = useCallback(
    (id: string) => {
      const next = new Set(selected);
      if (!next.delete(id)) next.add(id);
      setChosen(next);
    },
    [selected],
  );

  const allOnPage =
    pageMessages.length > 0 && pageMessages.every((message) => selected.has(message.id));

  const togglePage = useCallback(() => {
    const next = new Set(selected);
    for (const message of pageMessages) {
      if (allOnPage) next.delete(message.id);
      else next.add(message.id);
    }
    setChosen(next);
  }, [selected, pageMessages, allOnPage]);

  const clear = useCallback(() => setChosen(new Set()), []);

  return { selected, toggle, allOnPage, togglePage, clear };
}
