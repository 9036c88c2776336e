import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FileSystem } from './file-system';

/**
 * Writes next to the target and renames over it: a crash or a full disk leaves either the
 * old file or the new one, never half of one. The temporary file is removed on failure.
 */
export async function writeFileAtomic(
  fs: FileSystem,
  target: string,
  data: string | Uint8Array,
  options: { mode?: number } = {},
): Promise<void> {
  const dir = path.dirname(target);
  await fs.mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await fs.writeFile(temp, data, { flag: 'wx', mode: options.mode ?? 0o600 });
    await fs.rename(temp, target);
  } catch (err) {
    await fs.rm(temp, { force: true }).catch(() => {});
    throw err;
  }
}

/** Parsed JSON, or undefined when the file is missing or unreadable (a fresh start, not an error). */
export async function readJsonFile(fs: FileSystem, file: string): Promise<unknown> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8'));
  } catch {
    return undefined;
  }
}
