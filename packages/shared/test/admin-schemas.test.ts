import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  cardCheckoutFieldsSchema,
  cardCheckoutWorkshopSchema,
  createAdminSchema,
  DEFAULT_SETTINGS,
  fieldErrors,
  firstMessage,
  interestListQuerySchema,
  loginSchema,
  normalizePhoneInput,
  parseMaxRegistrations,
  paypalCheckoutSchema,
  registrationLimitSchema,
  registrationListQuerySchema,
  emailNotificationsSchema,
  workshopCreateSchema,
  workshopDefaults,
  workshopUpdateSchema,
} from '../src/index';
import type { z } from 'zod';

function errors(schema: z.ZodType, input: unknown): Record<string, string> {
  const r = schema.safeParse(input);
  return r.success ? {} : fieldErrors(r.error);
}
const first = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? undefined : firstMessage(r.error);
};

describe('registration (SPEC §5)', () => {
  it('keeps digits only, at most 10', () => {
    expect(normalizePhoneInput('+91 (987) 654-3210 99')).toBe('9198765432');
    expect(normalizePhoneInput('abc')).toBe('');
  });

  it('PayPal body: a workshop, the modal fields, a 10-digit phone', () => {
    const ok = { workshop_id: '11111111-1111-4111-8111-111111111111', name: 'P', email: 'p@b.co', phone: '5551234567' };
    // One seat, the buyer's, unless told otherwise.
    expect(paypalCheckoutSchema.parse(ok)).toEqual({ ...ok, seats: 1, attendees: [] });
    expect(first(paypalCheckoutSchema, { ...ok, workshop_id: '' })).toBe('Please select a workshop.');
    expect(errors(paypalCheckoutSchema, { ...ok, phone: '' })).toEqual({ phone: 'Please fill out all fields.' });
    expect(errors(paypalCheckoutSchema, { ...ok, phone: '12345' })).toEqual({ phone: 'Please enter a valid 10-digit phone number.' });
  });

  it('seats: a whole number from 1 to 10, at most one named attendee per seat, one seat per person', () => {
    const ok = { workshop_id: '11111111-1111-4111-8111-111111111111', name: 'P', email: 'p@b.co', phone: '5551234567' };
    const team = [
      { name: 'Ann', email: 'ann@b.co' },
      { name: 'Bo', email: 'bo@b.co' },
    ];
    expect(paypalCheckoutSchema.parse({ ...ok, seats: 3, attendees: team })).toMatchObject({ seats: 3, attendees: team });
    for (const seats of [0, 11, 2.5, '3', null]) expect(errors(paypalCheckoutSchema, { ...ok, seats })).toEqual({ seats: 'Seats must be a whole number from 1 to 10.' });
    expect(errors(paypalCheckoutSchema, { ...ok, seats: 1, attendees: team })).toEqual({ attendees: 'Name at most one attendee per seat.' });
    expect(errors(paypalCheckoutSchema, { ...ok, seats: 2, attendees: [team[0], { name: 'Ann again', email: 'ANN@b.co' }] })).toEqual({ 'attendees.1.email': 'ANN@b.co is named twice: one seat per person.' });
    expect(errors(paypalCheckoutSchema, { ...ok, seats: 2, attendees: [{ name: '', email: 'x@b.co' }] })).toEqual({ 'attendees.0.name': 'Name is required' });
  });

  it('card flow checks in the SPEC order: workshop, then all fields, then the Indian mobile rule', () => {
    expect(first(cardCheckoutWorkshopSchema, {})).toBe('Please select a workshop.');
    expect(first(cardCheckoutWorkshopSchema, { workshop_id: 'not-a-uuid' })).toBe('Please select a workshop.');
    expect(first(cardCheckoutFieldsSchema, { name: 'A', email: '', phone: '9876543210' })).toBe('Please fill out all fields.');
    expect(first(cardCheckoutFieldsSchema, { name: ' ', email: 'x', phone: '1' })).toBe('Please fill out all fields.');
    expect(first(cardCheckoutFieldsSchema, { name: 'A', email: 'a@b.co', phone: '5876543210' })).toBe('Please enter a valid 10-digit Indian mobile number.');
    expect(first(cardCheckoutFieldsSchema, { name: 'A', email: 'a@b.co', phone: '987654321' })).toBe('Please enter a valid 10-digit Indian mobile number.');
    for (const lead of ['6', '7', '8', '9']) expect(cardCheckoutFieldsSchema.safeParse({ name: 'A', email: 'a@b.co', phone: `${lead}876543210` }).success).toBe(true);
    expect(first(cardCheckoutFieldsSchema, { name: 'A', email: 'bad', phone: '9876543210' })).toBe('Invalid email address');
  });
});

describe('workshop form', () => {
  it('creates with the SPEC defaults', () => {
    const now = new Date('2026-05-01T12:00:00Z');
    expect(workshopDefaults(now)).toEqual({
      title: 'New Workshop',
      description: 'Workshop description',
      date: '2026-05-01T12:00:00.000Z',
      duration_hours: 2,
      price_usd_cents: 9900,
      max_participants: null,
      join_url: null,
      join_passcode: null,
      materials_url: null,
      recording_url: null,
      is_active: true,
      registration_open: true,
    });
    expect(workshopCreateSchema.parse({ title: 'Mine', max_participants: 20 })).toMatchObject({ title: 'Mine', max_participants: 20, duration_hours: 2 });
  });

  it('limits duration to 1-24, price to >= 0, max participants to >= 1 or null', () => {
    const d = 'Duration must be between 1 and 24 hours';
    expect(errors(workshopUpdateSchema, { duration_hours: 0 })).toEqual({ duration_hours: d });
    expect(errors(workshopUpdateSchema, { duration_hours: 25 })).toEqual({ duration_hours: d });
    expect(errors(workshopUpdateSchema, { duration_hours: 1 })).toEqual({});
    expect(errors(workshopUpdateSchema, { duration_hours: 24 })).toEqual({});
    expect(errors(workshopUpdateSchema, { price_usd_cents: -1 })).toEqual({ price_usd_cents: 'Price must be 0 cents or more' });
    expect(errors(workshopUpdateSchema, { price_usd_cents: 0 })).toEqual({});
    expect(errors(workshopUpdateSchema, { max_participants: 0 })).toEqual({ max_participants: 'Max participants must be at least 1, or empty for unlimited' });
    expect(errors(workshopUpdateSchema, { max_participants: null })).toEqual({});
    expect(errors(workshopUpdateSchema, { date: '2026-05-01T10:00' })).toEqual({ date: 'Enter a valid date and time' });
    expect(errors(workshopUpdateSchema, { date: '2026-05-01T10:00:00-04:00' })).toEqual({});
    expect(first(workshopUpdateSchema, {})).toBe('Nothing to update');
  });
});

describe('settings', () => {
  it('maximum registrations: numeric, min 1; non-numeric input becomes 0', () => {
    expect(parseMaxRegistrations('abc')).toBe(0);
    expect(parseMaxRegistrations('')).toBe(0);
    expect(parseMaxRegistrations('25')).toBe(25);
    // A fraction is kept, to be refused, never cut to a whole number.
    expect(parseMaxRegistrations('12.5')).toBe(12.5);
    expect(first(registrationLimitSchema, { enabled: true, max_registrations: parseMaxRegistrations('12.5') })).toBe('Maximum registrations must be a whole number');
    expect(first(registrationLimitSchema, { enabled: true, max_registrations: parseMaxRegistrations('abc') })).toBe('Maximum registrations must be at least 1');
    expect(registrationLimitSchema.safeParse({ enabled: true, max_registrations: 1 }).success).toBe(true);
    expect(DEFAULT_SETTINGS.registration_limit.max_registrations).toBe(100);
  });

  it('admin email is an email or empty', () => {
    expect(emailNotificationsSchema.safeParse({ enabled: false, admin_email: '' }).success).toBe(true);
    expect(first(emailNotificationsSchema, { enabled: true, admin_email: 'team' })).toBe('Invalid email address');
  });
});

describe('login and create admin', () => {
  it('login needs email and password', () => {
    expect(errors(loginSchema, {})).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(errors(loginSchema, { email: '  ', password: '' })).toEqual({ email: 'Email is required', password: 'Password is required' });
  });

  it("create admin: 'Email and password are required'", () => {
    expect(AUTH_MESSAGES.credentialsRequired).toBe('Email and password are required');
    expect(first(createAdminSchema, {})).toBe('Email and password are required');
    expect(first(createAdminSchema, { email: 'a@b.co', password: '' })).toBe('Email and password are required');
    expect(first(createAdminSchema, { email: ' ', password: 'long-enough' })).toBe('Email and password are required');
    expect(first(createAdminSchema, { email: 'a@b.co', password: 'short' })).toBe('Password must be at least 8 characters');
    expect(createAdminSchema.parse({ email: ' a@b.co ', password: 'long-enough' }).email).toBe('a@b.co');
  });
});

describe('list queries', () => {
  it("coerce paging, trim the search, and treat 'all' as no status filter", () => {
    expect(registrationListQuerySchema.parse({ status: 'all', page: '2', pageSize: '10', q: '  x ' })).toEqual({ q: 'x', status: undefined, page: 2, pageSize: 10 });
    expect(registrationListQuerySchema.parse({})).toEqual({ q: '', status: undefined, page: 1, pageSize: 25 });
    expect(interestListQuerySchema.parse({ status: 'contacted' }).status).toBe('contacted');
    expect(interestListQuerySchema.safeParse({ status: 'completed' }).success).toBe(false);
    expect(first(registrationListQuerySchema, { pageSize: '500' })).toBe('Page size must be at most 200');
  });
});
