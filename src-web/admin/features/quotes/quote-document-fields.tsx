import type { ReactNode } from 'react';
import {
  useFieldArray,
  useFormContext,
  useWatch,
  type FieldErrors,
  type FieldValues,
} from 'react-hook-form';
import { closingSentence } from '../../../../shared/domain/quotes/amount-in-words.ts';
import type { LinesDocument, QuoteLanguage } from '../../../../shared/domain/quotes/quote.ts';
import {
  VAT_RATES,
  vatRatesAllowed,
  type TaxRegime,
} from '../../../../shared/domain/quotes/seller.ts';
import type { QuoteTotals } from '../../../../shared/domain/quotes/totals.ts';
import { isExemptRate } from '../../../../shared/domain/quotes/vat-exemption.ts';
import { TextField } from '../../../components/form-field.tsx';
import { Icon } from '../../../components/icon.tsx';
import { formatCentimes } from '../../../quotes/quote-format.ts';
import { LineField } from './quote-line-field.tsx';
import { emptyLine, type ClientAndLines, type LineValues } from './quote-editor-values.ts';

/**
 * The parts a quote's editor and the invoice without a quote write the same way (docs/quotes.md,
 * « L’éditeur »; docs/invoices.md): the client, the lines and the live totals. Each reads the
 * form it sits in (react-hook-form's context: a form whose values hold `client` and `lines` as
 * the quote editor's), and shows each field's French error under it.
 */

const DOCUMENT_NAMES: Record<LinesDocument, string> = { devis: 'le devis', facture: 'la facture' };

/** A name or an address, typed in either script: no suggestions from the browser. */
const asText = { autoComplete: 'off', dir: 'auto' } as const;
/** A number the tax office gave (NIF, NIS, article d’imposition): the digits keyboard. */
const asIdentifier = { autoComplete: 'off', inputMode: 'numeric' } as const;

export function amount(value: bigint): string {
  return `${formatCentimes(value)} DA`;
}

/** The French message of a nested field's error, if any. */
export function messageAt<T extends FieldValues>(
  errors: FieldErrors<T>,
  path: string,
): string | undefined {
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

function useDocumentForm() {
  const form = useFormContext<ClientAndLines>();
  const error = (path: string) => messageAt(form.formState.errors, path);
  return { ...form, error };
}

/** « Client »: a particulier or an entreprise, its legal identifiers, its phone; `extra` after. */
export function QuoteClientFields({
  id,
  document,
  extra,
}: {
  id: string;
  document: LinesDocument;
  extra?: ReactNode;
}) {
  const { register, control, error } = useDocumentForm();
  const kind = useWatch({ control, name: 'client.kind' });
  return (
    <fieldset className="quote-editor-group">
      <legend className="h6">Client</legend>
      <fieldset className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <legend className="form-label fs-6 float-none w-auto mb-0 me-2">Type de client</legend>
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
            <TextField
              id={`${id}-lastName`}
              label="Nom"
              required
              error={error('client.lastName')}
              {...asText}
              {...register('client.lastName')}
            />
            <TextField
              id={`${id}-firstName`}
              label="Prénom"
              error={error('client.firstName')}
              {...asText}
              {...register('client.firstName')}
            />
          </>
        ) : (
          <TextField
            id={`${id}-legalName`}
            label="Raison sociale"
            required
            error={error('client.legalName')}
            className="quote-editor-wide"
            {...asText}
            {...register('client.legalName')}
          />
        )}
        <TextField
          id={`${id}-address`}
          label="Adresse"
          required
          error={error('client.address')}
          className="quote-editor-wide"
          {...asText}
          {...register('client.address')}
        />
        {kind === 'entreprise' && (
          <>
            <TextField
              id={`${id}-nif`}
              label="NIF"
              required
              help="15 ou 20 chiffres."
              error={error('client.nif')}
              {...asIdentifier}
              {...register('client.nif')}
            />
            <TextField
              id={`${id}-rc`}
              label="RC"
              error={error('client.rc')}
              autoComplete="off"
              {...register('client.rc')}
            />
            <TextField
              id={`${id}-nis`}
              label="NIS"
              error={error('client.nis')}
              {...asIdentifier}
              {...register('client.nis')}
            />
            <TextField
              id={`${id}-ai`}
              label="Article d’imposition"
              error={error('client.articleImposition')}
              {...asIdentifier}
              {...register('client.articleImposition')}
            />
          </>
        )}
        <TextField
          id={`${id}-phone`}
          label="Téléphone du client"
          help={`Facultatif ; écrit sur ${DOCUMENT_NAMES[document]}.`}
          error={error('client.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          dir="ltr"
          {...register('client.phone')}
        />
        {extra}
      </div>
    </fieldset>
  );
}

/** « Lignes »: each line's fields and its total, « Ajouter une ligne », « Retirer la ligne ». */
export function QuoteLinesFields({
  id,
  regime,
  totals,
}: {
  id: string;
  regime: TaxRegime;
  /** The live totals of what is typed (`liveTotals`). */
  totals: QuoteTotals;
}) {
  const { register, control, error, formState } = useDocumentForm();
  const { errors } = formState;
  const lines = useFieldArray({ control, name: 'lines' });
  const watchedLines = useWatch({ control, name: 'lines' }) as LineValues[] | undefined;
  const withVat = regime.kind === 'reel';
  const allowed = vatRatesAllowed(regime);
  const linesError = errors.lines?.root?.message ?? errors.lines?.message;
  return (
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
  );
}

/** « Totaux »: HT, the TVA of each rate, TTC, the stamp duty in cash, « Net à payer » in words. */
export function QuoteTotalsSummary({
  id,
  regime,
  totals,
  language,
  paidInCash = false,
}: {
  id: string;
  regime: TaxRegime;
  totals: QuoteTotals;
  language: QuoteLanguage;
  paidInCash?: boolean;
}) {
  const withVat = regime.kind === 'reel';
  return (
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
  );
}
