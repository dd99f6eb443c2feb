import { useEffect } from 'react';
import { agency, pageMeta } from '../../content/index.ts';
import type { PageMetaTable } from '../../content/types.ts';

export function documentTitle(title: string): string {
  return `${title} | ${agency.name}`;
}

/**
 * Keeps the document title and description in step with the route after client-side
 * navigation (the prerendered HTML already carries them for the first load). A `count`
 * above zero goes in front of the title, « (3) Tableau de bord | … », as inboxes do.
 */
export function usePageMeta(page: keyof PageMetaTable, count = 0) {
  useEffect(() => {
    const meta = pageMeta[page];
    const title = documentTitle(meta.title);
    document.title = count > 0 ? `(${count}) ${title}` : title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  }, [page, count]);
}
