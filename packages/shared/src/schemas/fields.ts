import { z } from 'zod';
import { LIMITS } from '../constants';
import { storableText } from '../text';

/** Field rules shared by every public form; messages are SPEC §5's, word for word. */
export const nameField = z
  .string({ error: 'Name is required' })
  .refine(...storableText('name'))
  .trim()
  .min(1, 'Name is required')
  .max(LIMITS.name, 'Name must be less than 100 characters');

export const emailField = z
  .string({ error: 'Invalid email address' })
  .refine(...storableText('email'))
  .trim()
  .max(LIMITS.email, 'Email must be less than 255 characters')
  .pipe(z.email('Invalid email address'));

export const interestPhoneField = z
  .string()
  .refine(...storableText('phone'))
  .trim()
  .max(LIMITS.interestPhone, 'Phone number must be less than 15 digits')
  .default('');

export const idField = z.uuid('Invalid id');
