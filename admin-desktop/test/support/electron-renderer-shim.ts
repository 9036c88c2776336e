/**
 * Stands in for the 'electron' module when the real preload is bundled for a Playwright
 * page: invoke() goes to the test process's binding (the real main-process handlers), and
 * main's webContents.send arrives through window.__desktopEmit.
 */
type Listener = (event: unknown, payload: unknown) => void;

interface TestWindow {
  __desktopInvoke(channel: string, args: unknown[]): Promise<unknown>;
  __desktopEmit(channel: string, payload: unknown): void;
  [key: string]: unknown;
}

const w = window as unknown as TestWindow;
const listeners = new Map<string, Set<Listener>>();

w.__desktopEmit = (channel, payload) => {
  for (const listener of listeners.get(channel) ?? []) listener({}, payload);
};

export const ipcRenderer = {
  invoke: (channel: string, ...args: unknown[]) => w.__desktopInvoke(channel, args),
  on(channel: string, listener: Listener) {
    if (!listeners.has(channel)) listeners.set(channel, new Set());
    listeners.get(channel)!.add(listener);
    return ipcRenderer;
  },
  removeListener(channel: string, listener: Listener) {
    listeners.get(channel)?.delete(listener);
    return ipcRenderer;
  },
};

export const contextBridge = {
  exposeInMainWorld(key: string, api: unknown) {
    Object.defineProperty(window, key, { value: Object.freeze(api), configurable: false, writable: false });
  },
};
