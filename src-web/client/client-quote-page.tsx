import { useEffect, useId, useState } from 'react';
import { failureText, type QuoteStore } from '../../shared/backend/ports.ts';
import { AGENCY_NAMES } from '../../shared/content/agency.ts';
import type { PublicQuote, QuoteDecision } from '../../shared/domain/quotes/record.ts';
import { ANSWER_COMMENT_MAX_LENGTH } from '../../shared/domain/quotes/record.ts';
import { LANGUAGES, localeOf } from '../../shared/domain/routes.ts';
import { agencyContactFor } from '../quotes/quote-agency.ts';
import { QuoteDocument } from '../quotes/quote-document.tsx';
import { QuoteSheet } from '../quotes/quote-sheet.tsx';
import { formatQuoteDate } from '../quotes/quote-format.ts';
import { CLIENT_QUOTE_TEXT } from './client-quote-text.ts';
import './client-quote-page.css';

export type QuoteLinks = Pick<QuoteStore, 'readByToken' | 'answer'>;

type State =
  { kind: 'loading' } | { kind: 'failed'; french: string } | { kind: 'shown'; quote: PublicQuote };

/** The day of an instant, in Algiers, as the quote writes its dates. */
function dayOf(at: number, locale: string): string {
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Algiers',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
  return formatQuoteDate(day, locale);
}

/** Before the quote is known, its language is not: a failure is said in each of the site's. */
function EveryLanguage({ french }: { french: string }) {
  return (
    <div className="client-quote-failure">
      {LANGUAGES.map((language, index) => (
        <p
          key={language}
          lang={language}
          dir={localeOf(language).direction}
          className="alert alert-danger"
          {...(index === 0 ? { role: 'alert' } : {})}
        >
          {CLIENT_QUOTE_TEXT[language].loadFailure(french)}
        </p>
      ))}
    </div>
  );
}

/**
 * The client's page of a quote, from the link e-mailed to them (`/pageDevis#<token>`): the
 * quote read only, in its language (Arabic right to left, what is Latin in it isolated), and
 * « Accepter le devis » or « Refuser » with an optional comment, once. Nothing of the lead or
 * of any other quote is on it.
 */
export function ClientQuotePage({
  token,
  loadLinks,
}: {
  token: string;
  loadLinks: () => Promise<QuoteLinks>;
}) {
  const id = useId();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState(false);
  const [answerError, setAnswerError] = useState('');

  useEffect(() => {
    let current = true;
    loadLinks()
      .then((links) => links.readByToken(token))
      .then(
        (quote) => current && setState({ kind: 'shown', quote }),
        (failure: unknown) => current && setState({ kind: 'failed', french: failureText(failure) }),
      );
    return () => {
      current = false;
    };
  }, [token, loadLinks]);

  const quote = state.kind === 'shown' ? state.quote : null;
  const language = quote?.language ?? null;
  // The page takes the quote's language and direction once it is known.
  useEffect(() => {
    if (!language) return;
    const root = document.documentElement;
    root.lang = language;
    root.dir = localeOf(language).direction;
  }, [language]);
  useEffect(() => {
    if (quote?.number) document.title = CLIENT_QUOTE_TEXT[quote.language].heading(quote.number);
  }, [quote]);

  if (state.kind === 'loading') {
    return (
      <p className="client-quote-loading" role="status">
        {LANGUAGES.map((language, index) => (
          <span key={language}>
            {index > 0 ? ' · ' : ''}
            <span lang={language} dir={localeOf(language).direction}>
              {CLIENT_QUOTE_TEXT[language].loading}
            </span>
          </span>
        ))}
      </p>
    );
  }
  if (state.kind === 'failed') {
    return (
      <main className="client-quote container py-4">
        <EveryLanguage french={state.french} />
      </main>
    );
  }

  const shown = state.quote;
  const text = CLIENT_QUOTE_TEXT[shown.language];
  const locale = localeOf(shown.language).intl;
  const agency = AGENCY_NAMES[shown.language];

  const answer = async (decision: QuoteDecision) => {
    setSending(true);
    setAnswerError('');
    try {
      const links = await loadLinks();
      const trimmed = comment.trim();
      const answered = await links.answer(token, {
        decision,
        ...(trimmed === '' ? {} : { comment: trimmed }),
      });
      setState({ kind: 'shown', quote: answered });
    } catch (failure) {
      setAnswerError(text.failure(failureText(failure)));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="client-quote" lang={shown.language} dir={localeOf(shown.language).direction}>
      <header className="client-quote-answer d-print-none">
        <h2 className="h5">{text.answerHeading}</h2>
        {shown.answer ? (
          <div className="alert alert-success mb-0" role="status">
            <p className="mb-0">
              {shown.answer.decision === 'accepte'
                ? text.accepted(dayOf(shown.answer.at, locale))
                : text.refused(dayOf(shown.answer.at, locale))}
            </p>
            {shown.answer.comment && (
              <p className="mb-0 mt-2">
                {text.yourComment} <bdi>{shown.answer.comment}</bdi>
              </p>
            )}
          </div>
        ) : shown.status !== 'envoye' ? (
          <p className="alert alert-secondary mb-0" role="status">
            {text.closed}
          </p>
        ) : (
          <div className="client-quote-form">
            <p>{text.intro(agency)}</p>
            <label htmlFor={`${id}-comment`} className="form-label">
              {text.comment}
            </label>
            <textarea
              id={`${id}-comment`}
              className="form-control"
              rows={3}
              dir="auto"
              maxLength={ANSWER_COMMENT_MAX_LENGTH}
              aria-describedby={`${id}-comment-help${answerError ? ` ${id}-error` : ''}`}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
            />
            <p id={`${id}-comment-help`} className="form-text">
              {text.commentHelp}
            </p>
            <div className="d-flex flex-wrap gap-2">
              <button
                type="button"
                className="btn btn-success"
                disabled={sending}
                onClick={() => void answer('accepte')}
              >
                {text.accept}
              </button>
              <button
                type="button"
                className="btn btn-outline-danger"
                disabled={sending}
                onClick={() => void answer('refuse')}
              >
                {text.refuse}
              </button>
              <button
                type="button"
                className="btn btn-outline-primary ms-auto"
                onClick={() => window.print()}
              >
                {text.print}
              </button>
            </div>
            <p className="visually-hidden" role="status">
              {sending ? text.sending : ''}
            </p>
            {answerError && (
              <p id={`${id}-error`} className="text-danger mt-2 mb-0" role="alert">
                {answerError}
              </p>
            )}
          </div>
        )}
      </header>
      <main className="client-quote-document">
        <QuoteSheet>
          <QuoteDocument
            quote={shown}
            seller={shown.seller}
            agency={agencyContactFor(shown.language)}
            stampDutyScale={shown.stampDutyScale}
          />
        </QuoteSheet>
      </main>
    </div>
  );
}
