/**
 * « Enregistrer en PDF » in the desktop console's main process, on the shared fake of
 * `electron` (no Electron binary here: tests/electron/fake-electron.ts plays the save dialog
 * and printToPDF). What Electron's printToPDF would make of the page is proven apart: the same
 * page printed by Chromium with the same options (shared/domain/quotes/print.ts), read back by
 * pdftotext, in tests/e2e/desktop-renderer.spec.ts.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { electronPdfOptions } from '../../../shared/domain/quotes/print.ts';
import { REFUSED_SENDER } from '../../../src-electron/main/ipc/register-ipc.ts';
import { PDF_MESSAGES } from '../../../src-electron/main/quote-pdf.ts';
import { makeTempDir } from '../../temp-dirs.ts';
import { FakeFrame } from '../fake-electron.ts';
import { startConsole } from './start-console.ts';

describe('« Enregistrer en PDF » in the main process', () => {
  it('asks where, with the quote’s number in the Documents folder, prints A4 with the shared options, writes the file', async () => {
    const started = await startConsole({ signedIn: true });
    const { dialog, fake } = started.electron;
    const chosen = path.join(makeTempDir('pdf'), 'DEV-2026-0001.pdf');
    dialog.answers.push({ canceled: false, filePath: chosen });

    expect(await started.invoke('quotes:save-pdf', 'DEV-2026-0001.pdf')).toEqual({
      ok: true,
      value: { saved: true, message: `Devis enregistré en PDF : ${chosen}` },
    });
    // The dialog belongs to the console's window and opens in the owner's Documents.
    expect(dialog.calls).toHaveLength(1);
    expect(dialog.calls[0]?.window).toBe(started.window);
    expect(dialog.calls[0]?.options).toMatchObject({
      defaultPath: path.join(fake.documents, 'DEV-2026-0001.pdf'),
      filters: [{ name: 'Document PDF', extensions: ['pdf'] }],
    });
    // The window's page, printed with the quote's options: A4, the print CSS's margins.
    const printed = started.window?.webContents.printed ?? [];
    expect(printed).toEqual([electronPdfOptions()]);
    expect(printed[0]).toMatchObject({
      pageSize: 'A4',
      printBackground: true,
      preferCSSPageSize: true,
      margins: { top: 14 / 25.4, right: 14 / 25.4, bottom: 16 / 25.4, left: 14 / 25.4 },
    });
    expect(readFileSync(chosen, 'utf8')).toBe(started.window?.webContents.pdfBytes);
  });

  it('adds « .pdf » to a name typed without it', async () => {
    const started = await startConsole({ signedIn: true });
    const typed = path.join(makeTempDir('pdf'), 'devis pour le client');
    started.electron.dialog.answers.push({ canceled: false, filePath: typed });
    expect(await started.invoke('quotes:save-pdf', 'DEV-2026-0002.pdf')).toMatchObject({
      ok: true,
      value: { saved: true },
    });
    expect(existsSync(`${typed}.pdf`)).toBe(true);

    // The dialog asked about « devis pour le client », not its « .pdf »: that file stays.
    writeFileSync(`${typed}.pdf`, 'le devis de la semaine dernière');
    started.electron.dialog.answers.push({ canceled: false, filePath: typed });
    expect(await started.invoke('quotes:save-pdf', 'DEV-2026-0002.pdf')).toMatchObject({
      ok: true,
      value: { saved: false, message: expect.stringContaining('existe déjà') },
    });
    expect(readFileSync(`${typed}.pdf`, 'utf8')).toBe('le devis de la semaine dernière');
  });

  it('says in French when the owner cancels, when printing fails, when the folder is gone', async () => {
    const started = await startConsole({ signedIn: true });
    const { dialog } = started.electron;
    const webContents = started.window?.webContents;
    if (!webContents) throw new Error('pas de fenêtre');

    dialog.answers.push({ canceled: true, filePath: '' });
    expect(await started.invoke('quotes:save-pdf', 'DEV-2026-0003.pdf')).toEqual({
      ok: true,
      value: { saved: false, message: 'Enregistrement annulé : aucun fichier n’a été écrit.' },
    });
    expect(webContents.printed).toEqual([]);

    const folder = makeTempDir('pdf');
    webContents.printFails = true;
    dialog.answers.push({ canceled: false, filePath: path.join(folder, 'DEV-2026-0003.pdf') });
    expect(await started.invoke('quotes:save-pdf', 'DEV-2026-0003.pdf')).toEqual({
      ok: true,
      value: { saved: false, message: PDF_MESSAGES.printFailed },
    });
    expect(existsSync(path.join(folder, 'DEV-2026-0003.pdf'))).toBe(false);

    webContents.printFails = false;
    const gone = path.join(folder, 'dossier-absent', 'DEV-2026-0003.pdf');
    dialog.answers.push({ canceled: false, filePath: gone });
    expect(await started.invoke('quotes:save-pdf', 'DEV-2026-0003.pdf')).toEqual({
      ok: true,
      value: {
        saved: false,
        message: `Le PDF n’a pas pu être enregistré dans ${gone} : ce dossier n’existe pas.`,
      },
    });
    expect(started.logs.some((line) => line.startsWith('PDF du devis non écrit'))).toBe(true);
  });

  it('takes only a file name from the window, and only from the console’s own page', async () => {
    const started = await startConsole({ signedIn: true });
    for (const name of ['../../.bashrc.pdf', '/tmp/devis.pdf', 'devis.exe', '.pdf', '', 42]) {
      expect(await started.invoke('quotes:save-pdf', name)).toMatchObject({
        ok: false,
        error: { code: 'invalid-input', fields: { fileName: 'Nom de fichier invalide.' } },
      });
    }
    const foreign = new FakeFrame('https://ailleurs.example/');
    await expect(
      started.electron.ipcMain.simulateInvoke(foreign, 'quotes:save-pdf', 'DEV-2026-0001.pdf'),
    ).rejects.toThrow(REFUSED_SENDER);
    expect(started.electron.dialog.calls).toEqual([]);
  });
});
