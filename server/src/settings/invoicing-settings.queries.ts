import { DEFAULT_INVOICING, type InvoicingSettings } from '@workshop/shared';
import type { Knex } from 'knex';

/** The seller's details, kept as the `invoicing` row of admin_settings (owners edit them on their own screen; checkout reads the tax ID label to check a buyer's GSTIN). */
export async function readInvoicing(db: Knex): Promise<InvoicingSettings> {
  const row = await db('admin_settings').where({ setting_key: 'invoicing' }).first('setting_value');
  return { ...DEFAULT_INVOICING, ...(row?.setting_value ?? {}) };
}

export async function writeInvoicing(db: Knex, value: InvoicingSettings): Promise<void> {
  await db('admin_settings').insert({ setting_key: 'invoicing', setting_value: JSON.stringify(value), updated_at: db.fn.now() }).onConflict('setting_key').merge();
}

/** What the seller calls its tax ID, alone: public pages and checkout read it, and the whole row carries the logo. */
export async function readTaxIdLabel(db: Knex): Promise<string> {
  const row = await db('admin_settings').where({ setting_key: 'invoicing' }).first(db.raw(`setting_value->>'tax_id_label' AS label`));
  return row?.label ?? DEFAULT_INVOICING.tax_id_label;
}
