import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import type { CachedEntry } from '../../shared/ipc-contract';
import type { TokenCipher } from '../session/token-store.service';
import { writeFileAtomic } from '../storage/atomic-file';
import type { FileSystem } from '../storage/file-system';

const entrySchema = z.object({ key: z.string(), savedAt: z.string(), data: z.unknown() });

const hash = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);

/**
 * Last good copy of each admin list, per server, under <userData>/cache/<server hash>/. The
 * lists hold people's names, emails and phones, so each file is encrypted with the OS keychain
 * (safeStorage); when the OS offers no encryption the copies live in memory only, for as long
 * as the app runs. File names are hashes of the key, so a key can never point outside the folder.
 */
export class ListCache {
  private memory = new Map<string, CachedEntry & { key: string }>();

  constructor(
    private fs: FileSystem,
    private cipher: TokenCipher,
    private userDataDir: string,
    private now: () => Date = () => new Date(),
  ) {}

  folderFor(serverUrl: string): string {
    return path.join(this.userDataDir, 'cache', hash(serverUrl));
  }

  fileFor(serverUrl: string, key: string): string {
    return path.join(this.folderFor(serverUrl), `${hash(key)}.bin`);
  }

  async read(serverUrl: string, key: string): Promise<CachedEntry | null> {
    const file = this.fileFor(serverUrl, key);
    const kept = this.memory.get(file) ?? (await this.readFile(file));
    // The key is stored too: a (vanishingly unlikely) hash collision must not show the wrong list.
    if (!kept || kept.key !== key) return null;
    return { data: kept.data, savedAt: kept.savedAt };
  }

  async write(serverUrl: string, key: string, data: unknown): Promise<void> {
    const file = this.fileFor(serverUrl, key);
    const entry = { key, savedAt: this.now().toISOString(), data };
    if (!this.cipher.isEncryptionAvailable()) {
      this.memory.set(file, entry);
      return;
    }
    await writeFileAtomic(this.fs, file, this.cipher.encryptString(JSON.stringify(entry)));
  }

  /** Signing out removes the copies: they hold people's names and emails. */
  async clear(serverUrl: string): Promise<void> {
    const folder = this.folderFor(serverUrl) + path.sep;
    for (const file of this.memory.keys()) if (file.startsWith(folder)) this.memory.delete(file);
    await this.fs.rm(this.folderFor(serverUrl), { recursive: true, force: true });
  }

  /** Copies written in plain JSON by earlier versions of the app are deleted, not read. */
  async removePlainCopies(): Promise<void> {
    const root = path.join(this.userDataDir, 'cache');
    const folders = await this.fs.readdir(root).catch(() => [] as string[]);
    for (const folder of folders) {
      const files = await this.fs.readdir(path.join(root, folder)).catch(() => [] as string[]);
      for (const f of files) if (f.endsWith('.json')) await this.fs.rm(path.join(root, folder, f), { force: true });
    }
  }

  private async readFile(file: string): Promise<(CachedEntry & { key: string }) | undefined> {
    if (!this.cipher.isEncryptionAvailable()) return undefined;
    try {
      const parsed = entrySchema.safeParse(JSON.parse(this.cipher.decryptString(await this.fs.readFile(file))));
      return parsed.success ? parsed.data : undefined;
    } catch {
      // Missing, or written under another keychain, or tampered with: no copy.
      return undefined;
    }
  }
}
