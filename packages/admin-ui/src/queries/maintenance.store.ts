import { create } from 'zustand';

interface MaintenanceState {
  /** null until the server has answered. */
  maintenance: { enabled: boolean; message: string } | null;
  set(maintenance: { enabled: boolean; message: string }): void;
}

/** Whether the public site is in maintenance mode: the layout's banner reads it, Settings writes it. */
export const useMaintenanceState = create<MaintenanceState>((set) => ({
  maintenance: null,
  set: (maintenance) => set({ maintenance }),
}));
