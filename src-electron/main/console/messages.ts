import { BackendError } from '../../../shared/backend/ports.ts';
import type { ContactMessage } from '../../../shared/domain/contact.ts';
import { markAsSpam } from '../../../shared/domain/spam-marking.ts';
import type { BackendAccess } from './connection.ts';

/**
 * The inbox's operations, asked of the backend; each change comes back through the watch.
 * `inbox`: the messages as this process knows them (markSpam's rule reads them).
 */
export function messageOperations(backend: BackendAccess, inbox: () => ContactMessage[] | null) {
  return {
    setRead: (id: string, read: boolean) =>
      backend.use(async (source) => {
        await source.messages.setRead(id, read);
        return null;
      }),

    remove: (ids: readonly string[]) =>
      backend.use(async (source) => {
        await source.messages.remove(ids);
        return null;
      }),

    /** « Indésirables », as the backend keeps them (a backend without: none). */
    listSpam: () => backend.use(async (source) => (await source.messages.listSpam?.()) ?? []),

    restoreSpam: (id: string) =>
      backend.use(async (source) => {
        if (!source.messages.restoreSpam) throw new BackendError('not-found');
        await source.messages.restoreSpam(id);
        return null;
      }),

    /**
     * « Marquer comme indésirable »: the rule (markAsSpam) on the message as this process
     * knows it, then the backend, which checks it again in its own transaction.
     */
    markSpam: (id: string) =>
      backend.use(async (source) => {
        const message = inbox()?.find((candidate) => candidate.id === id);
        if (!message || !source.messages.markSpam) throw new BackendError('not-found');
        const marking = markAsSpam(message, Date.now());
        if (!marking.marked) throw new BackendError('refused', { message: marking.refusal });
        await source.messages.markSpam(id);
        return null;
      }),
  };
}
