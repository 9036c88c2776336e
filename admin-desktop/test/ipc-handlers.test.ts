import { describe, expect, it } from 'vitest';
import { invokeArgs } from '../src/shared/ipc-contract';
import { fakeDesktopMain } from './support/desktop-main-fakes';

describe('IPC: sender and argument checks', () => {
  it('registers one handler per contract channel, all dotted area.action names', async () => {
    const { ipcMain } = await fakeDesktopMain();
    expect([...ipcMain.handlers.keys()].sort()).toEqual(Object.keys(invokeArgs).sort());
    for (const channel of ipcMain.handlers.keys()) expect(channel).toMatch(/^[a-z]+\.[a-zA-Z]+$/);
    // The session token stays in main: no channel hands it to the page or takes one from it.
    expect([...ipcMain.handlers.keys()].filter((c) => /session|token/i.test(c))).toEqual([]);
  });

  it('answers our own page in our own window', async () => {
    const { fromPage } = await fakeDesktopMain();
    expect(await fromPage('settings.get')).toEqual({ notificationsEnabled: true });
    expect(await fromPage('server.get')).toEqual({ url: null });
  });

  it('refuses every channel to a frame from another origin, a missing frame, or another window', async () => {
    const { ipcMain } = await fakeDesktopMain();
    const senders = [
      { url: 'https://evil.example/index.html', id: 7 },
      { url: 'app://other/index.html', id: 7 },
      { url: 'file:///tmp/index.html', id: 7 },
      { url: null, id: 7 },
      { url: 'app://admin/index.html', id: 8 },
    ];
    for (const channel of ipcMain.handlers.keys()) {
      for (const sender of senders) {
        await expect(ipcMain.invoke(sender, channel), `${channel} from ${sender.url}#${sender.id}`).rejects.toThrow(`${channel} refused: unknown sender`);
      }
    }
  });

  it('refuses arguments that do not match the contract before any handler runs', async () => {
    const { fromPage, userDataDir } = await fakeDesktopMain();
    const bad: [string, unknown[]][] = [
      ['csv.save', ['../../.bashrc', 'x']],
      ['csv.save', ['notes.txt', 'x']],
      ['csv.save', ['report.csv', 42]],
      ['csv.save', ['report.csv']],
      ['file.save', ['../INV-2026-000001.pdf', new Uint8Array([37])]],
      ['file.save', ['INV-2026-000001.exe', new Uint8Array([37])]],
      ['file.save', ['INV-2026-000001.pdf', 'not bytes']],
      ['file.save', ['INV-2026-000001.pdf', new Uint8Array(0)]],
      ['server.set', ['ftp://example.com']],
      ['server.set', ['http://user:pass@example.com']],
      ['cache.read', ['']],
      ['cache.write', ['k'.repeat(501), {}]],
      ['settings.set', [{ notificationsEnabled: 'yes' }]],
      ['notifications.show', ['', 'body']],
      ['settings.get', ['unexpected']],
    ];
    for (const [channel, args] of bad) {
      await expect(fromPage(channel, ...args), `${channel} ${JSON.stringify(args)}`).rejects.toThrow(`${channel} refused:`);
    }
    // Nothing was written on the way.
    const { readdir } = await import('node:fs/promises');
    expect(await readdir(userDataDir)).toEqual([]);
  });

  it('passes checked arguments through: the notifications setting is saved and the menu rebuilt', async () => {
    let rebuilt = 0;
    const { fromPage, desktop } = await fakeDesktopMain({ onSettingsChanged: () => rebuilt++ });
    expect(await fromPage('settings.set', { notificationsEnabled: false })).toEqual({ notificationsEnabled: false });
    expect(rebuilt).toBe(1);
    expect((await desktop.settings.load()).notificationsEnabled).toBe(false);
    expect(await fromPage('notifications.show', 'Title', 'Body')).toBeNull();
  });

  it('a notice the page asks for reports its click back by id and brings the window forward', async () => {
    const { fromPage, notifications, sent, focus } = await fakeDesktopMain();
    const shown = (await fromPage('notifications.show', 'Export ready', 'Saved to Downloads')) as { id: string };
    notifications.shown[0].click();
    expect(sent).toContainEqual({ channel: 'notifications.clicked', payload: { id: shown.id } });
    expect(focus).toEqual(['restore', 'show', 'focus']);
  });
});
