import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ListCache } from '../src/main/cache/list-cache.service';
import { failingFs, listFiles, tempDir } from './support/fakes';

const SERVER = 'http://127.0.0.1:3000';

describe('offline list cache', () => {
  it('gives back what was stored, with the time it was saved, per server', async () => {
    const dir = await tempDir();
    const cache = new ListCache(fs, dir, () => new Date('2026-03-01T09:30:00.000Z'));
    const list = { items: [{ id: 'r1', name: 'Ada Lovelace', amount: 9900 }], total: 1 };

    await cache.write(SERVER, 'registrations', list);

    expect(await cache.read(SERVER, 'registrations')).toEqual({ data: list, savedAt: '2026-03-01T09:30:00.000Z' });
    expect(await cache.read('http://other.example:3000', 'registrations')).toBeNull();
    expect(await cache.read(SERVER, 'interests')).toBeNull();
    // A new instance (the next app start) reads the same file from the user-data folder.
    expect((await new ListCache(fs, dir).read(SERVER, 'registrations'))?.data).toEqual(list);
    expect(cache.fileFor(SERVER, 'registrations').startsWith(path.join(dir, 'cache') + path.sep)).toBe(true);
  });

  it('never leaves a half-written file: a failed write keeps the previous copy and no temporary file', async () => {
    const dir = await tempDir();
    await new ListCache(fs, dir).write(SERVER, 'workshops', [{ title: 'First' }]);
    const before = await listFiles(dir);

    const broken = new ListCache(failingFs({ rename: 'ENOSPC' }), dir);
    await expect(broken.write(SERVER, 'workshops', [{ title: 'Second' }])).rejects.toThrow('ENOSPC');

    expect(await listFiles(dir)).toEqual(before);
    expect((await new ListCache(fs, dir).read(SERVER, 'workshops'))?.data).toEqual([{ title: 'First' }]);
  });

  it('keeps keys inside its folder, whatever they contain', async () => {
    const dir = await tempDir();
    const cache = new ListCache(fs, dir);
    await cache.write(SERVER, '../../escape', { x: 1 });
    expect(cache.fileFor(SERVER, '../../escape').startsWith(cache.folderFor(SERVER) + path.sep)).toBe(true);
    expect(await listFiles(dir)).toHaveLength(3); // cache/, cache/<server>/, the entry
  });

  it('treats a corrupt file as no copy rather than an error', async () => {
    const dir = await tempDir();
    const cache = new ListCache(fs, dir);
    await fs.mkdir(cache.folderFor(SERVER), { recursive: true });
    await fs.writeFile(cache.fileFor(SERVER, 'revive'), '{"key":"revive","savedAt":');
    expect(await cache.read(SERVER, 'revive')).toBeNull();
  });

  it('forgets a server’s lists on sign-out', async () => {
    const dir = await tempDir();
    const cache = new ListCache(fs, dir);
    await cache.write(SERVER, 'dashboard', { total: 3 });
    await cache.clear(SERVER);
    expect(await cache.read(SERVER, 'dashboard')).toBeNull();
  });
});
