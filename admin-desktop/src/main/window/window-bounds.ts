import type { Rectangle } from 'electron';
import type { WindowBounds } from '../storage/settings-store';

export const DEFAULT_SIZE = { width: 1280, height: 820 };

/**
 * Saved bounds, unless no display shows at least part of the window any more (a monitor
 * was unplugged): then the default size, centred by Electron.
 */
export function restoreBounds(saved: WindowBounds | null, workAreas: Rectangle[]): Partial<Rectangle> & { width: number; height: number } {
  if (!saved) return { ...DEFAULT_SIZE };
  const visible = workAreas.some(
    (a) => saved.x < a.x + a.width - 50 && saved.x + saved.width > a.x + 50 && saved.y >= a.y - 10 && saved.y < a.y + a.height - 50,
  );
  if (!visible) return { width: saved.width, height: saved.height };
  return { x: saved.x, y: saved.y, width: saved.width, height: saved.height };
}

export interface TrackedWindow {
  on(event: 'resize' | 'move' | 'close' | 'maximize' | 'unmaximize', listener: () => void): unknown;
  getNormalBounds(): Rectangle;
  isMaximized(): boolean;
}

/** Remembers the last normal (not maximized) bounds and whether the window was maximized. */
export function trackBounds(
  win: TrackedWindow,
  save: (bounds: WindowBounds) => void,
  timers: { setTimeout: (fn: () => void, ms: number) => unknown; clearTimeout: (h: unknown) => void } = {
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
  },
): void {
  let pending: unknown = null;
  const snapshot = (): WindowBounds => ({ ...win.getNormalBounds(), maximized: win.isMaximized() });
  const later = () => {
    if (pending !== null) timers.clearTimeout(pending);
    pending = timers.setTimeout(() => {
      pending = null;
      save(snapshot());
    }, 500);
  };
  for (const event of ['resize', 'move', 'maximize', 'unmaximize'] as const) win.on(event, later);
  win.on('close', () => {
    if (pending !== null) timers.clearTimeout(pending);
    pending = null;
    save(snapshot());
  });
}
