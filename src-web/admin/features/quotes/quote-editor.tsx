import '../../../lib/zod-jitless.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useModalDialog } from '../../../lib/use-modal-dialog.ts';
import {
  FormProvider,
  useForm,
  useWatch,
  type Resolver,
  type ResolverResult,
} from 'react-hook-form';
import { failureText, isBackendError } from '../../../../shared/backend/ports.ts';
import { LOCALES } from '../../../../shared/domain/locales.ts';
import { QUOTE_LANGUAGES } from '../../../../shared/domain/quotes/quote.ts';
import type { TaxRegime, VatRate } from '../../../../shared/domain/quotes/seller.ts';
import { isIsoDate, validUntil } from '../../../../shared/domain/quotes/validity.ts';
import { FormField } from '../../../components/form-field.tsx';
import { DraftNotice } from '../../components/draft-notice.tsx';
import { useFormDraft, useKeepFormDraft } from '../../hooks/use-draft.ts';
import { Icon } from '../../../components/icon.tsx';
import type { MissingMention } from '../../../../shared/domain/settings/mentions.ts';
import {
  EXEMPTION_MESSAGES,
  exemptionState,
  isExemptRate,
} from '../../../../shared/domain/quotes/vat-exemption.ts';
import { settingsFieldPath } from '../settings/settings-routes.ts';
import {
  QuoteClientFields,
  QuoteLinesFields,
  QuoteTotalsSummary,
  messageAt,
} from './quote-document-fields.tsx';
import {
  draftFieldsOf,
  liveTotals,
  quoteEditorSchema,
  type LineValues,
  type QuoteEditorResult,
  type QuoteEditorValues,
} from './quote-editor-values.ts';
import { formatQuoteDate } from '../../../quotes/quote-format.ts';
import './quote-editor.css';

export interface QuoteEditorProps {
  /** « Nouveau devis », or the quote's number while it is a draft. */
  title: string;
  initial: QuoteEditorValues;
  regime: TaxRegime;
  /**
   * Saves the whole quote at once; rejects with a BackendError (its `fields` keyed like the
   * form's, « client.nif », « lines.0.quantity ») and nothing is kept.
   */
  onSave: (result: QuoteEditorResult) => Promise<void>;
  onClose: () => void;
  /** Offer « Enregistrer et envoyer » (the store can send). */
  canSend?: boolean;
  /**
   * The legal mentions « Réglages » still lacks (issue 49): the quote cannot be sent until
   * they are there; the editor names them and links to « Réglages ».
   */
  missing?: readonly MissingMention[];
  /**
   * The TVA exemption's extension « Réglages » records (docs/quotes.md, « L’exonération de TVA
   * des sites web »): past the known end without one, an « Exonéré » line is flagged.
   */
  exemption?: { extendedUntil: string; confirmedOn: string };
  /**
   * Where what is typed and not saved is kept (use-draft.ts): one per lead and quote, so that
   * closing the editor loses nothing; restored when it opens again, removed once saved.
   */
  draftKey: string;
}

const NO_EXTENSION = { extendedUntil: '', confirmedOn: '' };

const LANGUAGE_NAMES = Object.fromEntries(LOCALES.map((locale) => [locale.code, locale.name]));

/**
 * The quote editor (docs/quotes.md, « L’éditeur »): the client (particulier or entreprise),
 * the lines, cash payment, validity and language, with the totals computed live by the
 * domain. Every field is checked by the domain's schema and its French message shown under
 * it; the quote is saved whole or not at all. A modal dialog: focus stays inside, Escape
 * closes it, focus goes back to what opened it.
 */
export function QuoteEditor({
  title,
  initial,
  regime,
  onSave,
  onClose,
  canSend = true,
  missing = [],
  exemption = NO_EXTENSION,
  draftKey,
}: QuoteEditorProps) {
  const id = useId();
  const dialog = useModalDialog(onClose, {
    initialFocus: 'input:not([type="radio"]), select',
  });
  const [saved, setSaved] = useState('');
  const [failure, setFailure] = useState('');

  const sendRef = useRef(false);
  const resolver = useMemo((): Resolver<QuoteEditorValues, unknown, QuoteEditorResult> => {
    const check = zodResolver(quoteEditorSchema(regime)) as unknown as Resolver<
      QuoteEditorValues,
      unknown,
      unknown
    >;
    // Checked by the domain's schema; what goes to the store is what the owner typed, as the
    // store checks it again (its `fields` come back keyed the same way).
    return async (values, context, options) => {
      const result = await check(values, context, options);
      const checked: ResolverResult<QuoteEditorValues, QuoteEditorResult> =
        Object.keys(result.errors).length > 0
          ? { values: {}, errors: result.errors }
          : {
              values: {
                fields: draftFieldsOf(values),
                email: values.email.trim(),
                send: sendRef.current,
              },
              errors: {},
            };
      return checked;
    };
  }, [regime]);
  const draft = useFormDraft(draftKey, initial);
  const [restoredAt, setRestoredAt] = useState(draft.restoredAt);
  const form = useForm<QuoteEditorValues, unknown, QuoteEditorResult>({
    resolver,
    defaultValues: draft.defaultValues,
  });
  useKeepFormDraft(draftKey, form, initial);
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, submitCount },
  } = form;
  const watchedLines = useWatch({ control, name: 'lines' }) as LineValues[] | undefined;
  const paidInCash = useWatch({ control, name: 'paidInCash' });
  const language = useWatch({ control, name: 'language' });
  const issueDate = useWatch({ control, name: 'issueDate' });
  const validityDays = useWatch({ control, name: 'validityDays' });
  const totals = liveTotals(watchedLines ?? [], paidInCash, regime);
  const days = /^\d+$/u.test(validityDays.trim()) ? Number(validityDays) : null;
  const until =
    isIsoDate(issueDate) && days !== null && days >= 1 && days <= 365
      ? formatQuoteDate(validUntil(issueDate, days), 'fr-FR')
      : null;

  // An « Exonéré » line (0 % under the réel) past the exemption's end: the editor says so.
  const exemptLines = (watchedLines ?? []).some((line) =>
    isExemptRate(regime, Number(line.vatRate) as VatRate),
  );
  const exemptionNow = isIsoDate(issueDate) ? exemptionState(issueDate, exemption) : null;
  const exemptionLapsed = exemptLines && exemptionNow?.lapsed === true ? exemptionNow : null;

  const error = (path: string) => messageAt(errors, path);

  const onSubmit = async (result: QuoteEditorResult) => {
    setFailure('');
    try {
      await onSave(result);
      draft.clear();
      setSaved(result.send ? 'Devis enregistré et envoyé.' : 'Brouillon enregistré.');
    } catch (caught) {
      if (isBackendError(caught) && caught.fields) {
        for (const [field, message] of Object.entries(caught.fields)) {
          setError(field as keyof QuoteEditorValues, { type: 'server', message });
        }
      }
      setFailure(`Le devis n’est pas enregistré : ${failureText(caught)}`);
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
              {title}
            </h2>
            <button
              type="button"
              className="btn-close ms-auto"
              onClick={onClose}
              aria-label="Fermer l’éditeur sans enregistrer"
            />
          </div>

          <div className="quote-editor-body">
            {canSend && missing.length > 0 && (
              <div className="alert alert-warning py-2 small" role="note">
                <p className="mb-1">
                  Ce devis ne pourra pas être envoyé tant que ces mentions légales manquent ou
                  restent des exemples : {missing.map((mention) => mention.label).join(', ')}. Il
                  peut être enregistré et imprimé comme « Modèle ».
                </p>
                <Link to={settingsFieldPath(missing[0]?.field)} className="alert-link">
                  Compléter dans « Réglages »
                </Link>
              </div>
            )}
            {exemptionLapsed && (
              <div className="alert alert-warning py-2 small" role="note">
                <p className="mb-1">{EXEMPTION_MESSAGES.lapsed(exemptionLapsed)}</p>
                <Link to={settingsFieldPath('exemption.extendedUntil')} className="alert-link">
                  Noter une prolongation dans « Réglages »
                </Link>
              </div>
            )}
            {restoredAt !== null && (
              <DraftNotice
                at={restoredAt}
                onDiscard={() => {
                  draft.clear();
                  reset(initial);
                  setRestoredAt(null);
                }}
              />
            )}
            <QuoteClientFields
              id={id}
              document="devis"
              extra={
                <FormField
                  id={`${id}-email`}
                  label="E-mail du client"
                  help="« Enregistrer et envoyer » lui envoie le lien du devis. Sans e-mail, vous lui transmettez le lien sur WhatsApp ou en le copiant."
                  error={error('email')}
                >
                  {(field) => (
                    <input
                      {...field.props}
                      type="email"
                      className={field.className('form-control')}
                      autoComplete="off"
                      dir="ltr"
                      {...register('email')}
                    />
                  )}
                </FormField>
              }
            />

            <fieldset className="quote-editor-group">
              <legend className="h6">Devis</legend>
              <div className="quote-editor-grid">
                <FormField id={`${id}-language`} label="Langue du devis" error={error('language')}>
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
                <FormField
                  id={`${id}-validity`}
                  label="Validité (jours)"
                  required
                  help={
                    until
                      ? `Envoyé aujourd’hui, il serait valable jusqu’au ${until}.`
                      : 'De 1 à 365 jours, à partir du jour de l’envoi.'
                  }
                  error={error('validityDays')}
                >
                  {(field) => (
                    <input
                      {...field.props}
                      inputMode="numeric"
                      className={field.className('form-control')}
                      autoComplete="off"
                      {...register('validityDays')}
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
                    Paiement en espèces
                  </label>
                  <div id={`${id}-cash-help`} className="form-text">
                    Ajoute le droit de timbre au total TTC.
                  </div>
                </div>
              </div>
            </fieldset>

            <QuoteLinesFields id={id} regime={regime} totals={totals} />
            <QuoteTotalsSummary
              id={id}
              regime={regime}
              totals={totals}
              language={language}
              paidInCash={paidInCash}
            />
          </div>

          <div className="quote-editor-actions border-top">
            <p className="visually-hidden" role="status">
              {saved}
            </p>
            {(failure || (hasErrors && submitCount > 0)) && (
              <p className="text-danger mb-2" role="alert">
                {failure || 'Le devis n’est pas enregistré : corrigez les champs signalés.'}
              </p>
            )}
            <div className="d-flex flex-wrap gap-2">
              <button
                type="submit"
                className="btn btn-outline-primary"
                disabled={isSubmitting}
                onClick={() => {
                  sendRef.current = false;
                }}
              >
                Enregistrer le brouillon
              </button>
              {canSend && (
                <button
                  type="submit"
                  className="btn btn-primary"
                  disabled={isSubmitting}
                  onClick={() => {
                    sendRef.current = true;
                  }}
                >
                  <Icon name="send" className="me-1" />
                  Enregistrer et envoyer
                </button>
              )}
              {isSubmitting && (
                <span className="align-self-center text-body-secondary" role="status">
                  Enregistrement…
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
