import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { paramsFromView, viewFromParams, type InboxView } from './inbox-view.ts';

/** The view the owner chose, kept in the URL: a reload or a shared link shows the same. */
export function useInboxView() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => viewFromParams(params), [params]);

  const change = useCallback(
    (changes: Partial<InboxView>) => {
      // Any change but the page itself starts again from page 1.
      setParams(paramsFromView({ ...view, page: 1, ...changes }), { replace: true });
    },
    [view, setParams],
  );

  const reset = useCallback(() => setParams(new URLSearchParams(), { replace: true }), [setParams]);

  return { view, change, reset };
}
