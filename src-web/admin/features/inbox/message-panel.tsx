import { useId, useRef, useState } from 'react';
import { useModalDialog } from '../../../lib/use-modal-dialog.ts';
import {
  failureText,
  type LeadPipeline,
  type InvoiceStore,
  type QuoteStore,
  type SettingsStore,
} from '../../../../shared/backend/ports.ts';
import { NOT_GIVEN, type ContactMessage } from '../../../../shared/domain/contact.ts';
import {
  LEAD_SOURCES,
  type Lead,
  type ReplyChannel,
} from '../../../../shared/domain/leads/pipeline.ts';
import { isFromTheSite } from '../../../../shared/domain/leads/new-contact.ts';
import { SPAM_MARKING_TEXT } from '../../../../shared/domain/spam-marking.ts';
import { Icon } from '../../../components/icon.tsx';
import { formatReceivedAt } from './format-message.ts';
import { lazyPart, PartBoundary } from '../../components/lazy-part.tsx';
import { useLeadInvoices } from '../invoices/use-lead-invoices.ts';
import { LeadSection } from './lead-section.tsx';
import { ProvenanceSection } from './provenance-section.tsx';
import { mailtoHref, senderPhone } from './reply-links.ts';
import { ReplyFollowUp, type ReplySent } from './reply-follow-up.tsx';

// « Devis » of the panel, with the quotes' editor, its schemas and the documents' code: fetched
// when a message is first opened (or before, once the inbox is shown: prefetchLeadQuotes).
const LeadQuotes = lazyPart(() =>
  import('../quotes/lead-quotes.tsx').then((module) => module.LeadQuotes),
);

/** Starts fetching the code of the panel's « Devis » (the inbox shown, the browser idle). */
export const prefetchLeadQuotes = LeadQuotes.prefetch;

export interface MessagePanelProps {
  message: ContactMessage;
  onClose: () => void;
  onSetRead: (message: ContactMessage, read: boolean) => void;
  onDelete: (message: ContactMessage) => void;
  /**
   * « Marquer comme indésirable », where the backend can (a message from the site's form;
   * a lead typed in is deleted instead).
   */
  onMarkSpam?: ((message: ContactMessage) => void) | undefined;
  /** The message's pipeline (« Suivi »), where the backend has one. */
  pipeline?: { port: LeadPipeline; lead: Lead } | undefined;
  /** The quotes (« Devis », « Créer un devis »), where the backend keeps them. */
  quotes?: QuoteStore | undefined;
  /** The invoices of its accepted quotes, where the backend keeps them. */
  invoices?: InvoiceStore | undefined;
  /** « Réglages »: the mentions a quote still lacks, and the regime (issue 49). */
  settings?: SettingsStore | undefined;
}

/**
 * The whole of one message, in a panel beside the list; on a phone it fills the screen and
 * reads like a mail app's message, the reply actions as large buttons at the bottom. It is the
 * browser's own modal dialog: focus moves into it and stays there, the page behind cannot be
 * reached, Escape or a click beside it closes it, and focus goes back to what opened it.
 */
export function MessagePanel({
  message,
  onClose,
  onSetRead,
  onDelete,
  onMarkSpam,
  pipeline,
  quotes,
  invoices,
  settings,
}: MessagePanelProps) {
  const titleId = useId();
  // The dialog fills the screen beside the panel: a click there is a click outside it.
  const dialog = useModalDialog(onClose, {
    initialFocus: '.message-panel-close',
    closeOnBackdrop: true,
  });
  const replies = useRef<HTMLDivElement>(null);
  // The lead's invoices, read again after each one issued or paid under its quotes.
  const billing = useLeadInvoices(invoices, message.id, quotes);

  // A reply shortcut used: it goes on the timeline (the link still opens the e-mail, the call
  // or WhatsApp), and a « Nouveau » lead is offered « Passer en Contacté ».
  const [sent, setSent] = useState<(ReplySent & { id: string; at: number }) | null>(null);
  const replied = (channel: ReplyChannel) => {
    if (!pipeline) return;
    const offer = pipeline.lead.status === 'nouveau';
    pipeline.port.recordReply(message.id, channel).then(
      () => setSent({ id: message.id, at: Date.now(), channel, offer, error: null }),
      (failure: unknown) =>
        setSent({
          id: message.id,
          at: Date.now(),
          channel,
          offer: false,
          error: failureText(failure),
        }),
    );
  };

  const phone = senderPhone(message);
  return (
    <dialog ref={dialog} className="message-panel" aria-labelledby={titleId}>
      <div className="message-panel-content bg-white shadow">
        <div className="message-panel-bar d-flex align-items-center gap-2 border-bottom">
          <button
            type="button"
            className="btn btn-outline-primary"
            onClick={() => onSetRead(message, !message.read)}
          >
            <Icon name={message.read ? 'envelope' : 'envelope-open'} className="me-1" />
            {message.read ? 'Marquer comme non lu' : 'Marquer comme lu'}
          </button>
          <button
            type="button"
            className="btn btn-outline-danger"
            onClick={() => onDelete(message)}
          >
            <Icon name="trash3" />
            <span className="hide-text-on-phone ms-1">Supprimer</span>
          </button>
          {onMarkSpam && isFromTheSite(message) && (
            <button
              type="button"
              className="btn btn-outline-secondary mark-spam-button"
              onClick={() => onMarkSpam(message)}
            >
              <Icon name="shield-exclamation" />
              <span className="hide-text-on-phone ms-1">{SPAM_MARKING_TEXT.button}</span>
            </button>
          )}
          <button
            type="button"
            className="btn-close ms-auto message-panel-close"
            onClick={onClose}
            aria-label="Fermer le message"
          />
        </div>
        <article className="message-panel-body">
          <h2 id={titleId} className="h4 text-break mb-3" dir="auto">
            {/* A lead typed in without a subject is titled by its name. */}
            {message.subject || message.fullName}
          </h2>
          <dl className="message-details">
            <dt>Nom Complet</dt>
            <dd className="fw-semibold" dir="auto">
              {message.fullName}
            </dd>
            {message.source !== 'formulaire' && (
              <>
                <dt>Source</dt>
                <dd>{LEAD_SOURCES[message.source]}</dd>
              </>
            )}
            <dt>Service</dt>
            <dd>{message.service ?? NOT_GIVEN}</dd>
            <dt>Email</dt>
            <dd>
              {message.email === null ? (
                NOT_GIVEN
              ) : (
                <a href={mailtoHref(message)} onClick={() => replied('email')}>
                  {message.email}
                </a>
              )}
            </dd>
            <dt>Téléphone</dt>
            <dd>
              {message.phone === null ? (
                NOT_GIVEN
              ) : phone.call ? (
                <a href={phone.call} onClick={() => replied('appel')}>
                  {phone.display}
                </a>
              ) : (
                phone.display
              )}
            </dd>
            <dt>Date d'Enregistrement</dt>
            <dd>{formatReceivedAt(message.receivedAt)}</dd>
          </dl>
          <p className="message-full-text" dir="auto">
            {message.message}
          </p>
          <ProvenanceSection message={message} />
          {pipeline && (
            <LeadSection
              key={pipeline.lead.id}
              pipeline={pipeline.port}
              lead={pipeline.lead}
              billing={invoices ? billing : undefined}
            />
          )}
          {quotes && (
            <PartBoundary
              loading={
                <p className="text-body-secondary small mt-4" role="status">
                  Chargement des devis…
                </p>
              }
            >
              <LeadQuotes.Component
                key={message.id}
                store={quotes}
                message={message}
                settings={settings}
                invoices={billing.store}
              />
            </PartBoundary>
          )}
        </article>
        {pipeline && sent?.id === message.id && (
          <ReplyFollowUp
            key={sent.at}
            pipeline={pipeline.port}
            lead={pipeline.lead}
            sent={sent}
            onDismiss={() => {
              setSent(null);
              // Focus stays in the panel, on the first reply button the notice sat above (a
              // lead typed in without an e-mail has no « Répondre par e-mail »).
              replies.current?.querySelector<HTMLElement>('a[href], button')?.focus();
            }}
          />
        )}
        <div
          ref={replies}
          className="message-panel-replies border-top"
          role="group"
          aria-label="Répondre"
        >
          {message.email !== null && (
            <a
              className="btn btn-primary reply-email"
              href={mailtoHref(message)}
              onClick={() => replied('email')}
            >
              <Icon name="reply" className="me-2" />
              Répondre par e-mail
            </a>
          )}
          {phone.call && (
            <a
              className="btn btn-outline-primary"
              href={phone.call}
              onClick={() => replied('appel')}
            >
              <Icon name="telephone" className="me-2" />
              Appeler
            </a>
          )}
          {phone.whatsapp && (
            <a
              className="btn btn-outline-success"
              href={phone.whatsapp}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => replied('whatsapp')}
            >
              <Icon name="whatsapp" className="me-2" />
              WhatsApp
            </a>
          )}
        </div>
      </div>
    </dialog>
  );
}
