import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkServer, normalizeServerUrl, ServerAddress } from '../src/main/server/server-address.service';
import { SettingsStore } from '../src/main/storage/settings-store';
import { tempDir } from './support/fakes';

let good: http.Server;
let goodUrl: string;
let other: http.Server;
let otherUrl: string;

async function listen(handler: http.RequestListener): Promise<[http.Server, string]> {
  const s = http.createServer(handler);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return [s, `http://127.0.0.1:${(s.address() as AddressInfo).port}`];
}

beforeAll(async () => {
  [good, goodUrl] = await listen((req, res) => {
    if (req.url === '/api/health') res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    else res.writeHead(404).end();
  });
  [other, otherUrl] = await listen((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>hello</h1>'));
});
afterAll(() => {
  good.close();
  other.close();
});

describe('server address', () => {
  it('keeps only the origin of what was typed', () => {
    expect(normalizeServerUrl(' http://localhost:3000/admin/login ')).toBe('http://localhost:3000');
    expect(normalizeServerUrl('https://admin.example.com/')).toBe('https://admin.example.com');
  });

  it('accepts a server whose /api/health answers ok', async () => {
    expect(await checkServer(fetch, `${goodUrl}/`)).toEqual({ ok: true, url: goodUrl });
  });

  it('explains an address that answers but is not ours, one that does not answer, and one that is not an address', async () => {
    expect(await checkServer(fetch, otherUrl)).toEqual({ ok: false, message: `${otherUrl} answered, but it is not a workshop server that is ready (status 200).` });
    expect(await checkServer(fetch, 'http://127.0.0.1:9')).toEqual({ ok: false, message: 'Cannot reach http://127.0.0.1:9. Check the address and that the server is running.' });
    expect(await checkServer(fetch, 'localhost')).toEqual({ ok: false, message: 'Enter an address starting with http:// or https://.' });
  });

  it('remembers a checked address across restarts and keeps the old one when a new one fails', async () => {
    const dir = await tempDir();
    const settings = new SettingsStore(fs, dir);
    await settings.load();
    const address = new ServerAddress(settings, fetch);
    expect(address.current).toBeNull();
    expect((await address.change(goodUrl)).ok).toBe(true);
    expect((await address.change('http://127.0.0.1:9')).ok).toBe(false);

    const reloaded = new SettingsStore(fs, dir);
    await reloaded.load();
    expect(new ServerAddress(reloaded, fetch).current).toBe(goodUrl);
  });
});
