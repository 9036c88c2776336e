import type { IpcMainInvokeEvent } from 'electron';
import { z } from 'zod';
import { invokeArgs, type InvokeArgs, type InvokeChannel, type InvokeResults } from '../../shared/ipc-contract';
import type { SenderEvent } from './sender-check';

export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown): void;
  removeHandler(channel: string): void;
}

export type IpcHandlers = {
  [C in InvokeChannel]: (...args: InvokeArgs<C>) => InvokeResults[C] | Promise<InvokeResults[C]>;
};

export class IpcRefusedError extends Error {
  constructor(channel: string, reason: string) {
    super(`${channel} refused: ${reason}`);
    this.name = 'IpcRefusedError';
  }
}

/**
 * One ipcMain.handle per contract channel. Every call has its sender checked and its
 * arguments parsed against the contract before a handler sees them.
 */
export function registerIpcHandlers(ipcMain: IpcMainLike, handlers: IpcHandlers, isTrusted: (event: SenderEvent) => boolean): () => void {
  const channels = Object.keys(invokeArgs) as InvokeChannel[];
  for (const channel of channels) {
    ipcMain.handle(channel, async (event, ...args) => {
      if (!isTrusted(event)) throw new IpcRefusedError(channel, 'unknown sender');
      const parsed = (invokeArgs[channel] as z.ZodType).safeParse(args);
      if (!parsed.success) throw new IpcRefusedError(channel, z.prettifyError(parsed.error));
      const handler = handlers[channel] as (...a: unknown[]) => unknown;
      return handler(...(parsed.data as unknown[]));
    });
  }
  return () => channels.forEach((c) => ipcMain.removeHandler(c));
}
