import type { Platform } from '../platform/platform';

/**
 * Saves the server's CSV of exactly the filtered rows (it writes the shared SPEC columns with
 * papaparse, streaming, so 100k rows never sit in the browser twice) through the host.
 */
export async function saveExport(platform: Platform, fileName: string, load: () => Promise<string>): Promise<boolean> {
  const csv = await load();
  const result = await platform.saveCsv(fileName, csv);
  return result.saved;
}
