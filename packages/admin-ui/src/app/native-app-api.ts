import { isValidElement } from 'react';
import type { AntdAppApi } from './antd-app-api';

const text = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** The words of a toast or a confirmation, whichever way it was called. */
function words(arg: unknown): string {
  if (typeof arg !== 'object' || arg === null || isValidElement(arg)) return text(arg);
  const o = arg as { title?: unknown; message?: unknown; content?: unknown; description?: unknown };
  return [text(o.title ?? o.message), text(o.content), text(o.description)].filter(Boolean).join('\n\n');
}

const alertOf = (arg: unknown) => {
  const line = words(arg);
  if (line) window.alert(line);
};
const toasts = { success: alertOf, error: alertOf, info: alertOf, warning: alertOf };

/**
 * The browser's own dialogs, for when antd's App code cannot be fetched (the network dropped, or
 * a tab left open across a deploy): a confirmation the admin asked for still asks, and an error
 * still says so, instead of a click that does nothing.
 */
export const nativeAppApi = {
  message: toasts,
  notification: toasts,
  modal: {
    confirm: (props: { title?: unknown; content?: unknown; onOk?: () => unknown }) => {
      if (window.confirm(words({ title: props.title, content: props.content }))) void props.onOk?.();
    },
  },
} as unknown as AntdAppApi;
