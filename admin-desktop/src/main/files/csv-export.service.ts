import path from 'node:path';
import type { SaveDialogOptions, SaveDialogReturnValue } from 'electron';
import type { CsvSaveResult } from '../../shared/ipc-contract';
import { writeFileAtomic } from '../storage/atomic-file';
import type { FileSystem } from '../storage/file-system';

/** Electron's dialog, already bound to the main window as parent in index.main.ts. */
export interface SaveDialog {
  showSaveDialog(options: SaveDialogOptions): Promise<SaveDialogReturnValue>;
}

export interface CsvExportDeps {
  dialog: SaveDialog;
  fs: FileSystem;
  /** Where the dialog opens first (the OS Downloads folder). */
  defaultDir: () => string;
}

/**
 * Export CSV on the desktop: the system save dialog proposes the SPEC's file name, the file
 * is written atomically, and the answer says where it went or why it did not.
 */
export async function saveCsv(deps: CsvExportDeps, fileName: string, csv: string): Promise<CsvSaveResult> {
  const choice = await deps.dialog.showSaveDialog({
    title: 'Export CSV',
    defaultPath: path.join(deps.defaultDir(), fileName),
    filters: [{ name: 'CSV files', extensions: ['csv'] }],
    properties: ['createDirectory', 'showOverwriteConfirmation'],
  });
  if (choice.canceled || !choice.filePath) return { saved: false, canceled: true };

  const target = path.extname(choice.filePath) ? choice.filePath : `${choice.filePath}.csv`;
  try {
    await writeFileAtomic(deps.fs, target, csv, { mode: 0o644 });
    return { saved: true, location: target };
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    return { saved: false, error: `Could not save ${path.basename(target)}: ${describe(reason)}` };
  }
}

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
