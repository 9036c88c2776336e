import fs from 'node:fs/promises';
import path from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, Menu, net, Notification, protocol, safeStorage, screen, session, shell } from 'electron';
import { createDesktopMain } from './desktop-main';
import { buildMenuTemplate } from './menu/app-menu';
import { APP_ORIGIN, APP_SCHEME, createAppProtocolHandler } from './protocol/app-protocol';
import { createMainWindow } from './window/main-window';

// Must happen before 'ready': app:// gets an origin, fetch, and secure-context APIs.
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);

const RENDERER_URL = `${APP_ORIGIN}/index.html`;
const distDir = path.resolve(__dirname, '..');

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let win: BrowserWindow | null = null;
  const netFetch: typeof fetch = (input, init) => net.fetch(input as string, init);
  const parented = {
    showSaveDialog: (options: Electron.SaveDialogOptions) => (win ? dialog.showSaveDialog(win, options) : dialog.showSaveDialog(options)),
    showMessageBox: (options: Electron.MessageBoxOptions) => (win ? dialog.showMessageBox(win, options) : dialog.showMessageBox(options)),
  };

  const desktop = createDesktopMain({
    fs,
    userDataDir: app.getPath('userData'),
    downloadsDir: () => app.getPath('downloads'),
    fetch: netFetch,
    ipcMain,
    safeStorage,
    dialog: parented,
    Notification,
    app,
    shell,
    versions: process.versions,
    rendererUrl: RENDERER_URL,
    getWindow: () => (win && !win.isDestroyed() ? win : null),
    onSettingsChanged: () => buildMenu(),
  });

  function buildMenu(): void {
    const template = buildMenuTemplate(
      { isMac: process.platform === 'darwin', appName: app.getName(), notificationsEnabled: desktop.settings.value.notificationsEnabled },
      { navigate: (to) => desktop.navigate(to), setNotifications: (on) => void desktop.setNotifications(on), about: () => void desktop.about() },
    );
    Menu.setApplicationMenu(Menu.buildFromTemplate(template));
  }

  function openWindow(): void {
    win = createMainWindow({
      BrowserWindow,
      shell,
      screen,
      settings: desktop.settings,
      serverUrl: () => desktop.server.current,
      preloadPath: path.join(distDir, 'preload', 'index.cjs'),
      rendererUrl: RENDERER_URL,
      title: app.getName(),
      icon: path.join(distDir, 'icon.png'),
    });
    win.on('closed', () => (win = null));
  }

  app.on('second-instance', () => {
    if (!win) return openWindow();
    if (win.isMinimized()) win.restore();
    win.show();
    win.focus();
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (!win) openWindow();
  });
  app.on('before-quit', () => desktop.stop());

  void app.whenReady().then(async () => {
    if (process.platform === 'win32') app.setAppUserModelId('com.workshop.admin');
    session.defaultSession.protocol.handle(
      APP_SCHEME,
      createAppProtocolHandler({
        rendererDir: path.join(distDir, 'renderer'),
        fs,
        fetch: netFetch,
        serverUrl: () => desktop.server.current,
        session: desktop.session,
      }),
    );
    // The admin screens need no camera, microphone, location or web notifications.
    session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
    await desktop.start();
    buildMenu();
    openWindow();
  });
}
