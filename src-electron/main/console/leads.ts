import { BackendError } from '../../../shared/backend/ports.ts';
import type { NewContactValues } from '../../../shared/domain/leads/new-contact.ts';
import type { ReplyChannel, StatusChange } from '../../../shared/domain/leads/pipeline.ts';
import type { BackendAccess } from './connection.ts';

/** The pipeline's changes, asked of the backend; the result comes back as an update. */
export function leadOperations(backend: BackendAccess) {
  return {
    setStatus: (id: string, change: StatusChange) =>
      backend.usePart('leads', async (pipeline) => {
        await pipeline.setStatus(id, change);
        return null;
      }),
    addNote: (id: string, text: string) =>
      backend.usePart('leads', (pipeline) => pipeline.addNote(id, text)),
    correctNote: (id: string, noteId: string, text: string) =>
      backend.usePart('leads', async (pipeline) => {
        await pipeline.correctNote(id, noteId, text);
        return null;
      }),
    setNextAction: (id: string, at: number | null) =>
      backend.usePart('leads', async (pipeline) => {
        await pipeline.setNextAction(id, at);
        return null;
      }),
    setEstimatedValue: (id: string, value: number | null) =>
      backend.usePart('leads', async (pipeline) => {
        await pipeline.setEstimatedValue(id, value);
        return null;
      }),
    addContact: (input: NewContactValues) =>
      backend.usePart('leads', (pipeline) => {
        if (!pipeline.addContact) throw new BackendError('unavailable');
        return pipeline.addContact(input);
      }),
    recordReply: (id: string, channel: ReplyChannel) =>
      backend.usePart('leads', async (pipeline) => {
        await pipeline.recordReply(id, channel);
        return null;
      }),
  };
}
