import type { RegistrationCompletedEvent } from '@workshop/shared';
import { describe, expect, it } from 'vitest';
import { createDesktopApi, type IpcRendererLike } from '../src/preload/desktop-api';
import { createDesktopPlatform } from '../src/renderer/desktop-platform';

/** ipcRenderer with scripted answers; emit() is main's webContents.send. */
function fakeIpcRenderer(answers: Record<string, (...args: unknown[]) => unknown>) {
  const invoked: [string, unknown[]][] = [];
  const listeners = new Map<string, Set<(e: unknown, p: unknown) => void>>();
  const ipc = {
    invoke: async (channel: string, ...args: unknown[]) => {
      invoked.push([channel, args]);
      const answer = answers[channel];
      if (!answer) throw new Error(`Error invoking remote method '${channel}': no handler`);
      return answer(...args);
    },
    on(channel: string, l: (e: unknown, p: unknown) => void) {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)!.add(l);
      return ipc;
    },
    removeListener(channel: string, l: (e: unknown, p: unknown) => void) {
      listeners.get(channel)?.delete(l);
      return ipc;
    },
  };
  const emit = (channel: string, payload: unknown) => listeners.get(channel)?.forEach((l) => l({ sender: 'main' }, payload));
  return { ipc: ipc as unknown as IpcRendererLike, invoked, emit, listeners };
}

const EVENT: RegistrationCompletedEvent = {
  type: 'registration.completed',
  registration_id: 'r1',
  access_id: 'WS-1',
  name: 'Ada',
  email: 'ada@example.com',
  workshop_title: 'Basics',
  amount: 9900,
  payment_method: 'paypal',
  completed_at: '2026-03-01T10:00:00Z',
};

describe('preload API (window.desktop)', () => {
  it('exposes verbs only, each one a contract channel', async () => {
    const { ipc, invoked } = fakeIpcRenderer({ 'server.get': () => ({ url: 'http://x' }), 'cache.write': () => undefined, 'csv.save': () => ({ saved: false, canceled: true }) });
    const api = createDesktopApi(ipc);
    expect(Object.values(api).every((v) => typeof v === 'function')).toBe(true);
    expect(await api.getServer()).toBe('http://x');
    await api.writeCache('dashboard', { total: 1 });
    await api.saveCsv('a.csv', 'x');
    expect(invoked).toEqual([
      ['server.get', []],
      ['cache.write', ['dashboard', { total: 1 }]],
      ['csv.save', ['a.csv', 'x']],
    ]);
  });

  it('runs the click callback of the notice main says was clicked, once', async () => {
    let n = 0;
    const { ipc, emit } = fakeIpcRenderer({ 'notifications.show': () => ({ id: `id-${++n}` }) });
    const api = createDesktopApi(ipc);
    const clicks: string[] = [];
    await api.showNotification('A', 'a', () => clicks.push('A'));
    await api.showNotification('B', 'b', () => clicks.push('B'));
    emit('notifications.clicked', { id: 'id-2' });
    emit('notifications.clicked', { id: 'id-2' });
    emit('notifications.clicked', { id: 'nope' });
    expect(clicks).toEqual(['B']);
  });

  it('listeners unsubscribe', () => {
    const { ipc, emit, listeners } = fakeIpcRenderer({});
    const api = createDesktopApi(ipc);
    const seen: string[] = [];
    const off = api.onNavigate((to) => seen.push(to));
    emit('app.navigate', { to: 'registrations' });
    off();
    emit('app.navigate', { to: 'settings' });
    expect(seen).toEqual(['registrations']);
    expect(listeners.get('app.navigate')?.size).toBe(0);
  });
});

describe('desktop Platform', () => {
  it('calls the same-origin API and has no way to the session token', () => {
    const { ipc } = fakeIpcRenderer({});
    const api = createDesktopApi(ipc);
    const platform = createDesktopPlatform(api);
    expect(platform.kind).toBe('desktop');
    expect(platform.apiBaseUrl).toBe('');
    // Main adds the Bearer header to what it passes on; nothing on this side reads or holds the token.
    for (const surface of [api, platform] as Record<string, unknown>[]) {
      expect(Object.keys(surface).filter((k) => /token/i.test(k))).toEqual([]);
    }
  });

  it('turns a failed save into an error the screens can show, and a cancel into saved: false', async () => {
    let answer: unknown = { saved: false, error: 'Could not save x.csv: the disk is full.' };
    const { ipc } = fakeIpcRenderer({ 'csv.save': () => answer });
    const platform = createDesktopPlatform(createDesktopApi(ipc));
    await expect(platform.saveCsv('x.csv', 'a')).rejects.toThrow('Could not save x.csv: the disk is full.');
    answer = { saved: false, canceled: true };
    expect(await platform.saveCsv('x.csv', 'a')).toEqual({ saved: false });
    answer = { saved: true, location: '/home/a/Downloads/x.csv' };
    expect(await platform.saveCsv('x.csv', 'a')).toEqual({ saved: true, location: '/home/a/Downloads/x.csv' });
  });

  it('does not notify twice for a registration main already notified about', async () => {
    const { ipc, invoked, emit } = fakeIpcRenderer({ 'notifications.show': () => ({ id: '1' }) });
    const platform = createDesktopPlatform(createDesktopApi(ipc));
    const got: string[] = [];
    platform.onRegistrationCompleted((e) => {
      got.push(e.name);
      platform.notify(`New registration: ${e.name}`, 'body');
    });
    emit('events.registrationCompleted', EVENT);
    platform.notify('Something else', 'body');
    await Promise.resolve();
    expect(got).toEqual(['Ada']);
    expect(invoked.filter(([c]) => c === 'notifications.show')).toEqual([['notifications.show', ['Something else', 'body']]]);
  });
});
