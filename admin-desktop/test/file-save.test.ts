import fs from 'node:fs/promises';
import path from 'node:path';
import type { SaveDialogOptions } from 'electron';
import { registrationCsvFileName } from '@workshop/shared';
import { describe, expect, it } from 'vitest';
import { saveCsv } from '../src/main/files/file-save.service';
import { failingFs, listFiles, tempDir } from './support/fakes';

const CSV = 'Registration ID,Name,Email\r\nWS-1,"Doe, Jane",jane@example.com\r\n';

function dialogAnswering(answer: (options: SaveDialogOptions) => { canceled: boolean; filePath: string }) {
  const asked: SaveDialogOptions[] = [];
  return {
    asked,
    dialog: {
      showSaveDialog: async (options: SaveDialogOptions) => {
        asked.push(options);
        return answer(options);
      },
    },
  };
}

describe('Export CSV through the system save dialog', () => {
  it('proposes the SPEC file name in Downloads, writes exactly the CSV and says where it went', async () => {
    const downloads = await tempDir();
    const chosen = await tempDir();
    const name = registrationCsvFileName(new Date('2026-03-01T12:00:00Z'));
    const { dialog, asked } = dialogAnswering((o) => ({ canceled: false, filePath: path.join(chosen, path.basename(o.defaultPath!)) }));

    const result = await saveCsv({ dialog, fs, defaultDir: () => downloads }, name, CSV);

    expect(asked[0].defaultPath).toBe(path.join(downloads, 'workshop_registrations_2026-03-01.csv'));
    expect(asked[0].filters).toEqual([{ name: 'CSV files', extensions: ['csv'] }]);
    expect(result).toEqual({ saved: true, location: path.join(chosen, 'workshop_registrations_2026-03-01.csv') });
    expect(await fs.readFile(path.join(chosen, name), 'utf8')).toBe(CSV);
    expect(await listFiles(chosen)).toEqual([name]);
  });

  it('adds .csv when the admin typed a name without it', async () => {
    const dir = await tempDir();
    const { dialog } = dialogAnswering(() => ({ canceled: false, filePath: path.join(dir, 'march') }));
    const result = await saveCsv({ dialog, fs, defaultDir: () => dir }, 'workshop_interests_2026-03-01.csv', CSV);
    expect(result).toEqual({ saved: true, location: path.join(dir, 'march.csv') });
  });

  it('writes nothing when the dialog is cancelled', async () => {
    const dir = await tempDir();
    const { dialog } = dialogAnswering(() => ({ canceled: true, filePath: '' }));
    expect(await saveCsv({ dialog, fs, defaultDir: () => dir }, 'workshop_interests_2026-03-01.csv', CSV)).toEqual({ saved: false, canceled: true });
    expect(await listFiles(dir)).toEqual([]);
  });

  it('says why a failed write failed and leaves no half-written file', async () => {
    const dir = await tempDir();
    const target = path.join(dir, 'workshop_registrations_2026-03-01.csv');
    await fs.writeFile(target, 'the export from yesterday');
    const { dialog } = dialogAnswering(() => ({ canceled: false, filePath: target }));

    const result = await saveCsv({ dialog, fs: failingFs({ rename: 'ENOSPC' }), defaultDir: () => dir }, path.basename(target), CSV);

    expect(result).toEqual({ saved: false, error: 'Could not save workshop_registrations_2026-03-01.csv: the disk is full.' });
    expect(await listFiles(dir)).toEqual([path.basename(target)]);
    expect(await fs.readFile(target, 'utf8')).toBe('the export from yesterday');
  });

  it('reports a folder it may not write to', async () => {
    const dir = await tempDir();
    const { dialog } = dialogAnswering(() => ({ canceled: false, filePath: path.join(dir, 'x.csv') }));
    const result = await saveCsv({ dialog, fs: failingFs({ writeFile: 'EACCES' }), defaultDir: () => dir }, 'x.csv', CSV);
    expect(result).toEqual({ saved: false, error: 'Could not save x.csv: permission denied for that folder.' });
    expect(await listFiles(dir)).toEqual([]);
  });
});
