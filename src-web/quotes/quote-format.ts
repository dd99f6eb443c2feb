/** The amounts and dates as a quote or an invoice prints them: shared/domain/quotes/format.ts. */
export {
  formatCentimes,
  formatQuoteDate,
  formatScaled,
} from '../../shared/domain/quotes/format.ts';
