import type { InvoiceDocument } from '@workshop/shared';
import { describe, expect, it } from 'vitest';
import { fontRuns } from '../../src/invoices/pdf/fonts';
import { renderInvoicePdf } from '../../src/invoices/pdf/invoice-pdf';
import { pdfFonts, pdfText } from './pdf-tools';

const documentFor = (name: string, company?: string): InvoiceDocument => ({
  title: 'Receipt',
  seller: { legal_name: '', address: '', tax_id_label: '', tax_id: '', footer: '' },
  buyer: { name, email: 'buyer@example.com', ...(company ? { company } : {}) },
  lines: [{ description: `Workshop for ${name}`, quantity: 1, unit_cents: 9900, discount_cents: 0, net_cents: 9900, tax_cents: 0, total_cents: 9900 }],
  tax: { label: '', rate_percent: 0 },
  payment: { method: 'paypal', reference: 'CAP-1' },
  paper: 'A4',
});
const render = (name: string, company?: string) =>
  renderInvoicePdf({ number: 'INV-2026-000001', kind: 'invoice', issued_at: '2026-11-27T12:00:00Z', currency: 'USD', net_cents: 9900, tax_cents: 0, total_cents: 9900, document: documentFor(name, company) });

/** Issue 25, point 7: every name the product accepts prints, in a font that has it, or falls back; never a crash. */
describe('invoice PDFs and the world’s names', () => {
  it('print accents, Devanagari and CJK as text a reader finds again, each in an embedded font that has it', async () => {
    // (A reph, as in शर्मा, is drawn after the letters it precedes: a PDF reader reads its glyphs back in drawn order.)
    for (const name of ['Zoë Ñúñez-Ålvarez', 'अनन्या नमस्ते', '李小龍', '山田 太郎', 'Łukasz Żółć']) {
      const pdf = await render(name);
      expect(await pdfText(pdf)).toContain(name);
      expect((await pdfFonts(pdf)).every((f) => f.embedded)).toBe(true);
    }
    expect((await pdfFonts(await render('李小龍'))).map((f) => f.name).join(' ')).toContain('NotoSansSC');
  });

  it('keeps a Devanagari cluster in one font run (shaping needs it whole), and spaces with the text around them', () => {
    expect(fontRuns('नमस्ते Priya', 'regular')).toEqual([{ face: 'latin-regular', text: 'नमस्ते Priya' }]);
    expect(fontRuns('李 नमस्ते', 'regular')).toEqual([
      { face: 'cjk-regular', text: '李 ' },
      { face: 'latin-regular', text: 'नमस्ते' },
    ]);
    expect(fontRuns('李 小龍', 'bold')).toEqual([{ face: 'cjk-bold', text: '李 小龍' }]);
  });

  it('renders a name no font has (emoji, Arabic, Hangul, a lone combining mark) without failing, the rest of the page intact', async () => {
    for (const name of ['Sam 😀🎉', 'مرحبا بك', '김민준', '\u0301Odd', 'Ꭰ Cherokee']) {
      const pdf = await render(name, 'Acme');
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(await pdfText(pdf)).toContain('Total (USD) $99.00');
    }
  });
});
