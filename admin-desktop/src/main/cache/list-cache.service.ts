import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import type { CachedEntry } from '../../shared/ipc-contract';
import { readJsonFile, writeFileAtomic } from '../storage/atomic-file';
import type { FileSystem } from '../storage/file-system';

const entrySchema = z.object({ key: z.string(), savedAt: z.string(), data: z.unknown() });

const hash = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);

/**
 * Last good copy of each admin list, per server, under <userData>/cache/<server hash>/.
 * File names are hashes of the key, so a key can never point outside the folder.
 */
export class ListCache {
  constructor(
    private fs: FileSystem,
    private userDataDir: string,
    private now: () => Date = () => new Date(),
  ) {}

  folderFor(serverUrl: string): string {
    return path.join(this.userDataDir, 'cache', hash(serverUrl));
  }

  fileFor(serverUrl: string, key: string): string {
    return path.join(this.folderFor(serverUrl), `${hash(key)}.json`);
  }

  async read(serverUrl: string, key: string): Promise<CachedEntry | null> {
    const parsed = entrySchema.safeParse(await readJsonFile(this.fs, this.fileFor(serverUrl, key)));
    // The key is stored too: a (vanishingly unlikely) hash collision must not show the wrong list.
    if (!parsed.success || parsed.data.key !== key) return null;
    return { data: parsed.data.data, savedAt: parsed.data.savedAt };
  }

  async write(serverUrl: string, key: string, data: unknown): Promise<void> {
    const entry = { key, savedAt: this.now().toISOString(), data };
    await writeFileAtomic(this.fs, this.fileFor(serverUrl, key), JSON.stringify(entry));
  }

  /** Signing out removes the copies: they hold people's names and emails. */
  async clear(serverUrl: string): Promise<void> {
    await this.fs.rm(this.folderFor(serverUrl), { recursive: true, force: true });
  }
}
