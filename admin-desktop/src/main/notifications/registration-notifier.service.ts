import { formatCents, type RegistrationCompletedEvent } from '@workshop/shared';
import type { NotificationConstructorOptions } from 'electron';

/** The part of an Electron Notification used here. */
export interface ShownNotice {
  show(): void;
  close(): void;
  on(event: 'click' | 'close', listener: () => void): unknown;
}

/** Electron's Notification class, or a fake with the same shape in tests. */
export interface NotificationClass {
  new (options: NotificationConstructorOptions): ShownNotice;
  isSupported(): boolean;
}

export interface NotifierDeps {
  Notification: NotificationClass;
  enabled: () => boolean;
  /** Bring the window forward on the Registrations screen. */
  showRegistrations: () => void;
}

export function registrationNotice(event: RegistrationCompletedEvent): { title: string; body: string } {
  return {
    title: 'New registration',
    body: `${event.name} registered for ${event.workshop_title} · ${formatCents(event.amount)}`,
  };
}

/**
 * One OS notification per completed registration, unless the admin turned them off.
 * Shown notifications are kept referenced: Electron drops the click handler of a
 * notification that has been garbage-collected.
 */
export class RegistrationNotifier {
  private shown = new Set<ShownNotice>();

  constructor(private deps: NotifierDeps) {}

  handle(event: RegistrationCompletedEvent): boolean {
    return this.show(registrationNotice(event), this.deps.showRegistrations);
  }

  /**
   * Any notice; false when turned off or unsupported. `always` is for the answer to the
   * admin's own action (where an export went), which the registrations setting does not cover.
   */
  show(notice: { title: string; body: string }, onClick?: () => void, options: { always?: boolean } = {}): boolean {
    if ((!options.always && !this.deps.enabled()) || !this.deps.Notification.isSupported()) return false;
    const n = new this.deps.Notification({ title: notice.title, body: notice.body, silent: false });
    this.shown.add(n);
    n.on('click', () => {
      this.shown.delete(n);
      onClick?.();
    });
    n.on('close', () => this.shown.delete(n));
    n.show();
    return true;
  }
}
