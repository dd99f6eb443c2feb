import { useEffect, useId, useState } from 'react';
import { BackendError, failureText, type InvoiceStore } from '../../../../shared/backend/ports.ts';
import { AGENCY_NAMES } from '../../../../shared/content/agency.ts';
import { paymentReminderText } from '../../../../shared/domain/invoices/client-link.ts';
import { invoiceFigures } from '../../../../shared/domain/invoices/figures.ts';
import type { Invoice } from '../../../../shared/domain/invoices/invoice.ts';
import { whatsappReach, whatsappReachRefusal } from '../../../../shared/domain/phone.ts';
import {
  invoiceShareText,
  whatsappShareHref,
} from '../../../../shared/notifications/document-share.ts';
import { Icon } from '../../../components/icon.tsx';

type Said = { kind: 'done' | 'error'; text: string } | null;

/** A transport's reasons are fragments: ended with a stop. */
const endsAsSentence = (text: string) => (/[.!?…]$/u.test(text) ? text : `${text}.`);

/**
 * « Envoyer au client », under an issued invoice of the « Factures » folder (issue 46,
 * docs/invoices.md, « La page du client »): the client's link (the same each time, derived by
 * the backend), « Envoyer par WhatsApp » in one tap (a wa.me chat with the client's number,
 * prefilled in the invoice's language: invoiceShareText), the payment reminder in one tap when
 * something is left to pay (paymentReminderText), the link by e-mail (to the lead's address or
 * the one typed), « Copier le lien ». A number that cannot receive WhatsApp is said instead.
 */
export function InvoiceClientActions({
  store,
  invoice,
  today,
}: {
  store: InvoiceStore;
  invoice: Invoice;
  today: string;
}) {
  const id = useId();
  const [link, setLink] = useState<string | null>(null);
  const [linkError, setLinkError] = useState('');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState('');
  const [sending, setSending] = useState(false);
  const [said, setSaid] = useState<Said>(null);

  useEffect(() => {
    let live = true;
    const asked = store.link
      ? store.link(invoice.id)
      : Promise.reject(new Error('Ce backend ne fait pas encore de lien pour les factures.'));
    asked.then(
      (answer) => live && setLink(answer.link),
      (failure: unknown) => live && setLinkError(failureText(failure)),
    );
    return () => {
      live = false;
    };
  }, [store, invoice.id]);

  const reach = whatsappReach(invoice.client.phone || null);
  const unreachable = whatsappReachRefusal(reach);
  const left = invoiceFigures(invoice, today).left;

  const sendEmail = async () => {
    if (!store.emailLink) return;
    setSending(true);
    setEmailError('');
    setSaid(null);
    try {
      const typed = email.trim();
      const sent = await store.emailLink(invoice.id, typed === '' ? {} : { email: typed });
      setLink(sent.link);
      if (sent.email.sent) {
        setSaid({ kind: 'done', text: `Facture ${invoice.number} envoyée à ${sent.email.to}.` });
      } else if (sent.email.to === null) {
        setEmailError(
          'Ce contact n’a pas d’adresse e-mail : saisissez celle à laquelle envoyer la facture, ou envoyez-la sur WhatsApp.',
        );
      } else {
        setSaid({
          kind: 'error',
          text: `L’e-mail à ${sent.email.to} n’est pas parti : ${endsAsSentence(sent.email.error)} Envoyez la facture sur WhatsApp ou copiez le lien.`,
        });
      }
    } catch (failure) {
      if (failure instanceof BackendError && failure.fields?.email) {
        setEmailError(failure.fields.email);
      } else {
        setSaid({ kind: 'error', text: `L’e-mail n’est pas parti : ${failureText(failure)}` });
      }
    } finally {
      setSending(false);
    }
  };

  const copy = async () => {
    if (link === null) return;
    try {
      await navigator.clipboard.writeText(link);
      setSaid({ kind: 'done', text: `Lien de la facture ${invoice.number} copié.` });
    } catch {
      setSaid({
        kind: 'error',
        text: `Le lien n’a pas pu être copié automatiquement : le voici, à copier à la main : ${link}`,
      });
    }
  };

  return (
    <div className="invoice-client-actions" data-testid="invoice-client-actions">
      <h3 className="h6 mb-2" id={`${id}-title`}>
        Envoyer la facture {invoice.number} au client
      </h3>
      {linkError ? (
        <p className="small text-danger mb-2" role="alert">
          {linkError}
        </p>
      ) : link === null ? (
        <p className="small text-body-secondary mb-2" role="status">
          Préparation du lien du client…
        </p>
      ) : null}
      {link !== null && (
        <div className="d-flex flex-wrap gap-2 mb-2">
          {reach.ok && (
            <a
              className="btn btn-success btn-sm"
              href={whatsappShareHref(reach.e164, invoiceShareText(invoice, link))}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="invoice-whatsapp"
            >
              <Icon name="whatsapp" className="me-1" />
              Envoyer par WhatsApp
            </a>
          )}
          {reach.ok && left > 0n && (
            <a
              className="btn btn-outline-success btn-sm"
              href={whatsappShareHref(
                reach.e164,
                paymentReminderText(invoice, left, today, link, AGENCY_NAMES[invoice.language]),
              )}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="invoice-reminder"
            >
              <Icon name="whatsapp" className="me-1" />
              Rappel de paiement par WhatsApp
            </a>
          )}
          <button
            type="button"
            className="btn btn-outline-primary btn-sm"
            onClick={() => void copy()}
          >
            <Icon name="share" className="me-1" />
            Copier le lien
          </button>
          <a
            className="btn btn-outline-secondary btn-sm"
            href={link}
            target="_blank"
            rel="noreferrer"
            data-testid="invoice-link"
          >
            Voir la page du client
          </a>
        </div>
      )}
      {link !== null && unreachable && (
        <p className="small text-body-secondary mb-2">{unreachable}</p>
      )}
      {store.emailLink && (
        <form
          className="row g-2 align-items-start"
          noValidate
          aria-labelledby={`${id}-title`}
          onSubmit={(event) => {
            event.preventDefault();
            void sendEmail();
          }}
        >
          <div className="col-12 col-md-7">
            <label htmlFor={`${id}-email`} className="form-label small mb-1">
              Adresse e-mail (vide : celle du contact)
            </label>
            <input
              id={`${id}-email`}
              type="email"
              className={`form-control form-control-sm${emailError ? ' is-invalid' : ''}`}
              value={email}
              autoComplete="off"
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? `${id}-email-error` : undefined}
              onChange={(event) => setEmail(event.target.value)}
            />
            {emailError && (
              <p id={`${id}-email-error`} className="invalid-feedback d-block mb-0">
                {emailError}
              </p>
            )}
          </div>
          <div className="col-12 col-md-5 pt-md-4">
            <button type="submit" className="btn btn-primary btn-sm mt-md-1" disabled={sending}>
              <Icon name="envelope" className="me-1" />
              {sending ? 'Envoi…' : 'Envoyer par e-mail'}
            </button>
          </div>
        </form>
      )}
      <div role="status" className="small mt-2">
        {said && (
          <span className={said.kind === 'error' ? 'text-danger' : 'text-success'}>
            {said.text}
          </span>
        )}
      </div>
    </div>
  );
}
