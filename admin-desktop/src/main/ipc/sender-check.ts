import type { IpcMainInvokeEvent } from 'electron';

export type SenderEvent = Pick<IpcMainInvokeEvent, 'senderFrame'> & { sender: { id: number } };

/**
 * Protocol and host, compared apart: for a custom scheme like app://admin, WHATWG URL gives
 * origin "null", which would match any other opaque origin.
 */
function sameSite(url: string, allowed: URL): boolean {
  try {
    const u = new URL(url);
    return u.protocol === allowed.protocol && u.host === allowed.host;
  } catch {
    return false;
  }
}

/**
 * Only our own page, loaded in our own window, may call the main process: not a frame of
 * another site, not a window some link opened.
 */
export function trustedSender(rendererUrl: string, windowContentsId: () => number | undefined): (event: SenderEvent) => boolean {
  const allowed = new URL(rendererUrl);
  return (event) => {
    const frameUrl = event.senderFrame?.url;
    if (!frameUrl || !sameSite(frameUrl, allowed)) return false;
    const expected = windowContentsId();
    return expected === undefined || event.sender.id === expected;
  };
}
