import { describe, expect, it } from 'vitest';
import {
  contactFormSchema,
  fieldErrors,
  firstMessage,
  interestFormSchema,
  interestSubmissionSchema,
  issueFormSchema,
  questionFormSchema,
  videoLeadSchema,
} from '../src/index';
import type { z } from 'zod';

/** The first message for each field, as the API and the forms show them. */
function errors(schema: z.ZodType, input: unknown): Record<string, string> {
  const r = schema.safeParse(input);
  return r.success ? {} : fieldErrors(r.error);
}

const email255 = `${'a'.repeat(64)}@${'b'.repeat(61)}.${'c'.repeat(61)}.${'d'.repeat(61)}.${'e'.repeat(4)}`;

describe('interest form (SPEC §5)', () => {
  it('trims every field and defaults phone to empty', () => {
    expect(interestFormSchema.parse({ name: '  Ann  ', email: ' ann@example.com\t' })).toEqual({ name: 'Ann', email: 'ann@example.com', phone: '' });
    expect(interestFormSchema.parse({ name: 'Ann', email: 'ann@example.com', phone: ' 555 ' }).phone).toBe('555');
  });

  it('requires a name', () => {
    expect(errors(interestFormSchema, { email: 'a@b.co' })).toEqual({ name: 'Name is required' });
    expect(errors(interestFormSchema, { name: '', email: 'a@b.co' })).toEqual({ name: 'Name is required' });
    expect(errors(interestFormSchema, { name: '   ', email: 'a@b.co' })).toEqual({ name: 'Name is required' });
  });

  it('limits the name at 100 characters, counted after trimming', () => {
    expect(errors(interestFormSchema, { name: 'n'.repeat(100), email: 'a@b.co' })).toEqual({});
    expect(errors(interestFormSchema, { name: ` ${'n'.repeat(100)} `, email: 'a@b.co' })).toEqual({});
    expect(errors(interestFormSchema, { name: 'n'.repeat(101), email: 'a@b.co' })).toEqual({ name: 'Name must be less than 100 characters' });
  });

  it('checks the email and limits it at 255', () => {
    expect(errors(interestFormSchema, { name: 'A', email: 'nope' })).toEqual({ email: 'Invalid email address' });
    expect(errors(interestFormSchema, { name: 'A', email: '' })).toEqual({ email: 'Invalid email address' });
    expect(errors(interestFormSchema, { name: 'A' })).toEqual({ email: 'Invalid email address' });
    expect(email255).toHaveLength(255);
    expect(errors(interestFormSchema, { name: 'A', email: email255 })).toEqual({});
    expect(errors(interestFormSchema, { name: 'A', email: `${email255}e` })).toEqual({ email: 'Email must be less than 255 characters' });
  });

  it('limits the phone at 15', () => {
    expect(errors(interestFormSchema, { name: 'A', email: 'a@b.co', phone: '1'.repeat(15) })).toEqual({});
    expect(errors(interestFormSchema, { name: 'A', email: 'a@b.co', phone: '1'.repeat(16) })).toEqual({ phone: 'Phone number must be less than 15 digits' });
  });

  it('reports every bad field at once, the first one as the summary', () => {
    const r = interestFormSchema.safeParse({ name: '', email: 'x', phone: '1'.repeat(20) });
    expect(r.success).toBe(false);
    expect(fieldErrors(r.error!)).toEqual({ name: 'Name is required', email: 'Invalid email address', phone: 'Phone number must be less than 15 digits' });
    expect(firstMessage(r.error!)).toBe('Name is required');
  });
});

describe('modal issue form, question widget, contact form', () => {
  it('issue form: all three required, issue text up to 500', () => {
    expect(errors(issueFormSchema, {})).toEqual({ name: 'Name is required', email: 'Invalid email address', message: 'Please explain your issue' });
    expect(errors(issueFormSchema, { name: 'A', email: 'a@b.co', message: 'x'.repeat(500) })).toEqual({});
    expect(errors(issueFormSchema, { name: 'A', email: 'a@b.co', message: 'x'.repeat(501) })).toEqual({ message: 'Issue must be 500 characters or less' });
    expect(errors(issueFormSchema, { name: 'n'.repeat(101), email: 'a@b.co', message: 'm' })).toEqual({ name: 'Name must be less than 100 characters' });
  });

  it("question widget: an empty or missing question becomes 'No question provided'", () => {
    expect(questionFormSchema.parse({ name: 'Q', email: 'q@b.co' }).message).toBe('No question provided');
    expect(questionFormSchema.parse({ name: 'Q', email: 'q@b.co', message: '   ' }).message).toBe('No question provided');
    expect(questionFormSchema.parse({ name: 'Q', email: 'q@b.co', message: ' When? ' }).message).toBe('When?');
    expect(errors(questionFormSchema, { name: 'Q', email: 'q@b.co', message: 'q'.repeat(501) })).toEqual({ message: 'Question must be 500 characters or less' });
  });

  it('contact form: first name, email, subject and message required; last name optional', () => {
    expect(errors(contactFormSchema, {})).toEqual({
      first_name: expect.any(String),
      email: 'Invalid email address',
      subject: expect.any(String),
      message: expect.any(String),
    });
    expect(contactFormSchema.parse({ first_name: 'C', email: 'c@b.co', subject: 'S', message: 'M' }).last_name).toBe('');
    expect(errors(contactFormSchema, { first_name: 'C', email: 'c@b.co', subject: 's'.repeat(101), message: 'M' })).toEqual({ subject: 'Subject must be less than 100 characters' });
  });

  it('the submission union picks the rules by source', () => {
    expect(interestSubmissionSchema.parse({ source: 'question', name: 'Q', email: 'q@b.co' })).toMatchObject({ source: 'question', message: 'No question provided' });
    expect(interestSubmissionSchema.safeParse({ source: 'issue', name: 'Q', email: 'q@b.co' }).success).toBe(false);
    expect(interestSubmissionSchema.safeParse({ source: 'interest', name: 'Q', email: 'q@b.co' }).success).toBe(true);
  });
});

describe('video lead (preview gate)', () => {
  it('uses the interest rules for name and email; workshop id optional', () => {
    expect(videoLeadSchema.parse({ name: ' V ', email: 'v@b.co' })).toEqual({ name: 'V', email: 'v@b.co', workshop_id: null });
    expect(errors(videoLeadSchema, { name: '', email: 'x' })).toEqual({ name: 'Name is required', email: 'Invalid email address' });
    expect(errors(videoLeadSchema, { name: 'n'.repeat(101), email: `${email255}e` })).toEqual({
      name: 'Name must be less than 100 characters',
      email: 'Email must be less than 255 characters',
    });
    expect(errors(videoLeadSchema, { name: 'V', email: 'v@b.co', workshop_id: 'abc' })).toEqual({ workshop_id: 'Invalid id' });
  });
});
