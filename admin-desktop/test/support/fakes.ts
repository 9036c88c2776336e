import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { NotificationConstructorOptions } from 'electron';
import type { FileSystem } from '../../src/main/storage/file-system';

export async function tempDir(prefix = 'desktop-test-'): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), prefix));
}

/** node:fs/promises, with chosen operations failing like a full or read-only disk would. */
export function failingFs(fail: Partial<Record<keyof FileSystem, NodeJS.ErrnoException['code']>>): FileSystem {
  const wrap =
    <K extends keyof FileSystem>(name: K) =>
    (async (...args: unknown[]) => {
      const code = fail[name];
      if (code) throw Object.assign(new Error(`${code}: ${name} failed`), { code });
      return (fs[name] as (...a: unknown[]) => unknown)(...args);
    }) as FileSystem[K];
  return { readFile: wrap('readFile'), writeFile: wrap('writeFile'), rename: wrap('rename'), unlink: wrap('unlink'), mkdir: wrap('mkdir'), rm: wrap('rm'), readdir: wrap('readdir') };
}

/** Stands in for safeStorage: reversible, but never the plain text. */
export function fakeSafeStorage(available = true) {
  return {
    isEncryptionAvailable: () => available,
    encryptString: (plain: string) => Buffer.from(`enc:${Buffer.from(plain).toString('hex').split('').reverse().join('')}`),
    decryptString: (data: Buffer) => {
      const text = data.toString();
      if (!text.startsWith('enc:')) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return Buffer.from(text.slice(4).split('').reverse().join(''), 'hex').toString();
    },
  };
}

/** Records every notification the app raises; click() does what the OS does on a click. */
export function fakeNotificationClass(supported = true) {
  const shown: FakeNotification[] = [];
  class FakeNotification {
    static isSupported = () => supported;
    private listeners = new Map<string, (() => void)[]>();
    visible = false;
    constructor(readonly options: NotificationConstructorOptions) {}
    on(event: string, listener: () => void) {
      this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
      return this;
    }
    show() {
      this.visible = true;
      shown.push(this);
    }
    close() {
      this.visible = false;
      this.emit('close');
    }
    click() {
      this.emit('click');
    }
    private emit(event: string) {
      for (const l of this.listeners.get(event) ?? []) l();
    }
  }
  return { Notification: FakeNotification, shown };
}

export type IpcListener = (event: never, ...args: unknown[]) => unknown;

/** ipcMain's handle/removeHandler; invoke() calls a handler as a renderer would. */
export function fakeIpcMain() {
  const handlers = new Map<string, IpcListener>();
  return {
    handlers,
    handle: (channel: string, listener: IpcListener) => {
      if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      handlers.set(channel, listener);
    },
    removeHandler: (channel: string) => void handlers.delete(channel),
    invoke: async (sender: { url: string | null; id: number }, channel: string, ...args: unknown[]) => {
      const handler = handlers.get(channel);
      if (!handler) throw new Error(`No handler registered for '${channel}'`);
      return handler({ sender: { id: sender.id }, senderFrame: sender.url === null ? null : { url: sender.url } } as never, ...args);
    },
  };
}

export async function listFiles(dir: string): Promise<string[]> {
  return (await fs.readdir(dir, { recursive: true })).map(String).sort();
}
