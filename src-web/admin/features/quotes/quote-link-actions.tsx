import { useEffect, useId, useState } from 'react';
import { failureText, type QuoteStore } from '../../../../shared/backend/ports.ts';
import { whatsappReach, whatsappReachRefusal } from '../../../../shared/domain/phone.ts';
import type { Quote } from '../../../../shared/domain/quotes/record.ts';
import {
  quoteShareText,
  whatsappShareHref,
} from '../../../../shared/notifications/document-share.ts';
import { Icon } from '../../../components/icon.tsx';

/** What the owner did last, said under the buttons. */
type Said = { kind: 'done' | 'error'; text: string } | null;

/**
 * The client's link of a sent quote (issue 44, docs/inbox.md, « Les devis »): the same link each
 * time (the backend derives it, never stores it), so the owner can send it on WhatsApp, copy it
 * or show it as often as needed; each send or copy is logged on the lead's timeline. « Nouveau
 * lien » is apart, and asks first: the old link then stops working.
 *
 * « Envoyer sur WhatsApp » is a plain link (one tap, a new tab, the system's browser in the
 * console), prefilled in the quote's language (quoteShareText). A number that cannot receive
 * WhatsApp (none, an Algerian fixed line) is said to be one instead.
 */
export function QuoteLinkActions({
  store,
  quote,
  leadPhone,
  busy,
  onNewLink,
}: {
  store: QuoteStore;
  quote: Quote;
  /** The lead's phone, when the quote's client has none. */
  leadPhone: string | number | null;
  busy: boolean;
  /** « Nouveau lien » confirmed: the section makes it (and says what became of its e-mail). */
  onNewLink: () => Promise<void>;
}) {
  const id = useId();
  const [link, setLink] = useState<string | null>(null);
  const [linkError, setLinkError] = useState('');
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [said, setSaid] = useState<Said>(null);
  const [revision, setRevision] = useState(0);

  useEffect(() => {
    let live = true;
    store.link(quote.id).then(
      (answer) => {
        if (!live) return;
        setLink(answer.link);
        setLinkError('');
      },
      (failure: unknown) => live && setLinkError(failureText(failure)),
    );
    return () => {
      live = false;
    };
  }, [store, quote.id, revision]);

  const reach = whatsappReach(quote.client.phone || leadPhone);
  const unreachable = whatsappReachRefusal(reach);
  const number = quote.number ?? '';

  /** Logs the send or the copy on the timeline; a failure there is said, the link still went. */
  const log = (via: 'whatsapp' | 'lien', done: string) => {
    store.link(quote.id, via).then(
      () => setSaid({ kind: 'done', text: done }),
      (failure: unknown) =>
        setSaid({
          kind: 'error',
          text: `${done.replace(/\.$/u, '')}, mais l’historique du contact ne l’a pas noté : ${failureText(failure)}`,
        }),
    );
  };

  const copy = async () => {
    if (link === null) return;
    try {
      await navigator.clipboard.writeText(link);
      log('lien', `Lien du devis ${number} copié.`);
    } catch {
      // No clipboard (an old browser, a page not focused): the link shown, to copy by hand.
      setShown(true);
      setSaid({
        kind: 'error',
        text: 'Le lien n’a pas pu être copié automatiquement : sélectionnez-le ci-dessous et copiez-le.',
      });
    }
  };

  return (
    <div className="quote-link-actions mt-2" data-testid="quote-link-actions">
      {linkError ? (
        <p className="small text-danger mb-1" role="alert">
          {linkError}
        </p>
      ) : link === null ? (
        <p className="small text-body-secondary mb-1">Préparation du lien du client…</p>
      ) : null}
      <div className="d-flex flex-wrap gap-2">
        {link !== null && reach.ok && (
          <a
            className="btn btn-success btn-sm"
            href={whatsappShareHref(reach.e164, quoteShareText(quote, link))}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => log('whatsapp', `Devis ${number} envoyé sur WhatsApp.`)}
          >
            <Icon name="whatsapp" className="me-1" />
            Envoyer sur WhatsApp
          </a>
        )}
        {link !== null && (
          <>
            <button
              type="button"
              className="btn btn-outline-primary btn-sm"
              onClick={() => void copy()}
            >
              <Icon name="share" className="me-1" />
              Copier le lien
            </button>
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              aria-expanded={shown}
              aria-controls={`${id}-link`}
              onClick={() => setShown((open) => !open)}
            >
              {shown ? 'Masquer le lien' : 'Afficher le lien'}
            </button>
          </>
        )}
        {!confirming && (
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            Nouveau lien…
          </button>
        )}
      </div>
      {link !== null && !reach.ok && unreachable && (
        <p className="small text-body-secondary mt-1 mb-0" data-testid="quote-whatsapp-unreachable">
          {unreachable}
        </p>
      )}
      {shown && link !== null && (
        <p className="small mt-2 mb-0" id={`${id}-link`}>
          Lien du client :{' '}
          <a
            href={link}
            className="text-break"
            data-testid="quote-link"
            target="_blank"
            rel="noreferrer"
          >
            {link}
          </a>
        </p>
      )}
      {confirming && (
        <div
          className="alert alert-warning py-2 small mt-2 mb-0"
          role="group"
          aria-labelledby={`${id}-renew`}
        >
          <p className="mb-2" id={`${id}-renew`}>
            Faire un nouveau lien pour le devis {number} ? L’ancien lien cessera de fonctionner : le
            client devra utiliser le nouveau.
          </p>
          <div className="d-flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-danger btn-sm"
              disabled={busy}
              onClick={() => {
                setConfirming(false);
                setSaid(null);
                void onNewLink().then(() => setRevision((count) => count + 1));
              }}
            >
              Faire un nouveau lien
            </button>
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              onClick={() => setConfirming(false)}
            >
              Annuler
            </button>
          </div>
        </div>
      )}
      <div role="status" className="small mt-1">
        {said && (
          <span className={said.kind === 'error' ? 'text-danger' : 'text-success'}>
            {said.text}
          </span>
        )}
      </div>
    </div>
  );
}
