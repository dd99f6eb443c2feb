import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  failureText,
  type InvoiceStore,
  type QuoteSent,
  type QuoteStore,
  type SettingsStore,
} from '../../../../shared/backend/ports.ts';
import { sellerOf } from '../../../../shared/domain/settings/effective.ts';
import type { SettingsAnswer } from '../../../../shared/domain/settings/record.ts';
import type { ContactMessage } from '../../../../shared/domain/contact.ts';
import type { Quote } from '../../../../shared/domain/quotes/record.ts';
import { sellerLegalDetails } from '../../../content/facts.ts';
import { Icon } from '../../../components/icon.tsx';
import { invoiceFigures } from '../../../../shared/domain/invoices/figures.ts';
import { todayInAlgiers } from '../../../../shared/domain/quotes/validity.ts';
import { LeadInvoiceEditor } from '../invoices/lead-invoice-editor.tsx';
import { QuoteInvoicing } from '../invoices/quote-invoicing.tsx';
import { formatCentimes } from '../../../quotes/quote-format.ts';
import { QuoteEditor } from './quote-editor.tsx';
import { QuoteLinkActions } from './quote-link-actions.tsx';
import { valuesForLead, valuesFromQuote, type QuoteEditorResult } from './quote-editor-values.ts';
import { settingsFieldPath } from '../settings/settings-routes.ts';
import { printQuotePath } from './quote-routes.ts';
import { QUOTE_STATUS_BADGES, summarizeQuote } from './quote-summary.ts';

/** The e-mail's failure, ended with a stop (a transport's reasons are fragments). */
const endsAsSentence = (text: string) => (/[.!?…]$/u.test(text) ? text : `${text}.`);

/**
 * What « Envoyer au client » says it did: to whom, or why the e-mail did not leave, and the
 * link. A lead without an e-mail address is no failure (issue 44): the quote is sent, and its
 * link goes on WhatsApp or by hand, in one sentence.
 */
function sentNotice(sent: Omit<QuoteSent, 'quote'>, number: string): Notice {
  if (!sent.email.sent && sent.email.to === null) {
    return {
      kind: 'done',
      text: `Devis ${number} prêt pour le client. Ce contact n’a pas d’adresse e-mail : envoyez-lui le lien sur WhatsApp ou copiez-le, ci-dessous.`,
    };
  }
  return sent.email.sent
    ? { kind: 'done', text: `Devis ${number} envoyé à ${sent.email.to}.`, link: sent.link }
    : {
        kind: 'warning',
        text: `Devis ${number} envoyé, mais l’e-mail n’est pas parti : ${endsAsSentence(sent.email.error)} Transmettez le lien au client vous-même.`,
        link: sent.link,
      };
}

interface Notice {
  kind: 'done' | 'warning' | 'error';
  text: string;
  /** The client's link, shown once after sending (the backend keeps only its hash). */
  link?: string;
}

/** The editor, open on a draft (null: a new one); `key` starts a fresh form each time. */
type Editing = { quote: Quote | null; key: string } | null;

/**
 * « Devis » in the message panel (docs/inbox.md, « Les devis ») : the lead's quotes (number,
 * total TTC, state, validity), « Créer un devis », and for each what its state allows: edit,
 * send or delete a draft, print any, make a new version of a sent, refused or expired one.
 */
export function LeadQuotes({
  store,
  message,
  settings,
  invoices,
}: {
  store: QuoteStore;
  message: ContactMessage;
  /** The invoices, where the backend keeps them: an accepted quote's are under it. */
  invoices?: InvoiceStore | undefined;
  /** « Réglages », where the backend has them: the regime and the mentions still missing. */
  settings?: SettingsStore | undefined;
}) {
  const id = useId();
  const [agency, setAgency] = useState<SettingsAnswer | null>(null);
  const [quotes, setQuotes] = useState<Quote[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmingRemoval, setConfirmingRemoval] = useState<string | null>(null);
  // « Facture sans devis », open; `key` starts a fresh form each time.
  const [invoicing, setInvoicing] = useState<string | null>(null);
  const issueWithoutQuote = invoices?.issueWithoutQuote?.bind(invoices);
  // The draft the open editor saves into: none until a new quote's first save.
  const draft = useRef<Quote | null>(null);
  const openEditor = (quote: Quote | null) => {
    draft.current = quote;
    setNotice(null);
    setEditing({ quote, key: quote?.id ?? `new-${Date.now()}` });
  };

  // « Réglages » read again each time the editor opens: a change made there counts at once.
  const hasAccepted = quotes?.some((quote) => quote.status === 'accepte') ?? false;
  useEffect(() => {
    if (!settings || (!editing && !invoicing && !(invoices && hasAccepted))) return;
    let live = true;
    settings.get().then(
      (answer) => live && setAgency(answer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [settings, editing, invoicing, invoices, hasAccepted]);
  const regime = agency ? sellerOf(agency.settings).taxRegime : sellerLegalDetails.taxRegime;

  // Asked again after each change: the store has no watch of quotes.
  const [revision, setRevision] = useState(0);
  const reload = () => setRevision((count) => count + 1);
  useEffect(() => {
    let current = true;
    store.listByLead(message.id).then(
      (found) => {
        if (!current) return;
        setQuotes(found);
        setLoadError('');
      },
      (failure: unknown) => current && setLoadError(failureText(failure)),
    );
    return () => {
      current = false;
    };
  }, [store, message.id, revision]);

  async function act(work: () => Promise<Notice | null>) {
    setBusy(true);
    try {
      setNotice(await work());
    } catch (failure) {
      setNotice({ kind: 'error', text: failureText(failure) });
    } finally {
      setBusy(false);
      reload();
    }
  }

  const send = (quote: Quote, email?: string) =>
    act(async () => {
      const sent = await store.send(quote.id, email ? { email } : {});
      return sentNotice(sent, sent.quote.number ?? '');
    });

  /**
   * The editor's save: the whole draft at once (nothing half-saved: the store checks it and
   * keeps all or nothing), then, if asked, « Envoyer au client ». A draft saved but not sent
   * stays in the list, with the reason.
   */
  const save = async (result: QuoteEditorResult) => {
    const current = draft.current;
    const quote = current
      ? await store.updateDraft(current.id, result.fields)
      : await store.createDraft(message.id, result.fields);
    draft.current = quote;
    let saved: Notice = { kind: 'done', text: 'Brouillon enregistré.' };
    if (result.send) {
      try {
        const sent = await store.send(quote.id, result.email ? { email: result.email } : {});
        saved = sentNotice(sent, sent.quote.number ?? '');
      } catch (failure) {
        saved = {
          kind: 'error',
          text: `Brouillon enregistré, mais pas envoyé : ${failureText(failure)}`,
        };
      }
    }
    setEditing(null);
    setNotice(saved);
    reload();
  };

  const editorTitle =
    editing?.quote == null
      ? 'Nouveau devis'
      : editing.quote.number === null
        ? 'Brouillon de devis'
        : `Devis ${editing.quote.number} (brouillon)`;

  return (
    <section className="lead-quotes" aria-labelledby={`${id}-title`}>
      <div className="d-flex align-items-center gap-2 mb-2">
        <h3 id={`${id}-title`} className="h5 mb-0">
          Devis
        </h3>
        <button
          type="button"
          className="btn btn-primary btn-sm ms-auto"
          onClick={() => openEditor(null)}
        >
          <Icon name="file-earmark-text" className="me-1" />
          Créer un devis
        </button>
        {issueWithoutQuote && (
          <button
            type="button"
            className="btn btn-outline-primary btn-sm"
            onClick={() => {
              setNotice(null);
              setInvoicing(`facture-${Date.now()}`);
            }}
          >
            Facture sans devis
          </button>
        )}
      </div>
      <div role="status" className={notice?.kind === 'error' ? 'visually-hidden' : undefined}>
        {notice && notice.kind !== 'error' && (
          <div
            className={`alert ${notice.kind === 'done' ? 'alert-success' : 'alert-warning'} py-2 small`}
          >
            <p className="mb-1">{notice.text}</p>
            {notice.link && (
              <p className="mb-0">
                Lien du client :{' '}
                <a href={notice.link} className="text-break" data-testid="quote-link">
                  {notice.link}
                </a>
              </p>
            )}
          </div>
        )}
      </div>
      {notice?.kind === 'error' && (
        <p className="text-danger small" role="alert">
          {notice.text}
          {notice.text.includes('« Réglages »') && (
            <>
              {' '}
              <Link to={settingsFieldPath(agency?.missing[0]?.field)}>
                Compléter dans « Réglages »
              </Link>
            </>
          )}
        </p>
      )}
      {loadError && (
        <p className="text-danger small" role="alert">
          Impossible de charger les devis : {loadError}
        </p>
      )}
      {quotes === null ? (
        !loadError && <p className="text-body-secondary small">Chargement des devis…</p>
      ) : quotes.length === 0 ? (
        <p className="text-body-secondary small">Aucun devis pour ce contact.</p>
      ) : (
        <ul className="list-unstyled lead-quote-list" aria-labelledby={`${id}-title`}>
          {quotes.map((quote) => {
            const summary = summarizeQuote(quote);
            return (
              <li key={quote.id} className="lead-quote" data-testid="lead-quote">
                <div className="d-flex flex-wrap align-items-baseline gap-2">
                  <span className="fw-semibold">{summary.number}</span>
                  <span className={`badge ${QUOTE_STATUS_BADGES[quote.status]}`}>
                    {summary.status}
                  </span>
                  <span className="ms-auto fw-semibold text-nowrap">{summary.net}</span>
                </div>
                <p className="small text-body-secondary mb-1">
                  <bdi>{summary.client}</bdi> · valable jusqu’au {summary.validUntil}
                  {summary.viewed && (
                    <>
                      {' · '}
                      <span data-testid="quote-viewed">{summary.viewed}</span>
                    </>
                  )}
                  {summary.answered && (
                    <>
                      {' · '}
                      <span data-testid="quote-answered">{summary.answered}</span>
                    </>
                  )}
                  {quote.answer?.comment ? (
                    <>
                      {' '}
                      · commentaire du client : « <bdi>{quote.answer.comment}</bdi> »
                    </>
                  ) : null}
                </p>
                <div className="d-flex flex-wrap gap-2">
                  {quote.status === 'brouillon' && (
                    <>
                      <button
                        type="button"
                        className="btn btn-outline-primary btn-sm"
                        disabled={busy}
                        onClick={() => openEditor(quote)}
                      >
                        Modifier
                      </button>
                      <button
                        type="button"
                        className="btn btn-primary btn-sm"
                        disabled={busy}
                        onClick={() => void send(quote)}
                      >
                        <Icon name="send" className="me-1" />
                        Envoyer au client
                      </button>
                      {confirmingRemoval === quote.id ? (
                        <button
                          type="button"
                          className="btn btn-danger btn-sm"
                          disabled={busy}
                          onClick={() => {
                            setConfirmingRemoval(null);
                            void act(async () => {
                              await store.removeDraft(quote.id);
                              return { kind: 'done', text: 'Brouillon supprimé.' };
                            });
                          }}
                        >
                          Confirmer la suppression
                        </button>
                      ) : (
                        <button
                          type="button"
                          className="btn btn-outline-danger btn-sm"
                          disabled={busy}
                          onClick={() => setConfirmingRemoval(quote.id)}
                        >
                          Supprimer le brouillon
                        </button>
                      )}
                    </>
                  )}
                  {(quote.status === 'envoye' ||
                    quote.status === 'refuse' ||
                    quote.status === 'expire') && (
                    <button
                      type="button"
                      className="btn btn-outline-primary btn-sm"
                      disabled={busy}
                      onClick={() =>
                        void act(async () => {
                          openEditor(await store.newVersion(quote.id));
                          return null;
                        })
                      }
                    >
                      Nouvelle version
                    </button>
                  )}
                  <Link className="btn btn-outline-secondary btn-sm" to={printQuotePath(quote.id)}>
                    <Icon name="printer" className="me-1" />
                    Imprimer
                  </Link>
                </div>
                {quote.status === 'envoye' && (
                  <QuoteLinkActions
                    store={store}
                    quote={quote}
                    leadPhone={message.phone}
                    busy={busy}
                    onNewLink={() =>
                      act(async () => {
                        const renewed = await store.resendLink(quote.id);
                        const notice = sentNotice(renewed, quote.number ?? '');
                        return {
                          ...notice,
                          text: `Nouveau lien fait : l’ancien ne fonctionne plus. ${notice.text}`,
                        };
                      })
                    }
                  />
                )}
                {invoices && quote.status === 'accepte' && (
                  <QuoteInvoicing
                    store={invoices}
                    quote={quote}
                    depositPercent={
                      agency?.settings.quotes.depositPercent ??
                      quote.seller.terms?.depositPercent ??
                      '30'
                    }
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
      {invoicing && issueWithoutQuote && (
        <LeadInvoiceEditor
          key={invoicing}
          store={{ issueWithoutQuote }}
          message={message}
          regime={regime}
          onIssued={(invoice) => {
            setInvoicing(null);
            const due = invoiceFigures(invoice, todayInAlgiers()).due;
            setNotice({
              kind: 'done',
              text: `Facture ${invoice.number} émise : ${formatCentimes(due)} DA. Elle est dans « Factures », où vous enregistrez ses paiements et l’envoyez au client.`,
            });
          }}
          onClose={() => setInvoicing(null)}
        />
      )}
      {editing && (
        <QuoteEditor
          key={editing.key}
          title={editorTitle}
          regime={editing.quote?.seller.taxRegime ?? regime}
          initial={
            editing.quote
              ? valuesFromQuote(editing.quote, message.email ?? '')
              : valuesForLead(message, regime)
          }
          missing={agency?.missing ?? []}
          {...(agency ? { exemption: agency.settings.exemption } : {})}
          onSave={save}
          onClose={() => setEditing(null)}
          draftKey={`devis:${message.id}:${editing.quote?.id ?? 'nouveau'}`}
        />
      )}
    </section>
  );
}
