/**
 * The main process's realtime state in the renderer: the inbox and the pipeline it watches,
 * each published as its state once, then numbered updates (shared/ipc/contract.ts).
 */
import type {
  LeadChange,
  LeadsObserver,
  MessagesObserver,
  WatchStatus,
} from '../../shared/backend/ports.ts';
import type { Lead } from '../../shared/domain/leads/pipeline.ts';
import { createWatchLifecycle } from '../../shared/backend/watch-lifecycle.ts';
import type {
  DesktopApi,
  InboxSnapshot,
  InboxUpdate,
  IpcError,
  LeadsUpdate,
} from '../../shared/ipc/contract.ts';
import { toBackendError } from './ipc-relay.ts';

/**
 * The inbox as the main process publishes it: its state once, then its numbered updates.
 * The updates that arrive before the state are kept, and those it already includes skipped.
 */
export function watchMainInbox(api: DesktopApi, observer: MessagesObserver): () => void {
  // The main process retries by itself: this watch only relays.
  const lifecycle = createWatchLifecycle(observer);
  let revision: number | null = null;
  let hasList = false;
  const early: InboxUpdate[] = [];

  const report = (status: WatchStatus, error: IpcError | null) => {
    lifecycle.status(status);
    // The port's rule: nothing is delivered after an error.
    if (error) lifecycle.end(toBackendError(error));
  };

  const applyState = (state: Omit<InboxSnapshot, 'revision'>) => {
    report(state.status, state.error);
    hasList = state.messages !== null;
    if (state.messages) lifecycle.snapshot(state.messages);
  };

  const apply = (update: InboxUpdate) => {
    if (revision !== null && update.revision <= revision) return;
    revision = update.revision;
    switch (update.kind) {
      case 'reset':
        applyState(update);
        break;
      case 'changes':
        if (hasList) lifecycle.changes(update.changes);
        break;
      case 'status':
        report(update.status, update.error);
        break;
    }
  };

  lifecycle.onStop(
    api.inbox.onUpdate((update) => {
      if (revision === null) early.push(update);
      else apply(update);
    }),
  );
  void api.inbox
    .snapshot()
    .then((snapshot) => {
      if (lifecycle.stopped) return;
      revision = snapshot.revision;
      applyState(snapshot);
      for (const update of early.splice(0)) apply(update);
    })
    .catch(() => undefined);
  return lifecycle.stop;
}

/**
 * The pipeline as the main process publishes it, the same way as the inbox: its state once,
 * then its numbered updates, none applied twice nor before the state.
 */
export function watchMainLeads(api: DesktopApi, observer: LeadsObserver): () => void {
  const lifecycle = createWatchLifecycle<Lead, LeadChange>(observer);
  let revision: number | null = null;
  let hasList = false;
  const early: LeadsUpdate[] = [];

  const reset = (leads: Lead[] | null) => {
    hasList = leads !== null;
    if (leads) lifecycle.snapshot(leads);
  };
  const apply = (update: LeadsUpdate) => {
    if (revision !== null && update.revision <= revision) return;
    revision = update.revision;
    if (update.kind === 'reset') reset(update.leads);
    else if (hasList) lifecycle.changes(update.changes);
  };

  lifecycle.onStop(
    api.leads.onUpdate((update) => {
      if (revision === null) early.push(update);
      else apply(update);
    }),
  );
  void api.leads
    .snapshot()
    .then((snapshot) => {
      if (lifecycle.stopped) return;
      revision = snapshot.revision;
      reset(snapshot.leads);
      for (const update of early.splice(0)) apply(update);
    })
    .catch(() => undefined);
  return lifecycle.stop;
}
