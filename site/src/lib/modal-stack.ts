import { useSyncExternalStore } from 'react';

/** How many dialogs are open: while one is, toasts show inside it instead of behind its backdrop. */
let open = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function modalOpened(): () => void {
  open++;
  emit();
  return () => {
    open--;
    emit();
  };
}

export function useModalOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open > 0,
    () => false,
  );
}
