import type { SessionUser } from '@workshop/shared';
import { create } from 'zustand';

export type SessionStatus = 'checking' | 'signed-in' | 'signed-out';

interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  signIn(user: SessionUser | null): void;
  signOut(): void;
  recheck(): void;
}

/** Whether this window holds an admin session; the guard and the login screen drive it. */
export const useSession = create<SessionState>((set) => ({
  status: 'checking',
  user: null,
  signIn: (user) => set({ status: 'signed-in', user }),
  signOut: () => set({ status: 'signed-out', user: null }),
  recheck: () => set({ status: 'checking' }),
}));
