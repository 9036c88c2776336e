/** Tells the admin's other tabs/windows that this one signed out, so they leave at once. */
const CHANNEL = 'workshop-admin-session';

export function broadcastSignOut(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage('signed-out');
  channel.close();
}

export function onSignOutElsewhere(handler: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (e) => {
    if (e.data === 'signed-out') handler();
  };
  return () => channel.close();
}
