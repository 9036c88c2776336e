/**
 * A message for the next screen: the sign-in screen has no antd to show 'Welcome' with, and the
 * signed-in shell (with its antd message host) is gone once the admin has signed out. The screen
 * left behind puts it here; the next one shows it once it is on screen.
 */
let pending: string | null = null;

export function leaveNotice(text: string) {
  pending = text;
}

/** The message left for this screen, once. */
export function takeNotice(): string | null {
  const text = pending;
  pending = null;
  return text;
}
