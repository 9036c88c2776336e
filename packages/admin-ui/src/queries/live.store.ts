import { create } from 'zustand';

interface LiveState {
  /** Bumped on every completed registration the server reports; lists depending on it reload. */
  registrationsVersion: number;
  bump(): void;
}

export const useLive = create<LiveState>((set) => ({
  registrationsVersion: 0,
  bump: () => set((s) => ({ registrationsVersion: s.registrationsVersion + 1 })),
}));
