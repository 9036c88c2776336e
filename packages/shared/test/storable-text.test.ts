import { describe, expect, it } from 'vitest';
import {
  contactFormSchema,
  fieldErrors,
  interestFormSchema,
  isStorableText,
  loginSchema,
  paypalCheckoutSchema,
  unstorableTextMessage,
  videoLeadSchema,
  workshopCreateSchema,
} from '../src/index';
import type { z } from 'zod';

const errors = (schema: z.ZodType, input: unknown): Record<string, string> => {
  const r = schema.safeParse(input);
  return r.success ? {} : fieldErrors(r.error);
};

describe('text every column can store', () => {
  it('refuses NUL and half a surrogate pair; keeps whole pairs, accents and right-to-left text', () => {
    for (const bad of ['\u0000', 'a\u0000', '\ud800', 'x\udc00', '\udbffz', '😀\ud83d']) expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
    for (const good of ['', 'Ada', '😀', 'Zoë', 'e\u0301', 'שלום', '\u202e', 'a'.repeat(10_000)]) expect(isStorableText(good), JSON.stringify(good)).toBe(true);
  });

  it('names the field in its message', () => {
    expect(unstorableTextMessage('name')).toBe('Name contains a character that is not allowed');
    expect(unstorableTextMessage('first_name')).toBe('First name contains a character that is not allowed');
    expect(unstorableTextMessage('setting_value.message')).toBe('Message contains a character that is not allowed');
    expect(unstorableTextMessage('')).toBe('This field contains a character that is not allowed');
  });

  it('is the forms’ rule too, with that message, before any other', () => {
    expect(errors(interestFormSchema, { name: 'A\u0000', email: 'a@example.com' })).toEqual({ name: 'Name contains a character that is not allowed' });
    expect(errors(videoLeadSchema, { name: 'Ada', email: 'a\ud800@example.com' })).toEqual({ email: 'Email contains a character that is not allowed' });
    expect(errors(contactFormSchema, { first_name: '\u0000', email: 'a@example.com', subject: 's', message: 'm' })).toEqual({
      first_name: 'First name contains a character that is not allowed',
    });
    expect(errors(loginSchema, { email: 'a@example.com', password: 'pass\u0000word' })).toEqual({ password: 'Password contains a character that is not allowed' });
    expect(errors(paypalCheckoutSchema, { workshop_id: '00000000-0000-4000-8000-000000000000', name: 'Ada', email: 'a@example.com', phone: '98765\u000043210' })).toMatchObject({
      phone: 'Phone contains a character that is not allowed',
    });
  });
});

describe('workshop numbers and dates the database can hold', () => {
  it('caps price and capacity, and keeps dates between 1970 and 9999', () => {
    expect(errors(workshopCreateSchema, { price_usd_cents: 2 ** 31 })).toEqual({ price_usd_cents: 'Price must be at most $999,999.99' });
    expect(errors(workshopCreateSchema, { max_participants: 2 ** 31 })).toEqual({ max_participants: 'Max participants must be 100,000 or fewer' });
    expect(errors(workshopCreateSchema, { date: '0000-01-01T00:00:00Z' })).toEqual({ date: 'Enter a valid date and time' });
    expect(errors(workshopCreateSchema, { price_usd_cents: 99_999_999, max_participants: 100_000, date: '2030-01-01T10:00:00Z' })).toEqual({});
  });
});
