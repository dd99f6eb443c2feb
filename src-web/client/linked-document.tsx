/**
 * What the client's pages of a quote (`/pageDevis#…`) and of an invoice (`/pageFacture#…`)
 * share before their document is known: reading it by the link's token, and saying « loading »
 * or a failure in each of the site's languages, since the document's own is not known yet.
 */
import { useEffect, useState } from 'react';
import { failureText } from '../../shared/backend/ports.ts';
import type { QuoteLanguage } from '../../shared/domain/quotes/quote.ts';
import { LANGUAGES, localeOf } from '../../shared/domain/routes.ts';

export type LinkedDocument<T> =
  { kind: 'loading' } | { kind: 'failed'; french: string } | { kind: 'shown'; document: T };

/**
 * Reads the document the token leads to, once `loadLinks` has given the backend's reader.
 * `show` replaces the document shown (a quote once answered).
 */
export function useLinkedDocument<T>(
  token: string,
  loadLinks: () => Promise<{ readByToken(token: string): Promise<T> }>,
): [LinkedDocument<T>, (document: T) => void] {
  const [state, setState] = useState<LinkedDocument<T>>({ kind: 'loading' });
  useEffect(() => {
    let current = true;
    loadLinks()
      .then((links) => links.readByToken(token))
      .then(
        (document) => current && setState({ kind: 'shown', document }),
        (failure: unknown) => current && setState({ kind: 'failed', french: failureText(failure) }),
      );
    return () => {
      current = false;
    };
  }, [token, loadLinks]);
  return [state, (document: T) => setState({ kind: 'shown', document })];
}

/** « Chargement… » in each of the site's languages, one after the other. */
export function LoadingInEveryLanguage({ say }: { say: (language: QuoteLanguage) => string }) {
  return (
    <p className="client-quote-loading" role="status">
      {LANGUAGES.map((language, index) => (
        <span key={language}>
          {index > 0 ? ' · ' : ''}
          <span lang={language} dir={localeOf(language).direction}>
            {say(language)}
          </span>
        </span>
      ))}
    </p>
  );
}

/** A failure said in each of the site's languages (`say`: the page's words for it). */
export function FailureInEveryLanguage({
  french,
  say,
}: {
  french: string;
  say: (language: QuoteLanguage, french: string) => string;
}) {
  return (
    <main className="client-quote container py-4">
      <div className="client-quote-failure">
        {LANGUAGES.map((language, index) => (
          <p
            key={language}
            lang={language}
            dir={localeOf(language).direction}
            className="alert alert-danger"
            {...(index === 0 ? { role: 'alert' } : {})}
          >
            {say(language, french)}
          </p>
        ))}
      </div>
    </main>
  );
}
