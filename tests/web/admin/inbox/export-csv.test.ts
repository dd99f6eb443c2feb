import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import Papa from 'papaparse';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { ContactMessage } from '../../../../shared/domain/contact.ts';
import {
  csvFileName,
  defuseFormulae,
  messagesToCsv,
} from '../../../../src-web/admin/features/inbox/export-csv.ts';
import { newLead, type Lead } from '../../../../shared/domain/leads/pipeline.ts';
import { aMessage } from '../../../fixtures/messages.ts';

const message = aMessage({
  id: 'x',
  fullName: '=HYPERLINK("http://pirate")',
  service: 'Développement',
  email: '@moi@exemple.dz',
  phone: '550123456',
  subject: '+33 devis; "urgent"',
  message: 'Ligne 1\nLigne 2 -- ça marche',
  receivedAt: 1_767_000_000_000,
  read: true,
});

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
      'Langue',
      'Suivi',
      'Suivi depuis le',
      'Relancer le',
      'Valeur estimée (DZD)',
      'Page',
      'Site référent',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'Source',
    ]);
    const [, first, second] = parsed.data;
    expect(first?.[4]).toBe('0550 12 34 56');
    expect(first?.[6]).toBe('Ligne 1\nLigne 2 -- ça marche');
    // In Algiers time (UTC+1), whatever the device's: 2025-12-29T09:20:00Z.
    expect(first?.[7]).toBe('29/12/2025 10:20:00');
    expect(first?.[8]).toBe('Lu');
    expect(second?.[7]).toBe('N/A');
    expect(second?.[8]).toBe('Non lu');
  });

  it('says the language each message was sent in, as the dashboard marks it', () => {
    const arabic: ContactMessage = {
      ...message,
      fullName: 'مخبزة البهية',
      subject: 'تصميم شعار',
      message: 'نريد شعارًا جديدًا.',
      language: 'ar',
    };
    const rows = Papa.parse<string[]>(messagesToCsv([arabic, message]).slice(1), {
      delimiter: ';',
      newline: '\r\n',
    }).data;
    expect(rows.map((row) => row[9])).toEqual(['Langue', 'AR', 'FR']);
    // The Arabic words as they were written.
    expect(rows[1]?.slice(1, 2)).toEqual(['مخبزة البهية']);
    expect(rows[1]?.slice(5, 7)).toEqual(['تصميم شعار', 'نريد شعارًا جديدًا.']);
  });

  it('says where each message comes from, empty where it is not known', () => {
    const campaign: ContactMessage = {
      ...message,
      pagePath: '/ar/pageContact',
      referrer: 'l.facebook.com',
      utmSource: 'facebook',
      utmMedium: 'cpc',
      utmCampaign: '=ramadan',
    };
    const unknown: ContactMessage = { ...message, pagePath: null, referrer: null };
    const rows = Papa.parse<string[]>(messagesToCsv([campaign, unknown]).slice(1), {
      delimiter: ';',
      newline: '\r\n',
    }).data;
    expect(rows.map((row) => row.slice(14, 20))).toEqual([
      ['Page', 'Site référent', 'utm_source', 'utm_medium', 'utm_campaign', 'Source'],
      // A campaign word is the visitor's too: defused like every cell.
      ['/ar/pageContact', 'l.facebook.com', 'facebook', 'cpc', "'=ramadan", 'facebook'],
      ['', '', '', '', '', 'Non enregistrée'],
    ]);
  });

  it('names the source of a lead typed in (« Nouveau contact »), its missing fields empty', () => {
    const typedIn: ContactMessage = {
      ...message,
      source: 'whatsapp',
      service: null,
      email: null,
      phone: '+213661234567',
      subject: '',
      message: '',
      pagePath: null,
      referrer: null,
    };
    const [, row] = Papa.parse<string[]>(messagesToCsv([typedIn]).slice(1), {
      delimiter: ';',
      newline: '\r\n',
    }).data;
    expect(row?.slice(2, 5)).toEqual(['', '', '0661 23 45 67']);
    expect(row?.[19]).toBe('WhatsApp');
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    const [, row] = Papa.parse<string[]>(messagesToCsv([message]).slice(1), {
      delimiter: ';',
    }).data;
    expect(row?.[1]).toBe('\'=HYPERLINK("http://pirate")');
    expect(row?.[3]).toBe("'@moi@exemple.dz");
    expect(row?.[5]).toBe('\'+33 devis; "urgent"');
  });

  it('defuses a formula even when its cell spans several lines', () => {
    const hostile = {
      ...message,
      fullName: '=HYPERLINK("http://pirate";"Voir")\nEntreprise',
      subject: '@SUM(1;2)\r\nsuite',
      message: '-2+3\nBonjour',
    };
    const [, row] = Papa.parse<string[]>(messagesToCsv([hostile]).slice(1), {
      delimiter: ';',
      newline: '\r\n',
    }).data;
    expect(row?.[1]).toBe('\'=HYPERLINK("http://pirate";"Voir")\nEntreprise');
    expect(row?.[5]).toBe("'@SUM(1;2)\r\nsuite");
    expect(row?.[6]).toBe("'-2+3\nBonjour");
  });

  it('defuses every line of a cell that could start a formula, not only the first', () => {
    const hostile = {
      ...message,
      fullName: 'Entreprise\n=HYPERLINK("http://pirate")',
      subject: 'Devis\r\n@SUM(1,2)\r+3\n-4',
      message: 'Bonjour\n\t=5+6\nMerci\n  =7 reste du texte',
    };
    const [, row] = Papa.parse<string[]>(messagesToCsv([hostile]).slice(1), {
      delimiter: ';',
      newline: '\r\n',
    }).data;
    expect(row?.[1]).toBe('Entreprise\n\'=HYPERLINK("http://pirate")');
    expect(row?.[5]).toBe("Devis\r\n'@SUM(1,2)\r'+3\n'-4");
    // A line that starts with a space is text for every spreadsheet: left as it is.
    expect(row?.[6]).toBe("Bonjour\n'\t=5+6\nMerci\n  =7 reste du texte");
  });

  it('defuses the line after a carriage return that opens the cell (issue 47, finding 10)', () => {
    // The cell's first line starts with « \r »: the pattern used it as the first line's
    // danger and no longer as the second line's start, which went out as « =1+1 ».
    for (const cell of ['\r=1+1', '\r\r+2', '\n\r-3', 'a\r\r@4', '\t\r=5']) {
      const lines = defuseFormulae(cell).split(/\r\n|\r|\n/u);
      for (const line of lines) expect(line, JSON.stringify(cell)).not.toMatch(/^[=+\-@\t]/u);
    }
    expect(defuseFormulae('\r=1+1')).toBe("'\r'=1+1");
  });

  it('gives each lead its status, since when, its next action and its value, byte for byte', () => {
    const received = Date.UTC(2026, 10, 20, 9, 15);
    const changed = Date.UTC(2026, 10, 24, 14, 30);
    const due = Date.UTC(2026, 10, 28, 8, 0);
    const plain = aMessage({
      id: 'p',
      fullName: 'Boulangerie El Bahia',
      service: 'Design',
      email: 'contact@el-bahia.dz',
      phone: '550123456',
      subject: 'Logo',
      message: 'Bonjour',
      receivedAt: received,
      read: true,
      language: 'fr',
    });
    const leads = new Map<string, Lead>([
      [
        'quote',
        {
          ...newLead('quote'),
          status: 'devis-envoye',
          statusChangedAt: changed,
          nextActionAt: due,
          estimatedValue: 150_000,
        },
      ],
      [
        'lost',
        {
          ...newLead('lost'),
          status: 'perdu',
          lostReason: 'projet-abandonne',
          statusChangedAt: changed,
          // A closed lead's old next action is not one.
          nextActionAt: due,
          estimatedValue: 80_000,
        },
      ],
    ]);
    const csv = messagesToCsv([plain, { ...plain, id: 'quote' }, { ...plain, id: 'lost' }], leads);
    const local = (instant: number) =>
      new Date(instant).toLocaleString('fr-FR', { timeZone: 'Africa/Algiers' });
    // No provenance, hence « Non enregistrée » as its source.
    const NO_PROVENANCE = '"";"";"";"";"";"Non enregistrée"';
    const start = `"Boulangerie El Bahia";"Design";"contact@el-bahia.dz";"0550 12 34 56";"Logo";"Bonjour";"${local(received)}";"Lu";"FR"`;
    expect(Buffer.from(csv, 'utf8')).toEqual(
      Buffer.from(
        '\uFEFF' +
          '"#";"Nom Complet";"Service";"Email";"Téléphone";"Sujet";"Message";"Date d\'Enregistrement";"Statut";"Langue";"Suivi";"Suivi depuis le";"Relancer le";"Valeur estimée (DZD)";"Page";"Site référent";"utm_source";"utm_medium";"utm_campaign";"Source"\r\n' +
          // Never worked on: « Nouveau » since its reception, nothing else (no provenance).
          `"1";${start};"Nouveau";"${local(received)}";"";"";${NO_PROVENANCE}\r\n` +
          `"2";${start};"Devis envoyé";"${local(changed)}";"${local(due)}";"150000";${NO_PROVENANCE}\r\n` +
          `"3";${start};"Perdu (projet abandonné)";"${local(changed)}";"";"80000";${NO_PROVENANCE}`,
        'utf8',
      ),
    );
  });

  it('names the file after the local date', () => {
    expect(csvFileName(new Date(2026, 0, 5, 23, 59))).toBe('messages-2026-01-05.csv');
  });
});

/** LibreOffice's own command; the Debian package libreoffice-calc-nogui provides it. */
const SOFFICE = ['/usr/bin/soffice', '/usr/bin/libreoffice'].find((file) => existsSync(file));
/** Printed beside the skipped test (Vitest shows a skip's note) and once in the output. */
const NO_SOFFICE =
  'ignoré : LibreOffice absent (apt-get install libreoffice-calc-nogui ; .ci/run l’installe)';
if (!SOFFICE) console.log(`Test LibreOffice de l’export CSV ${NO_SOFFICE}.`);

describe('CSV export opened in LibreOffice', () => {
  it('shows every hostile cell as text: no formula is evaluated, even with formulas on', async ({
    skip,
  }) => {
    skip(!SOFFICE, NO_SOFFICE);
    const dir = await mkdtemp(path.join(tmpdir(), 'agence-csv-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const hostile: ContactMessage[] = [
      message,
      { ...message, id: 'y', fullName: '=1+1', subject: '+2+3', message: '=4+5\nsuite' },
      { ...message, id: 'z', fullName: '-6+7', email: '@SUM(1;2)', subject: '\t=8+9' },
      { ...message, id: 'a', fullName: 'مخبزة البهية', subject: '=تصميم', language: 'ar' },
    ];
    await writeFile(path.join(dir, 'messages.csv'), messagesToCsv(hostile));
    // The same hostile lines inside cells, opened with the wrong separator below.
    const lines: ContactMessage[] = [
      {
        ...message,
        id: 'w',
        fullName: 'Entreprise, "SARL"\n=10+11',
        subject: 'Devis\r\n+12+13',
        message: 'Bonjour, voici:\n-14+15\n@SUM(16,17)\n\t=18+19',
      },
    ];
    await writeFile(path.join(dir, 'lignes.csv'), messagesToCsv(lines));

    // Separator (59 ; or 44 ,), quote ", UTF-8, from line 1, French, « evaluate formulas » on.
    const open = async (file: string, separator: number) => {
      const csvImport = `CSV:${separator},34,76,1,,1036,false,false,false,false,false,-1,true`;
      await promisify(execFile)(
        SOFFICE ?? '',
        [
          `-env:UserInstallation=${pathToFileURL(path.join(dir, 'profile')).href}`,
          '--headless',
          `--infilter=${csvImport}`,
          '--convert-to',
          'fods',
          '--outdir',
          dir,
          path.join(dir, file),
        ],
        { timeout: 120_000 },
      );
      return readFile(path.join(dir, file.replace(/\.csv$/, '.fods')), 'utf8');
    };
    const sheet = await open('messages.csv', 59);
    expect(await open('lignes.csv', 44)).not.toContain('table:formula=');

    expect(sheet).not.toContain('table:formula=');
    expect(sheet).toContain('<text:p>&apos;=1+1</text:p>');
    expect(sheet).toContain('<text:p>&apos;+2+3</text:p>');
    expect(sheet).toContain('<text:p>&apos;-6+7</text:p>');
    expect(sheet).toContain('<text:p>&apos;@SUM(1;2)</text:p>');
    // The language column, and Arabic read as UTF-8.
    expect(sheet).toContain('<text:p>Langue</text:p>');
    expect(sheet).toContain('<text:p>AR</text:p>');
    expect(sheet).toContain('<text:p>FR</text:p>');
    expect(sheet).toContain('<text:p>مخبزة البهية</text:p>');
    expect(sheet).toContain('<text:p>&apos;=تصميم</text:p>');
  }, 150_000);
});
