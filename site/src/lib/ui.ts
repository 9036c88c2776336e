import { useSyncExternalStore } from 'react';

/** Which site-wide dialog is open; any screen may open one (Register Now, payment cancelled...). */
export type DialogName = 'registration' | 'interest' | 'waitlist' | null;

/** A waitlist offer opened from its email link: the registration dialog fills these in and claims the held seat. */
export interface OfferPrefill {
  token: string;
  name: string;
  email: string;
  phone: string;
}

export interface DialogState {
  name: DialogName;
  /** The workshop whose Register Now was clicked: the registration dialog starts with it chosen. */
  workshopId?: string;
  /** Details typed before (a checkout-recovery link reopens the form with them). */
  prefill?: { name: string; email: string; phone: string };
  /** A waitlist offer's link: filled in, and the checkout claims the seat held for this person. */
  offer?: OfferPrefill;
}

const CLOSED: DialogState = { name: null };
let state: DialogState = CLOSED;
const listeners = new Set<() => void>();

export function openDialog(name: DialogName, workshopId?: string, with_: Pick<DialogState, 'prefill' | 'offer'> = {}) {
  state = { name, workshopId, ...with_ };
  listeners.forEach((l) => l());
}

/** Opens registration; pass the workshop when the button belongs to one (hero, pricing). */
export const openRegistration = (workshopId?: string, prefill?: DialogState['prefill']) => openDialog('registration', workshopId, { prefill });
export const openInterest = () => openDialog('interest');
/** "Join the waitlist" for a full or closed workshop (hero, pricing, registration dialog). */
export const openWaitlist = (workshopId: string) => openDialog('waitlist', workshopId);
export const closeDialog = () => openDialog(null);

export function useOpenDialog(): DialogState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => CLOSED,
  );
}
