import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

const DATA_URL = /^data:(image\/(?:png|jpeg));base64,([A-Za-z0-9+/]+={0,2})$/;

/**
 * The logo a document is issued with, kept by its hash (never deleted, so an issued document
 * keeps its look after the logo changes). Answers the hash to name in the document.
 */
export async function keepLogo(trx: Knex | Knex.Transaction, dataUrl: string): Promise<string | undefined> {
  const m = DATA_URL.exec(dataUrl);
  if (!m) return undefined;
  const bytes = Buffer.from(m[2], 'base64');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await trx('invoice_logos').insert({ sha256, content_type: m[1], bytes }).onConflict('sha256').ignore();
  return sha256;
}

// A logo never changes under its hash: read once per process.
const loaded = new Map<string, Buffer>();
export async function logoBytes(db: Knex, sha256: string | undefined): Promise<Buffer | undefined> {
  if (!sha256) return undefined;
  const kept = loaded.get(sha256);
  if (kept) return kept;
  const row = await db('invoice_logos').where({ sha256 }).first('bytes');
  if (row) loaded.set(sha256, row.bytes);
  return row?.bytes;
}
