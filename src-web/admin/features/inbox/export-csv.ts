import Papa from 'papaparse';
import type { ContactMessage } from '../../../../shared/domain/contact.ts';
import type { Lead } from '../../../../shared/domain/leads/pipeline.ts';
import { INBOX_COLUMNS } from './columns.tsx';
import { leadOf } from './inbox-view.ts';

/** Excel only reads a CSV as UTF-8 when it starts with this mark. */
const BOM = '\uFEFF';

/**
 * A line a spreadsheet could run as a formula begins with one of these (OWASP, « CSV
 * Injection »). Every line of a cell is checked, not only its first: a spreadsheet that
 * splits the file another way (opened with `,` as the separator, its quotes then out of
 * step) can start a cell at any line. papaparse's own `escapeFormulae` looks at the first
 * line only.
 */
const FORMULA_LINE = /(?<=^|[\r\n])(?=[=+\-@\t\r])/g;

/**
 * The cell with an apostrophe before every line that could be read as a formula. The place
 * is found by looking behind (the start, or a line break) without consuming anything: a cell
 * that opens with « \r » gets one before the « \r » and one before the line after it (the
 * pattern that consumed the break missed that second line).
 */
export function defuseFormulae(cell: string): string {
  // A negative amount (« -11900,00 », a credit note's) is a number, not a formula: kept so.
  if (/^-\d+(?:,\d+)?$/u.test(cell)) return cell;
  return cell.replace(FORMULA_LINE, "'");
}

/**
 * The messages as a CSV file for French Excel and LibreOffice: UTF-8 with a BOM, `;` between
 * fields (French Excel's list separator), CRLF line ends, the columns of columns.tsx: the
 * dashboard's with dates in local time as it shows them, then the status (« Lu », « Non lu »),
 * the language the message was sent in (« FR », « AR », as the dashboard marks it), and the
 * lead's « Suivi », « Suivi depuis le », « Relancer le » and « Valeur estimée (DZD) » (`leads`:
 * a message absent from it is « Nouveau »). Lines that a spreadsheet would run as a formula
 * (see FORMULA_LINE) get a leading apostrophe.
 */
export function messagesToCsv(
  messages: readonly ContactMessage[],
  leads: ReadonlyMap<string, Lead> = new Map(),
): string {
  return tableToCsv(
    INBOX_COLUMNS.map((column) => column.header),
    messages.map((message, index) =>
      INBOX_COLUMNS.map((column) => column.csv(message, index + 1, leadOf(leads, message.id))),
    ),
  );
}

/**
 * Any table as such a file (the inbox's messages, the quotes of the « Devis » view): the
 * header, then each row, every cell defused (FORMULA_LINE).
 */
export function tableToCsv(
  header: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  return (
    BOM +
    Papa.unparse(
      {
        fields: [...header],
        data: rows.map((row) => row.map(defuseFormulae)),
      },
      { delimiter: ';', newline: '\r\n', quotes: true },
    )
  );
}

/** « messages-2026-01-15.csv » (or « devis-… »), with the local date. */
export function csvFileName(now: Date = new Date(), prefix = 'messages'): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${prefix}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/** Hands the file to the browser as a download. */
export function downloadCsv(content: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
