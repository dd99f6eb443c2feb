import type { Backend, LeadsObserver } from '../../shared/backend/ports.ts';
import type { Lead } from '../../shared/domain/leads/pipeline.ts';
import type { LeadsSnapshot, LeadsUpdate } from '../../shared/ipc/contract.ts';
import type { EmitEvent } from './ipc/renderer-events.ts';

type WithoutRevision<U> = U extends unknown ? Omit<U, 'revision'> : never;

/**
 * The lead pipeline in the main process, watched beside the inbox while the owner is signed
 * in, and relayed to the window as the inbox is: its state once (`leads:snapshot`), then
 * numbered updates (`leads:update`), so that the console shows the same « Suivi » as the
 * browser. A backend without a pipeline relays none.
 */
export function createLeadsRelay(emit: EmitEvent) {
  let state: LeadsSnapshot = { revision: 0, leads: null };
  let stopWatch: (() => void) | null = null;

  const publish = (update: WithoutRevision<LeadsUpdate>) => {
    const revision = state.revision + 1;
    if (update.kind === 'reset') {
      state = { revision, leads: update.leads };
    } else {
      const byId = new Map<string, Lead>((state.leads ?? []).map((lead) => [lead.id, lead]));
      for (const change of update.changes) {
        if (change.type === 'set') byId.set(change.lead.id, change.lead);
        else byId.delete(change.id);
      }
      state = { revision, leads: [...byId.values()] };
    }
    emit('leads:update', { ...update, revision });
  };

  const stop = () => {
    stopWatch?.();
    stopWatch = null;
    if (state.leads !== null) publish({ kind: 'reset', leads: null });
  };

  return {
    /**
     * Watches this backend's pipeline (again: the inbox's watch starting over); `also` hears
     * the same snapshot and changes (the main process's reminders).
     */
    start(source: Backend, also?: Pick<LeadsObserver, 'snapshot' | 'changes'>): void {
      stop();
      if (!source.leads) return;
      stopWatch = source.leads.watch({
        snapshot: (leads) => {
          publish({ kind: 'reset', leads });
          also?.snapshot(leads);
        },
        changes: (changes) => {
          publish({ kind: 'changes', changes });
          also?.changes(changes);
        },
        // The inbox's watch reports the session's end and starts both over.
        error: () => {
          stopWatch = null;
        },
      });
    },
    stop,
    snapshot: (): LeadsSnapshot => state,
  };
}
