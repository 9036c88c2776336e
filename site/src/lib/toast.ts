import { useSyncExternalStore } from 'react';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
}

export interface ToastOptions {
  /** Raised just before leaving for another page that it belongs to (paid → thank-you): survive that one navigation. */
  keepOnNavigation?: boolean;
}

const DURATION_MS = 6000;
let current: (Toast & ToastOptions) | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function dismissToast(id?: number) {
  if (!current || (id !== undefined && current.id !== id)) return;
  clearTimeout(timer);
  current = null;
  emit();
}

/**
 * One toast per event: a new one replaces the one on screen (an old error never sits beside a
 * later success). It goes away after a few seconds, when dismissed, or on the next page.
 */
export function toast(t: Omit<Toast, 'id'>, options: ToastOptions = {}): number {
  const id = nextId++;
  clearTimeout(timer);
  current = { ...t, id, keepOnNavigation: options.keepOnNavigation };
  emit();
  timer = setTimeout(() => dismissToast(id), DURATION_MS);
  return id;
}

/** A new page: the last page's message no longer applies, unless it was raised for this page. */
export function clearToastOnNavigation() {
  if (current?.keepOnNavigation) current = { ...current, keepOnNavigation: false };
  else dismissToast();
}

export function useToast(): Toast | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => null,
  );
}
