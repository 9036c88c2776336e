import path from 'node:path';
import { z } from 'zod';
import { readJsonFile, writeFileAtomic } from './atomic-file';
import type { FileSystem } from './file-system';

export const windowBoundsSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(200),
  height: z.number().int().min(200),
  maximized: z.boolean().default(false),
});
export type WindowBounds = z.infer<typeof windowBoundsSchema>;

const storedSettingsSchema = z.object({
  serverUrl: z.string().nullable().catch(null).default(null),
  notificationsEnabled: z.boolean().catch(true).default(true),
  windowBounds: windowBoundsSchema.nullable().catch(null).default(null),
});
export type StoredSettings = z.infer<typeof storedSettingsSchema>;

/** The app's own preferences (settings.json in the user-data folder), read once and written atomically. */
export class SettingsStore {
  private file: string;
  private current: StoredSettings | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private fs: FileSystem,
    userDataDir: string,
  ) {
    this.file = path.join(userDataDir, 'settings.json');
  }

  async load(): Promise<StoredSettings> {
    this.current ??= storedSettingsSchema.parse((await readJsonFile(this.fs, this.file)) ?? {});
    return this.current;
  }

  /** Synchronous view once loaded (window creation needs the bounds before any await). */
  get value(): StoredSettings {
    if (!this.current) throw new Error('SettingsStore.load() first');
    return this.current;
  }

  async update(patch: Partial<StoredSettings>): Promise<StoredSettings> {
    const next = { ...(await this.load()), ...patch };
    this.current = next;
    // Writes are chained so a slow earlier write can never land after a later one.
    this.writing = this.writing.catch(() => {}).then(() => writeFileAtomic(this.fs, this.file, JSON.stringify(next, null, 2)));
    await this.writing;
    return next;
  }
}
