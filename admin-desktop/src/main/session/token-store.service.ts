import path from 'node:path';
import type { SafeStorage } from 'electron';
import { z } from 'zod';
import { readJsonFile, writeFileAtomic } from '../storage/atomic-file';
import type { FileSystem } from '../storage/file-system';

export type TokenCipher = Pick<SafeStorage, 'isEncryptionAvailable' | 'encryptString' | 'decryptString'>;

const storedSessionSchema = z.object({ serverUrl: z.string(), encrypted: z.string() });

/**
 * The admin's bearer token, encrypted with the OS keychain (safeStorage) in session.json.
 * It belongs to one server: a token for another address is never sent. Without OS
 * encryption the token lives in memory only, so nothing readable is left on disk.
 */
export class TokenStore {
  private file: string;
  private memory: { serverUrl: string; token: string } | null = null;

  constructor(
    private fs: FileSystem,
    private cipher: TokenCipher,
    userDataDir: string,
  ) {
    this.file = path.join(userDataDir, 'session.json');
  }

  async get(serverUrl: string): Promise<string | null> {
    if (this.memory) return this.memory.serverUrl === serverUrl ? this.memory.token : null;
    const parsed = storedSessionSchema.safeParse(await readJsonFile(this.fs, this.file));
    if (!parsed.success || parsed.data.serverUrl !== serverUrl || !this.cipher.isEncryptionAvailable()) return null;
    try {
      const token = this.cipher.decryptString(Buffer.from(parsed.data.encrypted, 'base64'));
      this.memory = { serverUrl, token };
      return token;
    } catch {
      // Keychain changed or file tampered with: sign in again.
      return null;
    }
  }

  async set(serverUrl: string, token: string | null): Promise<void> {
    if (token === null) return this.clear();
    this.memory = { serverUrl, token };
    if (!this.cipher.isEncryptionAvailable()) return;
    const encrypted = this.cipher.encryptString(token).toString('base64');
    await writeFileAtomic(this.fs, this.file, JSON.stringify({ serverUrl, encrypted }));
  }

  async clear(): Promise<void> {
    this.memory = null;
    await this.fs.rm(this.file, { force: true });
  }
}
