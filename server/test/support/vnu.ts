import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The Nu HTML Checker's jar, from the vnu-jar package (its main export is the jar's path). */
const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));

/** One message of the checker's JSON output (https://github.com/validator/validator/wiki/Output-»-JSON). */
interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
  firstLine?: number;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
}

/** What the checker said about one document: errors fail a test, warnings are only listed. */
export interface HtmlReport {
  errors: string[];
  warnings: string[];
}

const readable = (m: VnuMessage) => {
  const at = m.lastLine ? `${m.firstLine ?? m.lastLine}:${m.firstColumn ?? m.lastColumn} ` : '';
  const extract = m.extract ? ` in «${m.extract.replace(/\s+/g, ' ').trim()}»` : '';
  return `${at}${m.message}${extract}`;
};

/**
 * Validates many HTML documents with the Nu HTML Checker in one Java run (the JVM is slow to
 * start): each is written to a temporary file and all are checked at once. Answers, by the
 * document's name, its errors (the checker's "error" messages and documents it could not read)
 * and its warnings (info messages of subtype "warning"); plain info messages are left out.
 */
export async function validateHtml(documents: Record<string, string>): Promise<Record<string, HtmlReport>> {
  const names = Object.keys(documents);
  const reports: Record<string, HtmlReport> = Object.fromEntries(names.map((n) => [n, { errors: [], warnings: [] }]));
  if (!names.length) return reports;
  const dir = await mkdtemp(path.join(tmpdir(), 'vnu-'));
  try {
    const files = names.map((_, i) => path.join(dir, `doc-${i}.html`));
    await Promise.all(names.map((n, i) => writeFile(files[i], documents[n], 'utf8')));
    const byUrl = new Map(files.map((f, i) => [pathToFileURL(f).href, names[i]]));
    const output = await runJava(['-jar', VNU_JAR, '--format', 'json', '--stdout', '--exit-zero-always', ...files]);
    const { messages } = JSON.parse(output) as { messages: VnuMessage[] };
    for (const m of messages) {
      const name = m.url ? byUrl.get(m.url.replace(/^file:(?!\/\/)/, 'file://')) : undefined;
      if (!name) throw new Error(`the HTML checker answered about an unknown document: ${readable(m)} (${m.url ?? 'no url'})`);
      if (m.type === 'error' || m.type === 'non-document-error') reports[name].errors.push(readable(m));
      else if (m.subType === 'warning') reports[name].warnings.push(readable(m));
    }
    return reports;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Every document's errors as readable lines ("name: line:col message"), none when all are valid. */
export function htmlErrors(reports: Record<string, HtmlReport>): string[] {
  return Object.entries(reports).flatMap(([name, r]) => r.errors.map((e) => `${name}: ${e}`));
}

/** Every document's warnings as readable lines, for a test to print. */
export function htmlWarnings(reports: Record<string, HtmlReport>): string[] {
  return Object.entries(reports).flatMap(([name, r]) => r.warnings.map((w) => `${name}: ${w}`));
}

function runJava(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('java', args, { maxBuffer: 64 * 1024 * 1024, timeout: 180_000 }, (err, stdout, stderr) => {
      if ((err as NodeJS.ErrnoException | null)?.code === 'ENOENT') reject(new Error('java was not found: the HTML checker needs a Java runtime (Debian: apt-get install default-jre-headless)'));
      else if (err) reject(new Error(`the HTML checker failed: ${err.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
}
