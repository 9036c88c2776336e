import { useState } from 'react';
import { usePlatform } from '../platform/platform';
import { saveExport } from './export-csv';
import { useAppApi } from '../app/app-api';

export interface CsvExportTexts {
  success: string;
  failure: string;
}

/** Export CSV with the SPEC's toasts; `exporting` keeps the button spinning until the host has saved the file. */
export function useCsvExport(fileName: () => string, load: () => Promise<string>, texts: CsvExportTexts) {
  const platform = usePlatform();
  const { message } = useAppApi();
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      if (await saveExport(platform, fileName(), load)) message.success(texts.success);
    } catch {
      message.error(texts.failure);
    } finally {
      setExporting(false);
    }
  }

  return { exporting, exportCsv };
}
