import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import Papa from 'papaparse';
import { describe, expect, it, onTestFinished } from 'vitest';
import { sellerLegalDetails } from '../../../../shared/content/seller.ts';
import type { Quote } from '../../../../shared/domain/quotes/record.ts';
import { CURRENT_STAMP_DUTY_SCALE } from '../../../../shared/domain/quotes/stamp-duty.ts';
import { summarizeQuote } from '../../../../src-web/admin/features/quotes/quote-summary.ts';
import { csvAmount, quotesToCsv } from '../../../../src-web/admin/features/quotes/quotes-view.tsx';

/*
 * The « Devis » list and its CSV: the net to pay (what the client pays, the stamp duty of a
 * cash payment included) with the TTC beside it; in the CSV, numbers a French spreadsheet
 * adds up. Before, both showed the TTC alone, as text (« 354 858,00 DA »).
 */

const quote = (id: string, unitPrice: bigint, paidInCash: boolean): Quote => ({
  id,
  leadId: `lead-${id}`,
  number: `DEV-2026-000${id}`,
  version: 1,
  replacesId: null,
  status: 'accepte',
  language: 'fr',
  client: {
    kind: 'entreprise',
    legalName: 'EURL Atlas Services',
    address: 'Oran',
    rc: '',
    nif: '000031001234567',
    nis: '',
    articleImposition: '',
    phone: '',
  },
  lines: [
    {
      designation: 'Site vitrine',
      unit: 'forfait',
      quantityMilli: 1000n,
      unitPrice,
      discountBasisPoints: 0n,
      vatRate: 19,
    },
  ],
  paidInCash,
  validityDays: 30,
  issueDate: '2026-11-26',
  validUntil: '2026-12-26',
  seller: sellerLegalDetails,
  stampDutyScale: CURRENT_STAMP_DUTY_SCALE,
  sentAt: Date.UTC(2026, 10, 26, 9),
  answer: null,
  sentTo: null,
  createdAt: Date.UTC(2026, 10, 26, 9),
  updatedAt: Date.UTC(2026, 10, 26, 9),
});

// 298 200 HT + 19 % = 354 858,00 TTC; paid in cash, 2 % stamp duty: 361 956,00 to pay.
const CASH = quote('1', 298_200_00n, true);
const TRANSFER = quote('2', 100_000_00n, false);
const NNBSP = '\u202f';

describe('the quotes list', () => {
  it('shows the net to pay, with the TTC beside it', () => {
    expect(summarizeQuote(CASH)).toMatchObject({
      net: `361${NNBSP}956,00 DA`,
      total: `354${NNBSP}858,00 DA`,
    });
    expect(summarizeQuote(TRANSFER)).toMatchObject({
      net: `119${NNBSP}000,00 DA`,
      total: `119${NNBSP}000,00 DA`,
    });
  });

  it('says when the client opened the link and answered online, in Algiers time', () => {
    // 19:14 UTC is 20:14 in Algiers; 23:30 UTC on the 28th is already the 29th there.
    const answered: Quote = {
      ...CASH,
      viewedAt: Date.UTC(2026, 10, 27, 23, 30),
      answer: { decision: 'accepte', at: Date.UTC(2026, 10, 28, 19, 14), comment: '' },
    };
    expect(summarizeQuote(answered)).toMatchObject({
      viewed: 'Vu le 28/11/2026 à 00:30',
      answered: 'Accepté en ligne le 28/11/2026 à 20:14',
    });
    expect(
      summarizeQuote({
        ...CASH,
        status: 'refuse',
        answer: { decision: 'refuse', at: Date.UTC(2026, 10, 28, 23, 30), comment: 'Trop cher' },
      }).answered,
    ).toBe('Refusé en ligne le 29/11/2026 à 00:30');
    expect(summarizeQuote({ ...CASH, status: 'envoye' })).toMatchObject({
      viewed: 'Pas encore ouvert',
      answered: null,
    });
  });

  it('writes the CSV’s amounts as French numbers, net then TTC', () => {
    expect(csvAmount(36_195_600n)).toBe('361956,00');
    expect(csvAmount(5n)).toBe('0,05');
    const [head, cash, transfer] = Papa.parse<string[]>(quotesToCsv([CASH, TRANSFER]).slice(1), {
      delimiter: ';',
      newline: '\r\n',
    }).data;
    expect(head).toEqual([
      'Numéro',
      'Client',
      'Net à payer (DA)',
      'Total TTC (DA)',
      'État',
      'Valable jusqu’au',
    ]);
    expect(cash?.slice(0, 5)).toEqual([
      'DEV-2026-0001',
      'EURL Atlas Services',
      '361956,00',
      '354858,00',
      'Accepté',
    ]);
    expect(transfer?.slice(2, 4)).toEqual(['119000,00', '119000,00']);
  });
});

const SOFFICE = ['/usr/bin/soffice', '/usr/bin/libreoffice'].find((file) => existsSync(file));
if (!SOFFICE) {
  console.log(
    'Test LibreOffice du CSV des devis ignoré : LibreOffice absent (apt-get install libreoffice-calc-nogui).',
  );
}

describe.runIf(SOFFICE)('the quotes’ CSV in LibreOffice Calc', () => {
  it('gives numbers that a SUM adds: 361 956 + 119 000 = 480 956', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'agence-devis-csv-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    await writeFile(path.join(dir, 'devis.csv'), quotesToCsv([CASH, TRANSFER]));
    const soffice = (args: string[]) =>
      promisify(execFile)(
        SOFFICE ?? '',
        [
          `-env:UserInstallation=${pathToFileURL(path.join(dir, 'profile')).href}`,
          '--headless',
          ...args,
        ],
        { timeout: 240_000 },
      );
    // Opened as a French user opens it (;, ", UTF-8, French), saved as a flat ODF sheet.
    await soffice([
      '--infilter=CSV:59,34,76,1,,1036,false,false,false,false,false,-1,true',
      '--convert-to',
      'fods',
      '--outdir',
      dir,
      path.join(dir, 'devis.csv'),
    ]);
    const sheet = await readFile(path.join(dir, 'devis.fods'), 'utf8');
    expect(sheet).toContain('office:value-type="float" office:value="361956"');
    expect(sheet).toContain('office:value-type="float" office:value="354858"');
    // A row under them that sums the net column, computed by Calc and read back as CSV.
    const withSum = sheet.replace(
      /<\/table:table-row>(\s*)<\/table:table>/u,
      '</table:table-row><table:table-row><table:table-cell/><table:table-cell/><table:table-cell table:formula="of:=SUM([.C2:.C3])"/><table:table-cell table:formula="of:=SUM([.D2:.D3])"/></table:table-row>$1</table:table>',
    );
    await writeFile(path.join(dir, 'somme.fods'), withSum);
    await soffice([
      '--convert-to',
      'csv:Text - txt - csv (StarCalc):59,34,76',
      '--outdir',
      dir,
      path.join(dir, 'somme.fods'),
    ]);
    const rows = Papa.parse<string[]>(await readFile(path.join(dir, 'somme.csv'), 'utf8'), {
      delimiter: ';',
    }).data.filter((row) => row.length > 2);
    expect(rows.at(-1)?.slice(2, 4)).toEqual(['480956', '473858']);
  }, 500_000);
});
