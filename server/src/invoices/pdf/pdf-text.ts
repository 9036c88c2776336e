import PDFDocument from 'pdfkit';
import { FONT_FACES, fontRuns, type Weight } from './fonts';

export const INK = '#1d2030';

/** The faces each document has registered: only those it uses, so the CJK font is opened only for a CJK name. */
const registered = new WeakMap<PDFKit.PDFDocument, Set<string>>();
function useFace(doc: PDFKit.PDFDocument, id: string): void {
  let faces = registered.get(doc);
  if (!faces) registered.set(doc, (faces = new Set()));
  if (!faces.has(id)) {
    const face = FONT_FACES.find((f) => f.id === id)!;
    doc.registerFont(id, face.font() as unknown as PDFKit.Mixins.PDFFontSource);
    faces.add(id);
  }
  doc.font(id);
}

/** A block of text's box and look; `align: 'center'` for a certificate's lines. */
export interface TextOptions {
  width: number;
  weight?: Weight;
  size?: number;
  align?: 'left' | 'right' | 'center';
  color?: string;
}

/**
 * One block of text at (x, y), each character in a font that has it (fonts.ts): pdfkit writes
 * the runs one after the other as one paragraph. Returns where the block ends.
 */
export function write(doc: PDFKit.PDFDocument, text: string, x: number, y: number, o: TextOptions): number {
  const runs = fontRuns(text === '' ? ' ' : text, o.weight ?? 'regular');
  doc.fontSize(o.size ?? 9).fillColor(o.color ?? INK);
  runs.forEach((run, i) => {
    const options = { width: o.width, align: o.align ?? 'left', continued: i < runs.length - 1 };
    useFace(doc, run.face);
    if (i === 0) doc.text(run.text, x, y, options);
    else doc.text(run.text, options);
  });
  return doc.y;
}


/**
 * A new document in our fonts, and the bytes it will be once ended. Our own Latin face is its
 * starting font: pdfkit's default (Helvetica) would be parsed for every document and never used.
 */
export function newPdf(options: Omit<PDFKit.PDFDocumentOptions, 'font'> & { lang?: string; displayTitle?: boolean }): { pdf: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const pdf = new PDFDocument({ ...options, font: FONT_FACES[0].font() } as unknown as PDFKit.PDFDocumentOptions);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  return { pdf, done };
}
