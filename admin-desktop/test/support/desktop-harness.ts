import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { build, type Rolldown } from 'vite';
import { launchChromium } from '../../../scripts/e2e/browser';
import { createDesktopMain } from '../../src/main/desktop-main';
import { createAppProtocolHandler } from '../../src/main/protocol/app-protocol';
import { fakeIpcMain, fakeNotificationClass, fakeSafeStorage, tempDir } from './fakes';

const desktopRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Stands in for app://admin: Playwright can route http(s) only. */
export const RENDERER_ORIGIN = 'http://admin.desktop.test';

/** The renderer as `npm run build` makes it, into a folder of its own. */
export async function buildRenderer(): Promise<string> {
  const outDir = await tempDir('desktop-renderer-');
  await build({ configFile: path.join(desktopRoot, 'vite.config.ts'), logLevel: 'error', build: { outDir, emptyOutDir: true } });
  return outDir;
}

/** The real preload, bundled with 'electron' swapped for the binding-backed shim. */
export async function buildPreloadForPage(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'error',
    resolve: { alias: { electron: path.join(desktopRoot, 'test/support/electron-renderer-shim.ts') } },
    build: {
      write: false,
      minify: false,
      lib: { entry: path.join(desktopRoot, 'src/preload/index.preload.ts'), formats: ['iife'], name: 'desktopPreload' },
    },
  });
  const output = (Array.isArray(result) ? result[0] : result) as Rolldown.RolldownOutput;
  return output.output[0].code;
}

export interface SavedDialog {
  defaultPath?: string;
}

/**
 * The desktop app minus Electron: the real main-process features (createDesktopMain) with
 * fake Electron APIs, and a Chromium page whose window.desktop is the real preload talking
 * to them through exposeBinding, loading the renderer through the real app:// handler.
 */
export async function startDesktop(options: { rendererDir: string; preloadCode: string; browser?: Browser }) {
  const browser = options.browser ?? (await launchChromium());
  const userDataDir = await tempDir('desktop-userdata-');
  const downloadsDir = await tempDir('desktop-downloads-');
  const ipcMain = fakeIpcMain();
  const notifications = fakeNotificationClass();
  const saveDialogs: SavedDialog[] = [];
  const messageBoxes: { type?: string; message: string; detail?: string }[] = [];
  const shownFolders: string[] = [];
  let page: Page | null = null;

  const win = {
    webContents: {
      id: 1,
      send: (channel: string, payload: unknown) => {
        void page?.evaluate(([c, p]) => (window as never as { __desktopEmit(c: string, p: unknown): void }).__desktopEmit(c, p), [channel, payload] as const).catch(() => {});
      },
    },
    focused: 0,
    isMinimized: () => false,
    restore: () => {},
    show: () => {},
    focus: () => void win.focused++,
  };

  const desktop = createDesktopMain({
    fs,
    userDataDir,
    downloadsDir: () => downloadsDir,
    fetch,
    ipcMain,
    safeStorage: fakeSafeStorage(),
    dialog: {
      // The admin accepts the proposed name in the proposed folder.
      showSaveDialog: async (o) => (saveDialogs.push({ defaultPath: o.defaultPath }), { canceled: false, filePath: o.defaultPath! }),
      showMessageBox: async (o) => (messageBoxes.push(o), { response: 0, checkboxChecked: false }),
    },
    Notification: notifications.Notification,
    app: { getName: () => 'Workshop Admin', getVersion: () => '0.1.0' },
    shell: { showItemInFolder: (p) => void shownFolders.push(p) },
    rendererUrl: `${RENDERER_ORIGIN}/index.html`,
    getWindow: () => win,
    events: { backoff: { initialMs: 200, maxMs: 1000 } },
  });
  await desktop.start();

  const handleProtocol = createAppProtocolHandler({ rendererDir: options.rendererDir, fs, fetch, serverUrl: () => desktop.server.current, session: desktop.session });
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  await context.route(`${RENDERER_ORIGIN}/**`, async (route) => {
    const req = route.request();
    const body = req.postDataBuffer();
    const res = await handleProtocol(
      new Request(req.url(), { method: req.method(), headers: await req.allHeaders(), body: body && req.method() !== 'GET' ? new Uint8Array(body) : undefined }),
    );
    // Electron fails the request for Response.error(); so does the route.
    if (res.type === 'error') return route.abort('connectionrefused');
    await route.fulfill({ status: res.status, headers: Object.fromEntries(res.headers), body: Buffer.from(await res.arrayBuffer()) });
  });
  await context.exposeBinding('__desktopInvoke', (source, channel: string, args: unknown[]) =>
    ipcMain.invoke({ url: source.frame.url(), id: win.webContents.id }, channel, ...args),
  );
  await context.addInitScript({ content: options.preloadCode });
  page = await context.newPage();

  return {
    page,
    desktop,
    notifications,
    saveDialogs,
    messageBoxes,
    shownFolders,
    win,
    userDataDir,
    downloadsDir,
    async close() {
      desktop.stop();
      await context.close();
      if (!options.browser) await browser.close();
    },
  };
}
