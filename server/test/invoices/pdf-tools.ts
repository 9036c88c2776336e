import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Runs a poppler tool (pdftotext, pdffonts, pdfinfo) on the PDF's bytes: what a real PDF reader finds in it. */
async function poppler(tool: 'pdftotext' | 'pdffonts' | 'pdfinfo' | 'pdfimages', pdf: Buffer, args: string[] = []): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])]);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text a reader selects, line by line as laid out, with runs of spaces and line breaks made one space. */
export const pdfText = async (pdf: Buffer) => (await poppler('pdftotext', pdf, ['-layout'])).replace(/\s+/g, ' ').trim();
/** Every font, and whether it is embedded ("yes" in pdffonts' emb column). */
export async function pdfFonts(pdf: Buffer): Promise<{ name: string; embedded: boolean }[]> {
  const lines = (await poppler('pdffonts', pdf)).split('\n').slice(2).filter(Boolean);
  return lines.map((l) => {
    const cols = l.trim().split(/\s+/);
    return { name: cols[0], embedded: cols.at(-5) === 'yes' };
  });
}
/** The images drawn, as `pdfimages -list` lists them: width and height in pixels. */
export async function pdfImages(pdf: Buffer): Promise<{ width: number; height: number }[]> {
  const lines = (await poppler('pdfimages', pdf, ['-list'])).split('\n').slice(2).filter(Boolean);
  return lines.map((l) => l.trim().split(/\s+/)).filter((c) => c[2] === 'image').map((c) => ({ width: Number(c[3]), height: Number(c[4]) }));
}
/** pdfinfo's "Page size" line, for example "595.28 x 841.89 pts (A4)". */
export const pageSize = async (pdf: Buffer) => (await poppler('pdfinfo', pdf)).match(/Page size:\s+(.*)/)?.[1] ?? '';

/** GET as a browser downloads a file: the bytes, not text. */
export async function download(baseUrl: string, urlPath: string, token?: string): Promise<{ status: number; type: string; disposition: string; body: Buffer }> {
  const res = await fetch(baseUrl + urlPath, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, type: res.headers.get('content-type') ?? '', disposition: res.headers.get('content-disposition') ?? '', body: Buffer.from(await res.arrayBuffer()) };
}
