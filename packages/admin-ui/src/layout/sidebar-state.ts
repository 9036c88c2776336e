import { SIDEBAR } from '@workshop/shared';
import { useCallback, useEffect, useState } from 'react';

const KEY = 'sidebar_state';
const MAX_AGE_MS = SIDEBAR.cookieMaxAgeDays * 86_400_000;

/** Open/closed is remembered for 7 days (SPEC §9); after that the sidebar opens again. */
function readOpen(): boolean {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as { open: boolean; expires: number } | null;
    if (saved && saved.expires > Date.now()) return saved.open;
  } catch {
    // unreadable: fall back to open
  }
  return true;
}

function writeOpen(open: boolean): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ open, expires: Date.now() + MAX_AGE_MS }));
  } catch {
    // storage full or blocked: the state simply is not remembered
  }
}

/** Sidebar open state, toggled by its button or Ctrl/Cmd+B. */
export function useSidebarState(): [boolean, () => void] {
  const [open, setOpen] = useState(readOpen);
  const toggle = useCallback(() => {
    setOpen((o) => {
      writeOpen(!o);
      return !o;
    });
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'b') {
        e.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);

  return [open, toggle];
}
