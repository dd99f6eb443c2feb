import '../../../lib/zod-jitless.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import {
  failureText,
  isBackendError,
  type InvoiceStore,
} from '../../../../shared/backend/ports.ts';
import type { ContactMessage } from '../../../../shared/domain/contact.ts';
import {
  DEFAULT_DUE_DAYS,
  invoiceWithoutQuoteSchemaFor,
  type Invoice,
  type InvoiceWithoutQuoteInput,
} from '../../../../shared/domain/invoices/invoice.ts';
import { LOCALES } from '../../../../shared/domain/locales.ts';
import { QUOTE_LANGUAGES, type QuoteLanguage } from '../../../../shared/domain/quotes/quote.ts';
import type { TaxRegime } from '../../../../shared/domain/quotes/seller.ts';
import { todayInAlgiers, validUntil } from '../../../../shared/domain/quotes/validity.ts';
import { FormField } from '../../../components/form-field.tsx';
import { Icon } from '../../../components/icon.tsx';
import { useModalDialog } from '../../../lib/use-modal-dialog.ts';
import { formatQuoteDate } from '../../../quotes/quote-format.ts';
import {
  QuoteClientFields,
  QuoteLinesFields,
  QuoteTotalsSummary,
  messageAt,
} from '../quotes/quote-document-fields.tsx';
import {
  clientFieldsOf,
  lineFieldsOf,
  liveTotals,
  valuesForLead,
  type ClientAndLines,
} from '../quotes/quote-editor-values.ts';
import '../quotes/quote-editor.css';

/** What the form holds: the quote editor's client and lines, the language, the term, cash. */
export type LeadInvoiceValues = ClientAndLines & {
  language: QuoteLanguage;
  dueDays: string;
  paidInCash: boolean;
};

const LANGUAGE_NAMES = Object.fromEntries(LOCALES.map((locale) => [locale.code, locale.name]));

/** A new invoice for `message`: its name, phone and language, its plan's line if it chose one. */
export function invoiceValuesForLead(
  message: Pick<ContactMessage, 'fullName' | 'email' | 'phone' | 'language' | 'subject'>,
  regime: TaxRegime,
): LeadInvoiceValues {
  const { language, client, lines } = valuesForLead(message, regime);
  return { language, client, lines, dueDays: String(DEFAULT_DUE_DAYS), paidInCash: false };
}

/** The store's input: what the owner typed, the chosen kind's client, numbers as numbers. */
export function invoiceInputOf(values: LeadInvoiceValues): InvoiceWithoutQuoteInput {
  const days = values.dueDays.trim();
  return {
    language: values.language,
    client: clientFieldsOf(values.client),
    lines: lineFieldsOf(values.lines),
    dueDays: /^\d+$/u.test(days) ? Number(days) : Number.NaN,
    paymentMethod: values.paidInCash ? 'especes' : null,
  };
}

/**
 * « Facture sans devis » (docs/invoices.md): an invoice for a lead that has no quote, from its
 * panel. The client (prefilled from the lead), the lines and the totals are the quote editor's
 * (quote-document-fields.tsx), checked by the domain's schema for the agency's regime, each
 * refusal under its field; the preview (totals, TVA by rate, net in words, due date) is
 * computed by the domain's functions. « Émettre la facture » sends it whole: the backend
 * numbers it (FAC-…), dates it and freezes it, or refuses and keeps nothing.
 */
export function LeadInvoiceEditor({
  store,
  message,
  regime,
  onIssued,
  onClose,
}: {
  store: Required<Pick<InvoiceStore, 'issueWithoutQuote'>>;
  message: ContactMessage;
  regime: TaxRegime;
  onIssued: (invoice: Invoice) => void;
  onClose: () => void;
}) {
  const id = useId();
  const dialog = useModalDialog(onClose, { initialFocus: 'input:not([type="radio"]), select' });
  const [failure, setFailure] = useState('');
  const resolver = useMemo((): Resolver<LeadInvoiceValues> => {
    const schema = z.preprocess(
      (values) => invoiceInputOf(values as LeadInvoiceValues),
      invoiceWithoutQuoteSchemaFor(regime),
    );
    // The schema reads the form's values (preprocess): its input is the form's, whatever zod says.
    const check = (zodResolver as (schema: unknown) => Resolver<LeadInvoiceValues>)(schema);
    // Checked by the domain's schema; what goes to the store is what the owner typed.
    return async (values, context, options) => {
      const result = await check(values, context, options);
      return Object.keys(result.errors).length > 0 ? result : { values, errors: {} };
    };
  }, [regime]);
  const initial = useMemo(() => invoiceValuesForLead(message, regime), [message, regime]);
  const form = useForm<LeadInvoiceValues>({ resolver, defaultValues: initial });
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, submitCount },
  } = form;
  const watchedLines = useWatch({ control, name: 'lines' });
  const language = useWatch({ control, name: 'language' });
  const dueDays = useWatch({ control, name: 'dueDays' });
  const totals = liveTotals(watchedLines, false, regime);
  const today = todayInAlgiers();
  const days = /^\d+$/u.test(dueDays.trim()) ? Number(dueDays) : null;
  const due =
    days === null || days > 365
      ? null
      : formatQuoteDate(days === 0 ? today : validUntil(today, days), 'fr-FR');
  const error = (path: string) => messageAt(errors, path);

  const onSubmit = async (values: LeadInvoiceValues) => {
    setFailure('');
    try {
      onIssued(await store.issueWithoutQuote(message.id, invoiceInputOf(values)));
    } catch (caught) {
      if (isBackendError(caught) && caught.fields) {
        for (const [field, text] of Object.entries(caught.fields)) {
          setError(field as keyof LeadInvoiceValues, { type: 'server', message: text });
        }
      }
      setFailure(`La facture n’est pas émise : ${failureText(caught)}`);
    }
  };
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <dialog ref={dialog} className="quote-editor-dialog" aria-labelledby={`${id}-title`}>
      <FormProvider {...form}>
        <form
          className="quote-editor bg-white shadow"
          noValidate
          onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        >
          <div className="quote-editor-bar d-flex align-items-center gap-2 border-bottom">
            <h2 id={`${id}-title`} className="h5 mb-0">
              <Icon name="file-earmark-text" className="me-2" />
              Facture sans devis
            </h2>
            <button
              type="button"
              className="btn-close ms-auto"
              onClick={onClose}
              aria-label="Fermer sans émettre la facture"
            />
          </div>
          <div className="quote-editor-body">
            <QuoteClientFields
              id={id}
              document="facture"
              extra={
                <FormField id={`${id}-language`} label="Langue de la facture">
                  {(field) => (
                    <select
                      {...field.props}
                      className={field.className('form-select')}
                      {...register('language')}
                    >
                      {QUOTE_LANGUAGES.map((code) => (
                        <option key={code} value={code} lang={code}>
                          {LANGUAGE_NAMES[code]}
                        </option>
                      ))}
                    </select>
                  )}
                </FormField>
              }
            />
            <QuoteLinesFields id={id} regime={regime} totals={totals} />
            <fieldset className="quote-editor-group">
              <legend className="h6">Paiement</legend>
              <div className="quote-editor-grid">
                <FormField
                  id={`${id}-dueDays`}
                  label="Délai de paiement (jours)"
                  required
                  help={due ? `Échéance : le ${due} si elle est émise aujourd’hui.` : undefined}
                  error={error('dueDays')}
                >
                  {(field) => (
                    <input
                      {...field.props}
                      inputMode="numeric"
                      className={field.className('form-control')}
                      autoComplete="off"
                      {...register('dueDays')}
                    />
                  )}
                </FormField>
                <div className="form-check quote-editor-cash">
                  <input
                    id={`${id}-cash`}
                    type="checkbox"
                    className="form-check-input"
                    aria-describedby={`${id}-cash-help`}
                    {...register('paidInCash')}
                  />
                  <label className="form-check-label" htmlFor={`${id}-cash`}>
                    Payée en espèces
                  </label>
                  <div id={`${id}-cash-help`} className="form-text">
                    Le droit de timbre s’ajoute à chaque paiement en espèces.
                  </div>
                </div>
              </div>
            </fieldset>
            <QuoteTotalsSummary id={id} regime={regime} totals={totals} language={language} />
            <p className="small text-body-secondary mt-2 mb-0">
              Une facture émise reçoit son numéro et ne change plus ; une erreur se corrige par un
              avoir.
            </p>
          </div>
          <div className="quote-editor-actions border-top">
            {(failure || (hasErrors && submitCount > 0)) && (
              <p className="text-danger mb-2" role="alert">
                {failure || 'La facture n’est pas émise : corrigez les champs signalés.'}
              </p>
            )}
            <div className="d-flex flex-wrap gap-2">
              <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
                Émettre la facture
              </button>
              {isSubmitting && (
                <span className="align-self-center text-body-secondary" role="status">
                  Émission…
                </span>
              )}
              <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
                Annuler
              </button>
            </div>
          </div>
        </form>
      </FormProvider>
    </dialog>
  );
}
