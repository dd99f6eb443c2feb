import { useEffect } from 'react';
import { agency, pageMeta } from '../content/index.ts';
import type { PageMetaTable } from '../content/types.ts';

export function documentTitle(title: string): string {
  return `${title} | ${agency.name}`;
}

/**
 * Keeps the document title and description in step with the route after client-side
 * navigation (the prerendered HTML already carries them for the first load).
 */
export function usePageMeta(page: keyof PageMetaTable) {
  useEffect(() => {
    const meta = pageMeta[page];
    document.title = documentTitle(meta.title);
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  }, [page]);
}
