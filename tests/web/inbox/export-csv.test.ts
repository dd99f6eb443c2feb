import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { ContactMessage } from '../../../shared/domain/contact.ts';
import { csvFileName, messagesToCsv } from '../../../src-web/features/inbox/export-csv.ts';

const message: ContactMessage = {
  id: 'x',
  fullName: '=HYPERLINK("http://pirate")',
  service: 'Développement',
  email: '@moi@exemple.dz',
  phone: '550123456',
  subject: '+33 devis; "urgent"',
  message: 'Ligne 1\nLigne 2 -- ça marche',
  receivedAt: 1_767_000_000_000,
  read: true,
};

describe('CSV export', () => {
  it('is UTF-8 with a BOM, semicolons and CRLF, in the columns of the dashboard', () => {
    const csv = messagesToCsv([message, { ...message, receivedAt: null, read: false }]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<string[]>(csv.slice(1), { delimiter: ';', newline: '\r\n' });
    expect(parsed.data[0]).toEqual([
      '#',
      'Nom Complet',
      'Service',
      'Email',
      'Téléphone',
      'Sujet',
      'Message',
      "Date d'Enregistrement",
      'Statut',
    ]);
    const [, first, second] = parsed.data;
    expect(first?.[4]).toBe('0550123456');
    expect(first?.[6]).toBe('Ligne 1\nLigne 2 -- ça marche');
    expect(first?.[7]).toBe(new Date(1_767_000_000_000).toLocaleString('fr-FR'));
    expect(first?.[8]).toBe('Lu');
    expect(second?.[7]).toBe('N/A');
    expect(second?.[8]).toBe('Non lu');
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    const [, row] = Papa.parse<string[]>(messagesToCsv([message]).slice(1), {
      delimiter: ';',
    }).data;
    expect(row?.[1]).toBe('\'=HYPERLINK("http://pirate")');
    expect(row?.[3]).toBe("'@moi@exemple.dz");
    expect(row?.[5]).toBe('\'+33 devis; "urgent"');
  });

  it('names the file after the local date', () => {
    expect(csvFileName(new Date(2026, 0, 5, 23, 59))).toBe('messages-2026-01-05.csv');
  });
});
