import { useSyncExternalStore } from 'react';

/** Which site-wide dialog is open; any screen may open one (Register Now, payment cancelled...). */
export type DialogName = 'registration' | 'interest' | null;

let open: DialogName = null;
const listeners = new Set<() => void>();

export function openDialog(name: DialogName) {
  open = name;
  listeners.forEach((l) => l());
}

export const openRegistration = () => openDialog('registration');
export const openInterest = () => openDialog('interest');
export const closeDialog = () => openDialog(null);

export function useOpenDialog(): DialogName {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
  );
}
