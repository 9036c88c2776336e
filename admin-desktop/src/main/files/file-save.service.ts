import path from 'node:path';
import type { SaveDialogOptions, SaveDialogReturnValue } from 'electron';
import type { FileSaveResult } from '../../shared/ipc-contract';
import { writeFileAtomic } from '../storage/atomic-file';
import type { FileSystem } from '../storage/file-system';

/** Electron's dialog, already bound to the main window as parent in index.main.ts. */
export interface SaveDialog {
  showSaveDialog(options: SaveDialogOptions): Promise<SaveDialogReturnValue>;
}

export interface FileSaveDeps {
  dialog: SaveDialog;
  fs: FileSystem;
  /** Where the dialog opens first (the OS Downloads folder). */
  defaultDir: () => string;
}

/** What kind of file the save dialog offers to write. */
const KINDS = {
  csv: { title: 'Export CSV', filter: 'CSV files', extension: 'csv' },
  pdf: { title: 'Save PDF', filter: 'PDF documents', extension: 'pdf' },
  zip: { title: 'Save ZIP', filter: 'ZIP archives', extension: 'zip' },
} as const;

/**
 * Saving a file on the desktop (an export, an invoice): the system save dialog proposes the
 * name, the file is written atomically, and the answer says where it went or why it did not.
 */
export async function saveFile(deps: FileSaveDeps, kind: keyof typeof KINDS, fileName: string, content: string | Uint8Array): Promise<FileSaveResult> {
  const k = KINDS[kind];
  const choice = await deps.dialog.showSaveDialog({
    title: k.title,
    defaultPath: path.join(deps.defaultDir(), fileName),
    filters: [{ name: k.filter, extensions: [k.extension] }],
    properties: ['createDirectory', 'showOverwriteConfirmation'],
  });
  if (choice.canceled || !choice.filePath) return { saved: false, canceled: true };

  const target = path.extname(choice.filePath) ? choice.filePath : `${choice.filePath}.${k.extension}`;
  try {
    await writeFileAtomic(deps.fs, target, content, { mode: 0o644 });
    return { saved: true, location: target };
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    return { saved: false, error: `Could not save ${path.basename(target)}: ${describe(reason)}` };
  }
}

/** Export CSV on the desktop, with the SPEC's file name proposed. */
export const saveCsv = (deps: FileSaveDeps, fileName: string, csv: string) => saveFile(deps, 'csv', fileName, csv);

function describe(code: string): string {
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied for that folder.';
    case 'ENOSPC':
      return 'the disk is full.';
    case 'ENOENT':
      return 'that folder does not exist.';
    case 'EROFS':
      return 'that drive is read-only.';
    default:
      return `${code}.`;
  }
}
