import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import type { QuoteStore } from '../../../../shared/backend/ports.ts';
import type { Quote } from '../../../../shared/domain/quotes/record.ts';
import { Icon } from '../../../components/icon.tsx';
import { useLoaded } from '../../hooks/use-loaded.ts';
import { csvFileName, downloadCsv, tableToCsv } from '../inbox/export-csv.ts';
import { printQuotePath } from './quote-routes.ts';
import { QUOTE_STATUS_BADGES, summarizeQuote } from './quote-summary.ts';

/** The view's column heads, in their order: the net to pay first, the TTC beside it. */
const QUOTE_COLUMNS = [
  'Numéro',
  'Client',
  'Net à payer',
  'Total TTC',
  'État',
  'Valable jusqu’au',
] as const;

/**
 * An amount as a French spreadsheet reads a number: dinars, a decimal comma, no grouping
 * (« 361956,00 »). A grouped « 361 956,00 DA » is text, that a SUM skips.
 */
export function csvAmount(centimes: bigint): string {
  const sign = centimes < 0n ? '-' : '';
  const value = centimes < 0n ? -centimes : centimes;
  return `${sign}${value / 100n},${(value % 100n).toString().padStart(2, '0')}`;
}

/**
 * The quotes as a CSV file for French Excel and LibreOffice (the inbox's export, export-csv.ts):
 * the view's columns, amounts as numbers in dinars.
 */
export function quotesToCsv(quotes: readonly Quote[]): string {
  return tableToCsv(
    ['Numéro', 'Client', 'Net à payer (DA)', 'Total TTC (DA)', 'État', 'Valable jusqu’au'],
    quotes.map((quote) => {
      const summary = summarizeQuote(quote);
      return [
        summary.number,
        summary.client,
        csvAmount(summary.netCentimes),
        csvAmount(summary.totalCentimes),
        summary.status,
        summary.validUntil,
      ];
    }),
  );
}

/**
 * The « Devis » view (`?dossier=devis`): every quote, every version, newest first, with its
 * number, client, net to pay and total TTC, state and validity; each one printable; the list as CSV.
 */
export function QuotesView({ store }: { store: QuoteStore }) {
  const load = useCallback(() => store.list(), [store]);
  const { value: quotes, error } = useLoaded(load);

  if (error) {
    return (
      <div className="alert alert-danger" role="alert">
        Impossible de charger les devis : {error}
      </div>
    );
  }
  if (quotes === null) {
    return (
      <div className="d-flex align-items-center gap-2 py-5 justify-content-center" role="status">
        <span className="spinner-border text-primary" aria-hidden="true" />
        Chargement des devis…
      </div>
    );
  }
  if (quotes.length === 0) {
    return (
      <div className="text-center py-5 bg-white rounded-3 shadow-sm">
        <p className="h5">Aucun devis pour le moment.</p>
        <p className="text-body-secondary mb-0">
          Ouvrez un message de la boîte de réception et choisissez « Créer un devis ».
        </p>
      </div>
    );
  }
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <p className="mb-0 text-body-secondary" role="status">
          {quotes.length} {quotes.length > 1 ? 'devis' : 'devis'}
        </p>
        <button
          type="button"
          className="btn btn-outline-primary btn-sm ms-auto"
          onClick={() => downloadCsv(quotesToCsv(quotes), csvFileName(new Date(), 'devis'))}
        >
          <Icon name="download" className="me-1" />
          Exporter en CSV
        </button>
      </div>
      <div className="bg-white rounded-3 shadow-sm quotes-table-frame">
        <table className="table table-hover align-middle mb-0 quotes-table">
          <caption className="visually-hidden">Les devis, du plus récent au plus ancien</caption>
          <thead>
            <tr>
              {QUOTE_COLUMNS.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {quotes.map((quote) => {
              const summary = summarizeQuote(quote);
              return (
                <tr key={quote.id} data-testid="quote-row">
                  <th scope="row" className="text-nowrap">
                    {summary.number}
                  </th>
                  <td data-label="Client">
                    <bdi>{summary.client}</bdi>
                  </td>
                  <td data-label="Net à payer" className="text-nowrap quotes-total">
                    {summary.net}
                  </td>
                  <td data-label="Total TTC" className="text-nowrap">
                    {summary.total}
                  </td>
                  <td data-label="État">
                    <span className={`badge ${QUOTE_STATUS_BADGES[quote.status]}`}>
                      {summary.status}
                    </span>
                    {summary.viewed && (
                      <span
                        className="d-block small text-body-secondary"
                        data-testid="quote-viewed"
                      >
                        {summary.viewed}
                      </span>
                    )}
                    {summary.answered && (
                      <span
                        className="d-block small text-body-secondary"
                        data-testid="quote-answered"
                      >
                        {summary.answered}
                      </span>
                    )}
                  </td>
                  <td data-label="Valable jusqu’au" className="text-nowrap">
                    {summary.validUntil}
                  </td>
                  <td className="quotes-actions">
                    <Link
                      className="btn btn-outline-secondary btn-sm"
                      to={printQuotePath(quote.id)}
                      aria-label={`Imprimer le devis ${summary.number} (${summary.client})`}
                    >
                      <Icon name="printer" />
                    </Link>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
