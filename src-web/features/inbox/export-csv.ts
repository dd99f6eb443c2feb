import Papa from 'papaparse';
import type { ContactMessage } from '../../../shared/domain/contact.ts';
import { displayPhone } from '../../../shared/domain/phone.ts';
import { formatReceivedAt } from './format-message.ts';
import { DASHBOARD_COLUMNS } from './columns.ts';

/** Excel only reads a CSV as UTF-8 when it starts with this mark. */
const BOM = '\uFEFF';

/**
 * A cell a spreadsheet could run as a formula: its first character is one of these (OWASP,
 * « CSV Injection »). papaparse's own test (`escapeFormulae: true`) misses a cell that spans
 * several lines, as its `.*$` does not cross a line break: test the first character only.
 */
const FORMULA_START = /^[=+\-@\t\r\n]/;

/**
 * The messages as a CSV file for French Excel and LibreOffice: UTF-8 with a BOM, `;` between
 * fields (French Excel's list separator), CRLF line ends, dates in local time as the
 * dashboard shows them. Cells that a spreadsheet would run as a formula (see FORMULA_START) get
 * a leading apostrophe.
 */
export function messagesToCsv(messages: readonly ContactMessage[]): string {
  const rows = messages.map((message, index) => [
    String(index + 1),
    message.fullName,
    message.service,
    message.email,
    displayPhone(message.phone),
    message.subject,
    message.message,
    formatReceivedAt(message.receivedAt),
    message.read ? 'Lu' : 'Non lu',
  ]);
  return (
    BOM +
    Papa.unparse(
      { fields: [...DASHBOARD_COLUMNS, 'Statut'], data: rows },
      { delimiter: ';', newline: '\r\n', quotes: true, escapeFormulae: FORMULA_START },
    )
  );
}

/** « messages-2026-01-15.csv », with the local date. */
export function csvFileName(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `messages-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
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
