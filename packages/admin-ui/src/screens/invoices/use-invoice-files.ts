import { invoiceCsvFileName, invoiceZipFileName, type InvoiceRange } from '@workshop/shared';
import { useState } from 'react';
import { useApi } from '../../app/api-context';
import { useAppApi } from '../../app/app-api';
import { usePlatform } from '../../platform/platform';

/** Saving what the Invoices screen offers, one at a time: a document's PDF, the range's CSV, the range's ZIP of PDFs. */
export function useInvoiceFiles(range: InvoiceRange) {
  const api = useApi();
  const platform = usePlatform();
  const { message } = useAppApi();
  const [busy, setBusy] = useState<string | null>(null);

  async function run(what: string, save: () => Promise<{ saved: boolean }>, done: string, failed: string) {
    if (busy) return;
    setBusy(what);
    try {
      if ((await save()).saved) message.success(done);
    } catch (err) {
      message.error(err instanceof Error && err.message ? `${failed}: ${err.message}` : failed);
    } finally {
      setBusy(null);
    }
  }

  return {
    busy,
    savePdf: (number: string) => run(number, async () => platform.saveFile(`${number}.pdf`, await api.admin.invoices.pdf(number)), `${number}.pdf saved`, `${number}.pdf could not be saved`),
    saveCsv: () => run('csv', async () => platform.saveCsv(invoiceCsvFileName(range), await api.admin.invoices.exportCsv(range)), 'Invoices exported', 'The invoices could not be exported'),
    saveZip: () => run('zip', async () => platform.saveFile(invoiceZipFileName(range), await api.admin.invoices.archive(range)), 'The PDFs were saved as one ZIP', 'The ZIP could not be saved'),
  };
}
