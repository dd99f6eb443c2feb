import { pageMeta } from '../content/index.ts';
import { usePageMeta } from '../hooks/use-page-meta.ts';

/**
 * Unknown paths show only the shared elements (docs/architecture.md); the heading is there for
 * screen readers and the document title, not on screen.
 */
export default function NotFoundPage() {
  usePageMeta('notFound');
  return <h1 className="visually-hidden">{pageMeta.notFound.heading}</h1>;
}
