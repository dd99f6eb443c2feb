import {
  Component,
  lazy,
  Suspense,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';

/**
 * A part of the owner's app whose code comes when it is first shown (issue 48: the sign-in
 * loads the inbox, not the quotes' editor, the invoices or the printable pages), or before:
 * `prefetch` starts the download (a folder's link pointed at, the browser idle), so that a
 * click seldom waits. One download however often it is asked; a failed one is tried again.
 */
export interface LazyPart<P> {
  Component: LazyExoticComponent<ComponentType<P>>;
  prefetch: () => void;
}

/** A part's code that did not arrive (what PartBoundary answers; other errors go on up). */
export class PartLoadError extends Error {
  constructor(cause: unknown) {
    super('Partie de l’application non chargée', { cause });
    this.name = 'PartLoadError';
  }
}

export function lazyPart<P>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let started: Promise<ComponentType<P>> | null = null;
  const fetchOnce = () =>
    (started ??= load().catch((error: unknown) => {
      started = null;
      throw new PartLoadError(error);
    }));
  return {
    Component: lazy(async () => ({ default: await fetchOnce() })),
    prefetch: () => {
      fetchOnce().catch(() => {
        // Shown when the part itself is asked for (PartBoundary).
      });
    },
  };
}

/** Calls `prefetch` once the browser has nothing else to do (after the first screen). */
export function prefetchWhenIdle(prefetch: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(prefetch, { timeout: 10_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(prefetch, 2000);
  return () => clearTimeout(timer);
}

/** What the owner sees while a part's code arrives: a spinner and what is coming, in words. */
export function PartLoading({ children }: { children: ReactNode }) {
  return (
    <div className="d-flex align-items-center gap-2 py-5 justify-content-center" role="status">
      <span className="spinner-border text-primary" aria-hidden="true" />
      {children}
    </div>
  );
}

interface BoundaryState {
  error: unknown;
}

/**
 * A part whose code could not be fetched (the connection lost, or the site updated since the
 * page was opened, its old files gone): a sentence and « Recharger la page », which fetches
 * the current version, instead of a blank screen.
 */
class PartFailure extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (error instanceof PartLoadError) console.error(error, error.cause, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    // Not a download: a fault of the part itself, left to go up as it did before.
    if (!(error instanceof PartLoadError)) throw error;
    return (
      <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert">
        <span>
          Cette partie de l’application n’a pas pu être chargée. Vérifiez la connexion, puis
          rechargez la page.
        </span>
        <button
          type="button"
          className="btn btn-outline-danger btn-sm"
          onClick={() => window.location.reload()}
        >
          Recharger la page
        </button>
      </div>
    );
  }
}

/** A lazy part in place: `loading` while its code arrives, a way out if it cannot. */
export function PartBoundary({ loading, children }: { loading: ReactNode; children: ReactNode }) {
  return (
    <PartFailure>
      <Suspense
        fallback={typeof loading === 'string' ? <PartLoading>{loading}</PartLoading> : loading}
      >
        {children}
      </Suspense>
    </PartFailure>
  );
}
