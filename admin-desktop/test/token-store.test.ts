import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TokenStore } from '../src/main/session/token-store.service';
import { fakeSafeStorage, listFiles, tempDir } from './support/fakes';

const SERVER = 'http://127.0.0.1:3000';
const TOKEN = 'c2VjcmV0LXNlc3Npb24tdG9rZW4tZm9yLXRlc3Rpbmc';

describe('session token storage', () => {
  it('keeps the token encrypted on disk and reads it back on the next start', async () => {
    const dir = await tempDir();
    await new TokenStore(fs, fakeSafeStorage(), dir).set(SERVER, TOKEN);

    const onDisk = await fs.readFile(path.join(dir, 'session.json'), 'utf8');
    expect(onDisk).not.toContain(TOKEN);
    expect(JSON.parse(onDisk).serverUrl).toBe(SERVER);

    expect(await new TokenStore(fs, fakeSafeStorage(), dir).get(SERVER)).toBe(TOKEN);
  });

  it('never hands a token to another server', async () => {
    const dir = await tempDir();
    await new TokenStore(fs, fakeSafeStorage(), dir).set(SERVER, TOKEN);
    expect(await new TokenStore(fs, fakeSafeStorage(), dir).get('https://other.example')).toBeNull();
  });

  it('forgets the token on logout', async () => {
    const dir = await tempDir();
    const store = new TokenStore(fs, fakeSafeStorage(), dir);
    await store.set(SERVER, TOKEN);
    await store.set(SERVER, null);
    expect(await store.get(SERVER)).toBeNull();
    expect(await listFiles(dir)).toEqual([]);
    expect(await new TokenStore(fs, fakeSafeStorage(), dir).get(SERVER)).toBeNull();
  });

  it('keeps the token in memory only when the OS offers no encryption', async () => {
    const dir = await tempDir();
    const store = new TokenStore(fs, fakeSafeStorage(false), dir);
    await store.set(SERVER, TOKEN);
    expect(await store.get(SERVER)).toBe(TOKEN);
    expect(await listFiles(dir)).toEqual([]);
  });

  it('asks for a new sign-in when the stored token cannot be decrypted', async () => {
    const dir = await tempDir();
    await fs.writeFile(path.join(dir, 'session.json'), JSON.stringify({ serverUrl: SERVER, encrypted: Buffer.from('garbage').toString('base64') }));
    expect(await new TokenStore(fs, fakeSafeStorage(), dir).get(SERVER)).toBeNull();
  });
});
