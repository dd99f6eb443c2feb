import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { BackendError, Backend, WatchStatus } from '../../../../shared/backend/ports.ts';
import type { ContactMessage } from '../../../../shared/domain/contact.ts';
import { applyInboxChanges } from '../../../../shared/domain/inbox.ts';

export interface InboxState {
  /** Null until the first list arrives. */
  messages: ContactMessage[] | null;
  status: WatchStatus;
  error: BackendError | null;
}

/** Every message, newest first, kept up to date in realtime. */
export function useInbox(backend: Backend): InboxState {
  const [state, setState] = useState<InboxState>({
    messages: null,
    status: 'connecting',
    error: null,
  });

  useEffect(() => {
    // Rendered at once rather than at React's next scheduled task: a new message shows in the
    // same frame it arrives in, even with a large inbox.
    return backend.messages.watch({
      snapshot: (messages) =>
        flushSync(() => setState((previous) => ({ ...previous, messages, error: null }))),
      changes: (changes) =>
        flushSync(() =>
          setState((previous) => ({
            ...previous,
            messages: applyInboxChanges(previous.messages ?? [], changes),
          })),
        ),
      status: (status) => setState((previous) => ({ ...previous, status })),
      error: (error) => setState((previous) => ({ ...previous, error })),
    });
  }, [backend]);

  return state;
}
