import fs from 'node:fs/promises';
import { createDesktopMain, type DesktopMainDeps } from '../../src/main/desktop-main';
import { fakeIpcMain, fakeNotificationClass, fakeSafeStorage, tempDir } from './fakes';

export const RENDERER_URL = 'app://admin/index.html';

/** The main process with every Electron API faked; `sent` collects what main sends the page. */
export async function fakeDesktopMain(overrides: Partial<DesktopMainDeps> = {}) {
  const userDataDir = await tempDir('desktop-userdata-');
  const ipcMain = fakeIpcMain();
  const notifications = fakeNotificationClass();
  const sent: { channel: string; payload: unknown }[] = [];
  const focus: string[] = [];
  const win = {
    webContents: { id: 7, send: (channel: string, payload: unknown) => void sent.push({ channel, payload }) },
    isMinimized: () => true,
    restore: () => void focus.push('restore'),
    show: () => void focus.push('show'),
    focus: () => void focus.push('focus'),
  };
  const desktop = createDesktopMain({
    fs,
    userDataDir,
    downloadsDir: () => userDataDir,
    fetch,
    ipcMain,
    safeStorage: fakeSafeStorage(),
    dialog: {
      showSaveDialog: async () => ({ canceled: true, filePath: '' }),
      showMessageBox: async () => ({ response: 0, checkboxChecked: false }),
    },
    Notification: notifications.Notification,
    app: { getName: () => 'Workshop Admin', getVersion: () => '0.1.0' },
    shell: { showItemInFolder: (p: string) => void focus.push(`folder:${p}`) },
    rendererUrl: RENDERER_URL,
    getWindow: () => win,
    ...overrides,
  });
  await desktop.start();
  const fromPage = (channel: string, ...args: unknown[]) => ipcMain.invoke({ url: RENDERER_URL, id: 7 }, channel, ...args);
  return { desktop, ipcMain, fromPage, notifications, sent, focus, userDataDir };
}
