import { useEffect, useId, useRef, useState } from 'react';
import { failureText, type QuoteStore } from '../../shared/backend/ports.ts';
import { AGENCY_NAMES } from '../../shared/content/agency.ts';
import {
  answeredText,
  answerQuestion,
  netToPayText,
} from '../../shared/domain/quotes/answer-text.ts';
import type { PublicQuote, QuoteDecision } from '../../shared/domain/quotes/record.ts';
import { ANSWER_COMMENT_MAX_LENGTH } from '../../shared/domain/quotes/record.ts';
import { localeOf } from '../../shared/domain/routes.ts';
import { agencyContactFor } from '../quotes/quote-agency.ts';
import { QuoteDocument } from '../quotes/quote-document.tsx';
import { QUOTE_DOCUMENT_TEXT } from '../quotes/quote-document-text.ts';
import { QuoteSheet } from '../quotes/quote-sheet.tsx';
import { useModalDialog } from '../lib/use-modal-dialog.ts';
import { CLIENT_QUOTE_TEXT, type ClientQuoteText } from './client-quote-text.ts';
import {
  FailureInEveryLanguage,
  LoadingInEveryLanguage,
  useLinkedDocument,
} from './linked-document.tsx';
import './client-quote-page.css';

export type QuoteLinks = Pick<QuoteStore, 'readByToken' | 'answer'>;

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
  const [state, show] = useLinkedDocument(token, loadLinks);
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState(false);
  const [answerError, setAnswerError] = useState('');
  /** The answer the client tapped, waiting for its confirmation (null: none asked). */
  const [confirming, setConfirming] = useState<QuoteDecision | null>(null);
  const answeredRef = useRef<HTMLDivElement>(null);
  const movedFocus = useRef(false);

  const quote = state.kind === 'shown' ? state.document : null;
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
  // Once the answer is taken, the focus goes to what it says (the form it was in is gone).
  const answeredNow = quote?.answer != null;
  useEffect(() => {
    if (answeredNow && movedFocus.current) answeredRef.current?.focus();
  }, [answeredNow]);

  if (state.kind === 'loading') {
    return <LoadingInEveryLanguage say={(language) => CLIENT_QUOTE_TEXT[language].loading} />;
  }
  if (state.kind === 'failed') {
    return (
      <FailureInEveryLanguage
        french={state.french}
        say={(language, french) => CLIENT_QUOTE_TEXT[language].loadFailure(french)}
      />
    );
  }

  const shown = state.document;
  const text = CLIENT_QUOTE_TEXT[shown.language];
  const agency = AGENCY_NAMES[shown.language];
  const direction = localeOf(shown.language).direction;

  const answer = async (decision: QuoteDecision) => {
    setConfirming(null);
    setSending(true);
    setAnswerError('');
    try {
      const links = await loadLinks();
      const trimmed = comment.trim();
      const answered = await links.answer(token, {
        decision,
        ...(trimmed === '' ? {} : { comment: trimmed }),
      });
      movedFocus.current = true;
      show(answered);
    } catch (failure) {
      setAnswerError(text.failure(failureText(failure)));
    } finally {
      setSending(false);
    }
  };

  const said = shown.answer ? answeredText(shown.answer, shown.language) : null;
  const pdfButton = (
    <button
      type="button"
      className="btn btn-outline-primary"
      aria-describedby={`${id}-pdf-help`}
      onClick={() => window.print()}
    >
      {text.pdf}
    </button>
  );

  return (
    <div className="client-quote" lang={shown.language} dir={direction}>
      <header className="client-quote-answer d-print-none">
        <div className="client-quote-summary">
          <p className="client-quote-number mb-0">{text.heading(shown.number ?? '')}</p>
          <p className="client-quote-net mb-0" data-testid="client-quote-net">
            <span className="client-quote-net-label">
              {QUOTE_DOCUMENT_TEXT[shown.language].netToPay}
            </span>{' '}
            <strong className="client-quote-net-amount">{netToPayText(shown)}</strong>
          </p>
        </div>
        {shown.answer && said ? (
          <div
            ref={answeredRef}
            tabIndex={-1}
            className={`alert ${shown.answer.decision === 'accepte' ? 'alert-success' : 'alert-secondary'} mb-0`}
            role="status"
            data-testid="client-quote-answered"
          >
            <p className="fw-semibold mb-1">{said.sentence}</p>
            <p className="mb-0">{text.thanks[shown.answer.decision]}</p>
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
            <h2 className="h5">{text.answerHeading}</h2>
            <p>{text.intro(agency)}</p>
            <label htmlFor={`${id}-comment`} className="form-label">
              {text.comment}
            </label>
            <textarea
              id={`${id}-comment`}
              className="form-control"
              rows={2}
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
                aria-haspopup="dialog"
                onClick={() => setConfirming('accepte')}
              >
                {text.accept}
              </button>
              <button
                type="button"
                className="btn btn-outline-danger"
                disabled={sending}
                aria-haspopup="dialog"
                onClick={() => setConfirming('refuse')}
              >
                {text.refuse}
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
        <div className="client-quote-pdf">
          {pdfButton}
          <p id={`${id}-pdf-help`} className="form-text mb-0">
            {text.pdfHelp}
          </p>
        </div>
        {confirming && (
          <ConfirmAnswer
            question={answerQuestion(shown, confirming)}
            number={shown.number ?? ''}
            decision={confirming}
            comment={comment.trim()}
            text={text}
            language={shown.language}
            onConfirm={() => void answer(confirming)}
            onCancel={() => setConfirming(null)}
          />
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

/**
 * « Accepter le devis DEV-2026-0001 pour 361 956,00 DA ? »: asked in a modal <dialog> before an
 * answer is sent (one stray tap answers nothing). « Annuler » has the focus, Escape closes it,
 * and the focus goes back to the button that opened it (useModalDialog).
 */
function ConfirmAnswer({
  question,
  number,
  decision,
  comment,
  text,
  language,
  onConfirm,
  onCancel,
}: {
  question: string;
  /** Kept on one line within the question (« DEV-2026- » then « 0001 » read badly). */
  number: string;
  decision: QuoteDecision;
  comment: string;
  text: ClientQuoteText;
  language: PublicQuote['language'];
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const dialog = useModalDialog(onCancel, { initialFocus: '[data-cancel]' });
  return (
    <dialog
      ref={dialog}
      className="client-quote-confirm"
      lang={language}
      dir={localeOf(language).direction}
      aria-labelledby={`${id}-question`}
      aria-describedby={`${id}-note`}
    >
      <h2 id={`${id}-question`} className="h5">
        {number === ''
          ? question
          : question.split(number).flatMap((part, index) =>
              index === 0
                ? [part]
                : [
                    <span key={index} className="text-nowrap">
                      {number}
                    </span>,
                    part,
                  ],
            )}
      </h2>
      <p id={`${id}-note`}>{text.confirmNote}</p>
      {comment !== '' && (
        <p className="client-quote-confirm-comment">
          {text.yourComment} <bdi>{comment}</bdi>
        </p>
      )}
      <div className="d-flex flex-wrap gap-2 justify-content-end">
        <button type="button" className="btn btn-outline-dark" data-cancel onClick={onCancel}>
          {text.cancel}
        </button>
        <button
          type="button"
          className={decision === 'accepte' ? 'btn btn-success' : 'btn btn-danger'}
          onClick={onConfirm}
        >
          {text.confirm[decision]}
        </button>
      </div>
    </dialog>
  );
}
