import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ListCache } from '../src/main/cache/list-cache.service';
import { failingFs, fakeSafeStorage, listFiles, tempDir } from './support/fakes';

const SERVER = 'http://127.0.0.1:3000';
const keychain = fakeSafeStorage();

describe('offline list cache', () => {
  it('gives back what was stored, with the time it was saved, per server', async () => {
    const dir = await tempDir();
    const cache = new ListCache(fs, keychain, dir, () => new Date('2026-03-01T09:30:00.000Z'));
    const list = { items: [{ id: 'r1', name: 'Ada Lovelace', amount: 9900 }], total: 1 };

    await cache.write(SERVER, 'registrations', list);

    expect(await cache.read(SERVER, 'registrations')).toEqual({ data: list, savedAt: '2026-03-01T09:30:00.000Z' });
    expect(await cache.read('http://other.example:3000', 'registrations')).toBeNull();
    expect(await cache.read(SERVER, 'interests')).toBeNull();
    // A new instance (the next app start) reads the same file from the user-data folder.
    expect((await new ListCache(fs, keychain, dir).read(SERVER, 'registrations'))?.data).toEqual(list);
    expect(cache.fileFor(SERVER, 'registrations').startsWith(path.join(dir, 'cache') + path.sep)).toBe(true);
  });

  it('keeps the names and emails encrypted with the OS keychain: nothing readable on disk', async () => {
    const dir = await tempDir();
    const cache = new ListCache(fs, keychain, dir);
    await cache.write(SERVER, 'registrations', { items: [{ name: 'Ada Lovelace', email: 'ada@example.com', phone: '9876543210' }] });
    const onDisk = await fs.readFile(cache.fileFor(SERVER, 'registrations'));
    for (const secret of ['Ada Lovelace', 'ada@example.com', '9876543210', 'registrations']) expect(onDisk.toString('latin1')).not.toContain(secret);
    // Another keychain (another user, another machine) cannot read it, and gets no copy rather than an error.
    const otherKeychain = { ...keychain, decryptString: () => { throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.'); } };
    expect(await new ListCache(fs, otherKeychain, dir).read(SERVER, 'registrations')).toBeNull();
  });

  it('keeps the copies in memory only when the OS offers no encryption', async () => {
    const dir = await tempDir();
    const cache = new ListCache(fs, fakeSafeStorage(false), dir);
    await cache.write(SERVER, 'dashboard', { total: 3 });
    expect((await cache.read(SERVER, 'dashboard'))?.data).toEqual({ total: 3 });
    expect(await listFiles(dir)).toEqual([]);
    // The next start has nothing: no copy was ever written.
    expect(await new ListCache(fs, fakeSafeStorage(false), dir).read(SERVER, 'dashboard')).toBeNull();
    await cache.clear(SERVER);
    expect(await cache.read(SERVER, 'dashboard')).toBeNull();
  });

  it('deletes plain-JSON copies an earlier version left, unread', async () => {
    const dir = await tempDir();
    const cache = new ListCache(fs, keychain, dir);
    await fs.mkdir(cache.folderFor(SERVER), { recursive: true });
    const legacy = path.join(cache.folderFor(SERVER), 'abc.json');
    await fs.writeFile(legacy, JSON.stringify({ key: 'registrations', savedAt: 'x', data: [{ name: 'Ada Lovelace' }] }));
    await cache.write(SERVER, 'workshops', []);
    await cache.removePlainCopies();
    expect(await listFiles(dir)).toEqual(['cache', path.relative(dir, cache.folderFor(SERVER)), path.relative(dir, cache.fileFor(SERVER, 'workshops'))].sort());
  });

  it('never leaves a half-written file: a failed write keeps the previous copy and no temporary file', async () => {
    const dir = await tempDir();
    await new ListCache(fs, keychain, dir).write(SERVER, 'workshops', [{ title: 'First' }]);
    const before = await listFiles(dir);

    const broken = new ListCache(failingFs({ rename: 'ENOSPC' }), keychain, dir);
    await expect(broken.write(SERVER, 'workshops', [{ title: 'Second' }])).rejects.toThrow('ENOSPC');

    expect(await listFiles(dir)).toEqual(before);
    expect((await new ListCache(fs, keychain, dir).read(SERVER, 'workshops'))?.data).toEqual([{ title: 'First' }]);
  });

  it('keeps keys inside its folder, whatever they contain', async () => {
    const dir = await tempDir();
    const cache = new ListCache(fs, keychain, dir);
    await cache.write(SERVER, '../../escape', { x: 1 });
    expect(cache.fileFor(SERVER, '../../escape').startsWith(cache.folderFor(SERVER) + path.sep)).toBe(true);
    expect(await listFiles(dir)).toHaveLength(3); // cache/, cache/<server>/, the entry
  });

  it('treats a corrupt file as no copy rather than an error', async () => {
    const dir = await tempDir();
    const cache = new ListCache(fs, keychain, dir);
    await fs.mkdir(cache.folderFor(SERVER), { recursive: true });
    await fs.writeFile(cache.fileFor(SERVER, 'revive'), keychain.encryptString('{"key":"revive","savedAt":'));
    expect(await cache.read(SERVER, 'revive')).toBeNull();
    await fs.writeFile(cache.fileFor(SERVER, 'revive'), 'plain garbage');
    expect(await cache.read(SERVER, 'revive')).toBeNull();
  });

  it('forgets a server’s lists on sign-out', async () => {
    const dir = await tempDir();
    const cache = new ListCache(fs, keychain, dir);
    await cache.write(SERVER, 'dashboard', { total: 3 });
    await cache.clear(SERVER);
    expect(await cache.read(SERVER, 'dashboard')).toBeNull();
  });
});
