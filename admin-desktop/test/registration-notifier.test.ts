import type { RegistrationCompletedEvent } from '@workshop/shared';
import { describe, expect, it } from 'vitest';
import { RegistrationNotifier } from '../src/main/notifications/registration-notifier.service';
import { fakeNotificationClass } from './support/fakes';

const EVENT: RegistrationCompletedEvent = {
  type: 'registration.completed',
  registration_id: '6f1c0c1e-0000-4000-8000-000000000001',
  access_id: 'WS-7KQ2M9',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  workshop_title: 'Build Your First App',
  amount: 9900,
  payment_method: 'paypal',
  completed_at: '2026-03-01T10:00:00.000Z',
};

describe('OS notification for a completed registration', () => {
  it('names the person, the workshop and the amount, and opens Registrations when clicked', () => {
    const { Notification, shown } = fakeNotificationClass();
    let opened = 0;
    const notifier = new RegistrationNotifier({ Notification, enabled: () => true, showRegistrations: () => opened++ });

    expect(notifier.handle(EVENT)).toBe(true);

    expect(shown).toHaveLength(1);
    expect(shown[0].options).toMatchObject({ title: 'New registration', body: 'Grace Hopper registered for Build Your First App · $99.00' });
    shown[0].click();
    expect(opened).toBe(1);
  });

  it('stays quiet when the admin turned notifications off', () => {
    const { Notification, shown } = fakeNotificationClass();
    let enabled = false;
    const notifier = new RegistrationNotifier({ Notification, enabled: () => enabled, showRegistrations: () => {} });
    expect(notifier.handle(EVENT)).toBe(false);
    enabled = true;
    expect(notifier.handle({ ...EVENT, name: 'Second Person' })).toBe(true);
    expect(shown.map((n) => n.options.body)).toEqual(['Second Person registered for Build Your First App · $99.00']);
  });

  it('does nothing where the OS has no notifications', () => {
    const { Notification, shown } = fakeNotificationClass(false);
    const notifier = new RegistrationNotifier({ Notification, enabled: () => true, showRegistrations: () => {} });
    expect(notifier.handle(EVENT)).toBe(false);
    expect(shown).toHaveLength(0);
  });
});
