import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { electronPdfOptions } from '../../shared/domain/quotes/print.ts';
import type { PdfSaveOutcome } from '../../shared/ipc/contract.ts';
import type { DialogLike, PdfWindow } from './electron-apis.ts';

/**
 * A file name the window may propose: the quote's number (`DEV-2026-0001.pdf`), or
 * `devis-brouillon.pdf`; no folder, no other extension. The owner chooses the folder.
 */
export const PDF_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,95}\.pdf$/u;

export const PDF_MESSAGES = {
  closed: 'Le PDF n’a pas été enregistré : la fenêtre de la console est fermée.',
  cancelled: 'Enregistrement annulé : aucun fichier n’a été écrit.',
  printFailed:
    'Le PDF n’a pas pu être créé : l’impression de la page a échoué. Réessayez, ou passez par « Imprimer ».',
  saved: (file: string) => `Devis enregistré en PDF : ${file}`,
  writeFailed: (file: string, reason: string) =>
    `Le PDF n’a pas pu être enregistré dans ${file} : ${reason}.`,
} as const;

/** Why a file could not be written, in French, from Node's error code. */
function writeFailure(error: unknown): string {
  switch ((error as NodeJS.ErrnoException | null)?.code) {
    case 'EACCES':
    case 'EPERM':
      return 'accès refusé à ce dossier';
    case 'ENOENT':
    case 'ENOTDIR':
      return 'ce dossier n’existe pas';
    case 'ENOSPC':
      return 'le disque est plein';
    case 'EROFS':
      return 'ce disque est en lecture seule';
    case 'EISDIR':
      return 'ce nom est celui d’un dossier';
    case 'EEXIST':
      return 'un fichier de ce nom existe déjà, choisissez-en un autre';
    default:
      return 'le fichier n’a pas pu être écrit';
  }
}

export interface QuotePdfSaverDeps {
  /** The console's window, whose page (the quote's printable page) is printed. */
  window: () => PdfWindow | null;
  dialog: DialogLike;
  /** The folder the dialog opens in: the owner's Documents. */
  defaultDir: () => string;
  writeFile?: (file: string, data: Uint8Array, exclusive: boolean) => Promise<void>;
  log?: (message: string) => void;
}

/**
 * « Enregistrer en PDF » (docs/quotes.md): asks the owner where to save (the quote's number as
 * the file's name, in their Documents), prints the window's page with Electron's printToPDF
 * and the quote's PDF options (shared/domain/quotes/print.ts: A4, the print CSS's margins,
 * backgrounds), and writes the file. Each outcome is said in French.
 */
export function createQuotePdfSaver(deps: QuotePdfSaverDeps) {
  const write =
    deps.writeFile ??
    ((file, data, exclusive) => writeFile(file, data, { flag: exclusive ? 'wx' : 'w' }));
  const log = deps.log ?? (() => undefined);
  return async (fileName: string): Promise<PdfSaveOutcome> => {
    const window = deps.window();
    if (!window || window.isDestroyed()) return { saved: false, message: PDF_MESSAGES.closed };
    let defaultPath = fileName;
    try {
      defaultPath = path.join(deps.defaultDir(), fileName);
    } catch {
      // No Documents folder known: the dialog opens where the system chooses.
    }
    const choice = await deps.dialog.showSaveDialog(window, {
      title: 'Enregistrer le devis en PDF',
      defaultPath,
      buttonLabel: 'Enregistrer',
      filters: [{ name: 'Document PDF', extensions: ['pdf'] }],
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    });
    if (choice.canceled || !choice.filePath) {
      return { saved: false, message: PDF_MESSAGES.cancelled };
    }
    // A name typed without its extension (Linux dialogs do not add it). The dialog asked
    // before replacing the name typed, not this one: an existing file of this name stays.
    const typedWithout = !/\.pdf$/iu.test(choice.filePath);
    const file = typedWithout ? `${choice.filePath}.pdf` : choice.filePath;
    let data: Uint8Array;
    try {
      data = await window.webContents.printToPDF(electronPdfOptions());
    } catch (error) {
      log(`Impression du devis en PDF impossible : ${String(error)}`);
      return { saved: false, message: PDF_MESSAGES.printFailed };
    }
    try {
      await write(file, data, typedWithout);
    } catch (error) {
      log(`PDF du devis non écrit (${file}) : ${String(error)}`);
      return { saved: false, message: PDF_MESSAGES.writeFailed(file, writeFailure(error)) };
    }
    return { saved: true, message: PDF_MESSAGES.saved(file) };
  };
}
