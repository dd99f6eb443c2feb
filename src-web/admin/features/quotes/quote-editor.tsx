import '../../../lib/zod-jitless.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useModalDialog } from '../../../lib/use-modal-dialog.ts';
import {
  useFieldArray,
  useForm,
  useWatch,
  type FieldErrors,
  type Resolver,
  type ResolverResult,
} from 'react-hook-form';
import { failureText, isBackendError } from '../../../../shared/backend/ports.ts';
import { LOCALES } from '../../../../shared/domain/locales.ts';
import { closingSentence } from '../../../../shared/domain/quotes/amount-in-words.ts';
import { QUOTE_LANGUAGES } from '../../../../shared/domain/quotes/quote.ts';
import {
  VAT_RATES,
  vatRatesAllowed,
  type TaxRegime,
  type VatRate,
} from '../../../../shared/domain/quotes/seller.ts';
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
import { LineField } from './quote-line-field.tsx';
import {
  draftFieldsOf,
  emptyLine,
  liveTotals,
  quoteEditorSchema,
  type LineValues,
  type QuoteEditorResult,
  type QuoteEditorValues,
} from './quote-editor-values.ts';
import { formatCentimes, formatQuoteDate } from '../../../quotes/quote-format.ts';
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

function amount(value: bigint): string {
  return `${formatCentimes(value)} DA`;
}

/** The French message of a nested field's error, if any. */
function messageAt(errors: FieldErrors<QuoteEditorValues>, path: string): string | undefined {
  let node: unknown = errors;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  if (node && typeof node === 'object' && 'message' in node) {
    const message = (node as { message?: unknown }).message;
    return typeof message === 'string' ? message : undefined;
  }
  return undefined;
}

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
  const lines = useFieldArray({ control, name: 'lines' });
  const watchedLines = useWatch({ control, name: 'lines' }) as LineValues[] | undefined;
  const paidInCash = useWatch({ control, name: 'paidInCash' });
  const kind = useWatch({ control, name: 'client.kind' });
  const language = useWatch({ control, name: 'language' });
  const issueDate = useWatch({ control, name: 'issueDate' });
  const validityDays = useWatch({ control, name: 'validityDays' });
  const totals = liveTotals(watchedLines ?? [], paidInCash, regime);
  const withVat = regime.kind === 'reel';
  const allowed = vatRatesAllowed(regime);
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
  const linesError = errors.lines?.root?.message ?? errors.lines?.message;

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
                Ce devis ne pourra pas être envoyé tant que ces mentions légales manquent ou restent
                des exemples : {missing.map((mention) => mention.label).join(', ')}. Il peut être
                enregistré et imprimé comme « Modèle ».
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
          <fieldset className="quote-editor-group">
            <legend className="h6">Client</legend>
            <fieldset className="d-flex flex-wrap align-items-center gap-3 mb-3">
              <legend className="form-label fs-6 float-none w-auto mb-0 me-2">
                Type de client
              </legend>
              {(['particulier', 'entreprise'] as const).map((option) => (
                <div className="form-check" key={option}>
                  <input
                    id={`${id}-kind-${option}`}
                    type="radio"
                    className="form-check-input"
                    value={option}
                    {...register('client.kind')}
                  />
                  <label className="form-check-label" htmlFor={`${id}-kind-${option}`}>
                    {option === 'particulier' ? 'Particulier' : 'Entreprise'}
                  </label>
                </div>
              ))}
            </fieldset>
            <div className="quote-editor-grid">
              {kind === 'particulier' ? (
                <>
                  <FormField
                    id={`${id}-lastName`}
                    label="Nom"
                    required
                    error={error('client.lastName')}
                  >
                    {(field) => (
                      <input
                        {...field.props}
                        className={field.className('form-control')}
                        autoComplete="off"
                        dir="auto"
                        {...register('client.lastName')}
                      />
                    )}
                  </FormField>
                  <FormField
                    id={`${id}-firstName`}
                    label="Prénom"
                    error={error('client.firstName')}
                  >
                    {(field) => (
                      <input
                        {...field.props}
                        className={field.className('form-control')}
                        autoComplete="off"
                        dir="auto"
                        {...register('client.firstName')}
                      />
                    )}
                  </FormField>
                </>
              ) : (
                <FormField
                  id={`${id}-legalName`}
                  label="Raison sociale"
                  required
                  error={error('client.legalName')}
                  className="quote-editor-wide"
                >
                  {(field) => (
                    <input
                      {...field.props}
                      className={field.className('form-control')}
                      autoComplete="off"
                      dir="auto"
                      {...register('client.legalName')}
                    />
                  )}
                </FormField>
              )}
              <FormField
                id={`${id}-address`}
                label="Adresse"
                required
                error={error('client.address')}
                className="quote-editor-wide"
              >
                {(field) => (
                  <input
                    {...field.props}
                    className={field.className('form-control')}
                    autoComplete="off"
                    dir="auto"
                    {...register('client.address')}
                  />
                )}
              </FormField>
              {kind === 'entreprise' && (
                <>
                  <FormField
                    id={`${id}-nif`}
                    label="NIF"
                    required
                    help="15 ou 20 chiffres."
                    error={error('client.nif')}
                  >
                    {(field) => (
                      <input
                        {...field.props}
                        className={field.className('form-control')}
                        inputMode="numeric"
                        autoComplete="off"
                        {...register('client.nif')}
                      />
                    )}
                  </FormField>
                  <FormField id={`${id}-rc`} label="RC" error={error('client.rc')}>
                    {(field) => (
                      <input
                        {...field.props}
                        className={field.className('form-control')}
                        autoComplete="off"
                        {...register('client.rc')}
                      />
                    )}
                  </FormField>
                  <FormField id={`${id}-nis`} label="NIS" error={error('client.nis')}>
                    {(field) => (
                      <input
                        {...field.props}
                        className={field.className('form-control')}
                        inputMode="numeric"
                        autoComplete="off"
                        {...register('client.nis')}
                      />
                    )}
                  </FormField>
                  <FormField
                    id={`${id}-ai`}
                    label="Article d’imposition"
                    error={error('client.articleImposition')}
                  >
                    {(field) => (
                      <input
                        {...field.props}
                        className={field.className('form-control')}
                        inputMode="numeric"
                        autoComplete="off"
                        {...register('client.articleImposition')}
                      />
                    )}
                  </FormField>
                </>
              )}
              <FormField
                id={`${id}-phone`}
                label="Téléphone du client"
                help="Facultatif ; écrit sur le devis."
                error={error('client.phone')}
              >
                {(field) => (
                  <input
                    {...field.props}
                    type="tel"
                    inputMode="tel"
                    className={field.className('form-control')}
                    autoComplete="off"
                    dir="ltr"
                    {...register('client.phone')}
                  />
                )}
              </FormField>
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
            </div>
          </fieldset>

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

          <fieldset className="quote-editor-group">
            <legend className="h6">Lignes</legend>
            <ol className="quote-editor-lines list-unstyled mb-2">
              {lines.fields.map((line, index) => {
                const lineField = (name: keyof LineValues) => ({
                  id: `${id}-l${index}-${name}`,
                  error: error(`lines.${index}.${name}`),
                  name: `lines.${index}.${name}` as const,
                  register,
                });
                const current = watchedLines?.[index]?.vatRate ?? '0';
                const rates = VAT_RATES.filter(
                  (rate) => allowed.includes(rate) || String(rate) === current,
                );
                return (
                  <li key={line.id} className="quote-editor-line">
                    <fieldset aria-labelledby={`${id}-line-${index}`}>
                      <div className="d-flex align-items-center mb-2">
                        <h3 id={`${id}-line-${index}`} className="h6 mb-0">
                          Ligne {index + 1}
                        </h3>
                        {lines.fields.length > 1 && (
                          <button
                            type="button"
                            className="btn btn-link btn-sm text-danger ms-auto"
                            onClick={() => lines.remove(index)}
                          >
                            <Icon name="trash3" className="me-1" />
                            Retirer la ligne {index + 1}
                          </button>
                        )}
                      </div>
                      <div className="quote-editor-line-grid">
                        <LineField
                          {...lineField('designation')}
                          label="Désignation"
                          required
                          className="quote-line-designation"
                        />
                        <LineField {...lineField('quantity')} label="Quantité" required numeric />
                        <LineField {...lineField('unit')} label="Unité" required />
                        <LineField
                          {...lineField('unitPrice')}
                          label={withVat ? 'Prix unitaire HT (DA)' : 'Prix unitaire (DA)'}
                          required
                          numeric
                        />
                        <LineField
                          {...lineField('discount')}
                          label="Remise (%)"
                          numeric
                          placeholder="0"
                        />
                        <LineField
                          {...lineField('vatRate')}
                          label="TVA"
                          options={rates.map((rate) => ({
                            value: String(rate),
                            label: isExemptRate(regime, rate) ? 'Exonéré' : `${rate} %`,
                          }))}
                        />
                        <p className="quote-line-total mb-0">
                          <span className="text-body-secondary small d-block">
                            {withVat ? 'Total HT' : 'Total'}
                          </span>
                          <span className="fw-semibold" data-testid="line-total">
                            {amount(totals.lines[index] ?? 0n)}
                          </span>
                        </p>
                      </div>
                    </fieldset>
                  </li>
                );
              })}
            </ol>
            {linesError && (
              <div className="invalid-feedback d-block mb-2" role="alert">
                {linesError}
              </div>
            )}
            <button
              type="button"
              className="btn btn-outline-primary"
              onClick={() => lines.append(emptyLine(regime))}
            >
              <Icon name="plus-lg" className="me-1" />
              Ajouter une ligne
            </button>
          </fieldset>

          <section className="quote-editor-totals" aria-labelledby={`${id}-totals`}>
            <h3 id={`${id}-totals`} className="h6">
              Totaux
            </h3>
            <dl className="mb-2" data-testid="quote-totals">
              {withVat && (
                <div>
                  <dt>Total HT</dt>
                  <dd>{amount(totals.totalHT)}</dd>
                </div>
              )}
              {totals.vat.map((entry) => (
                <div key={entry.rate}>
                  <dt>
                    TVA {entry.rate} %{' '}
                    <span className="text-body-secondary">sur {amount(entry.base)}</span>
                  </dt>
                  <dd>{amount(entry.vat)}</dd>
                </div>
              ))}
              <div>
                <dt>{withVat ? 'Total TTC' : 'Total'}</dt>
                <dd>{amount(totals.totalTTC)}</dd>
              </div>
              {paidInCash && (
                <div>
                  <dt>Droit de timbre</dt>
                  <dd>{amount(totals.stampDuty)}</dd>
                </div>
              )}
              <div className="quote-editor-net">
                <dt>Net à payer</dt>
                <dd data-testid="net-to-pay">{amount(totals.netToPay)}</dd>
              </div>
            </dl>
            <p className="small text-body-secondary mb-0" lang={language} dir="auto">
              {closingSentence(totals.netToPay, language)}
            </p>
          </section>
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
    </dialog>
  );
}
