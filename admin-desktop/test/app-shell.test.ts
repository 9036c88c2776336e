import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { showAbout } from '../src/main/about';
import { buildMenuTemplate } from '../src/main/menu/app-menu';
import { DEFAULT_SIZE, restoreBounds, trackBounds } from '../src/main/window/window-bounds';
import { guardNavigation, secureWebPreferences } from '../src/main/window/window-security';

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? flatten(i.submenu) : [])]);
}

describe('application menu', () => {
  const calls: string[] = [];
  const actions = {
    navigate: (to: string) => void calls.push(`go:${to}`),
    setNotifications: (on: boolean) => void calls.push(`notify:${on}`),
    about: () => void calls.push('about'),
  };

  it('has the usual menus and shortcuts, Go in sidebar order with Ctrl/Cmd+1…9 (Video Leads and Invoices without one), and Change Server', () => {
    for (const isMac of [false, true]) {
      const items = flatten(buildMenuTemplate({ isMac, appName: 'Workshop Admin', notificationsEnabled: true }, actions));
      const roles = items.map((i) => i.role).filter(Boolean);
      expect(roles).toEqual(expect.arrayContaining(['editMenu', 'reload', 'toggleDevTools', 'zoomIn', 'zoomOut', 'resetZoom', 'togglefullscreen', 'windowMenu', 'quit']));
      const go = items.filter((i) => i.accelerator?.startsWith('CmdOrCtrl+'));
      expect(go.map((i) => [i.label, i.accelerator])).toEqual([
        ['Dashboard', 'CmdOrCtrl+1'],
        ['Workshops', 'CmdOrCtrl+2'],
        ['Registrations', 'CmdOrCtrl+3'],
        ['Needs Attention', 'CmdOrCtrl+4'],
        ['Interests', 'CmdOrCtrl+5'],
        ['Revive', 'CmdOrCtrl+6'],
        ['Promo Codes', 'CmdOrCtrl+7'],
        ['Settings', 'CmdOrCtrl+8'],
        ['Activity', 'CmdOrCtrl+9'],
      ]);
      const leads = items.find((i) => i.label === 'Video Leads')!;
      expect(leads.accelerator).toBeUndefined();
      const goMenu = items.find((i) => i.label === 'Go')!.submenu as MenuItemConstructorOptions[];
      expect(goMenu.map((i) => i.label).slice(4, 8)).toEqual(['Interests', 'Video Leads', 'Invoices', 'Revive']);
      expect(items.find((i) => i.label === 'Invoices')!.accelerator).toBeUndefined();
      expect(goMenu.map((i) => i.label).at(-1)).toBe('Privacy Requests');
      expect(items.find((i) => i.label === 'Privacy Requests')!.accelerator).toBeUndefined();
      calls.length = 0;
      (leads.click as () => void)();
      (items.find((i) => i.label === 'Invoices')!.click as () => void)();
      (go[2].click as () => void)();
      (go[3].click as () => void)();
      (go[6].click as () => void)();
      (go[8].click as () => void)();
      (items.find((i) => i.label === 'Change Server…')!.click as () => void)();
      (items.find((i) => i.label === 'About Workshop Admin')!.click as () => void)();
      expect(calls).toEqual(['go:video-leads', 'go:invoices', 'go:registrations', 'go:attention', 'go:promo-codes', 'go:activity', 'go:server', 'about']);
    }
  });

  it('turns registration notifications on and off from a checkbox', () => {
    const items = flatten(buildMenuTemplate({ isMac: false, appName: 'Workshop Admin', notificationsEnabled: false }, actions));
    const box = items.find((i) => i.label === 'Notify Me of New Registrations')!;
    expect(box).toMatchObject({ type: 'checkbox', checked: false });
    calls.length = 0;
    (box.click as (item: { checked: boolean }) => void)({ checked: true });
    expect(calls).toEqual(['notify:true']);
  });

  it('shows an About box with the version', async () => {
    const boxes: { title?: string; message: string; detail?: string }[] = [];
    await showAbout(
      { dialog: { showMessageBox: async (o) => (boxes.push(o), { response: 0, checkboxChecked: false }) }, app: { getName: () => 'Workshop Admin', getVersion: () => '1.2.3' }, versions: { electron: '45.4.1', chrome: '142', node: '22' } },
      'http://localhost:3000',
    );
    expect(boxes[0].title).toBe('About Workshop Admin');
    expect(boxes[0].detail).toContain('Version 1.2.3');
    expect(boxes[0].detail).toContain('Server: http://localhost:3000');
  });
});

describe('window', () => {
  it('runs the page sandboxed, isolated, without Node', () => {
    expect(secureWebPreferences('/app/preload.cjs')).toMatchObject({ preload: '/app/preload.cjs', contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, webviewTag: false });
  });

  it('opens outside links in the system browser and never navigates away or opens windows', () => {
    const opened: string[] = [];
    const listeners = new Map<string, (event: { preventDefault(): void; prevented?: boolean }, url: string) => void>();
    let openHandler: (d: { url: string }) => { action: string } = () => ({ action: 'allow' });
    guardNavigation(
      { setWindowOpenHandler: (h: never) => void (openHandler = h), on: ((e: string, l: never) => listeners.set(e, l)) as never },
      { openExternal: async (url: string) => void opened.push(url) },
      'app://admin/index.html',
      () => 'http://localhost:3000',
    );
    expect(openHandler({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    // The sidebar's View Site ('/') is the site on the chosen server.
    expect(openHandler({ url: 'app://admin/' })).toEqual({ action: 'deny' });
    expect(openHandler({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });

    const navigate = (url: string) => {
      const event = { prevented: false, preventDefault() { this.prevented = true; } };
      listeners.get('will-navigate')!(event, url);
      return event.prevented;
    };
    expect(navigate('app://admin/index.html#/admin/registrations')).toBe(false);
    expect(navigate('http://localhost:3000/')).toBe(true);
    expect(navigate('mailto:?bcc=a@example.com')).toBe(true);
    expect(navigate('javascript:alert(1)')).toBe(true);
    expect(opened).toEqual(['https://example.com/', 'http://localhost:3000/', 'http://localhost:3000/', 'mailto:?bcc=a@example.com']);
  });

  it('remembers size and position, and ignores a position no display shows any more', () => {
    const screen = [{ x: 0, y: 0, width: 1920, height: 1040 }];
    expect(restoreBounds(null, screen)).toEqual(DEFAULT_SIZE);
    expect(restoreBounds({ x: 100, y: 80, width: 1000, height: 700, maximized: false }, screen)).toEqual({ x: 100, y: 80, width: 1000, height: 700 });
    expect(restoreBounds({ x: 3000, y: 80, width: 1000, height: 700, maximized: false }, screen)).toEqual({ width: 1000, height: 700 });
  });

  it('saves the normal bounds on close, and shortly after moves and resizes', async () => {
    const listeners = new Map<string, () => void>();
    const saved: unknown[] = [];
    let bounds = { x: 10, y: 20, width: 1100, height: 750 };
    trackBounds(
      { on: (e, l) => listeners.set(e, l), getNormalBounds: () => bounds, isMaximized: () => false },
      (b) => saved.push(b),
      { setTimeout: (fn) => (fn(), 1), clearTimeout: () => {} },
    );
    listeners.get('resize')!();
    bounds = { x: 50, y: 60, width: 1200, height: 800 };
    listeners.get('close')!();
    expect(saved).toEqual([
      { x: 10, y: 20, width: 1100, height: 750, maximized: false },
      { x: 50, y: 60, width: 1200, height: 800, maximized: false },
    ]);
  });
});
