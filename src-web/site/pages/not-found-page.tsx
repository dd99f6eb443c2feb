import { useCatalogue } from '../../content/catalogue-context.tsx';

/**
 * Unknown paths show only the shared elements (docs/architecture.md); the heading is there for
 * screen readers and the document title, not on screen.
 */
export default function NotFoundPage() {
  const { pageMeta } = useCatalogue();
  return <h1 className="visually-hidden">{pageMeta.notFound.heading}</h1>;
}
