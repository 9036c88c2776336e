import { z } from 'zod';
import { LIMITS } from '../constants';

export const AUTH_MESSAGES = {
  accessDenied: 'Access denied. Admin privileges required.',
  loginFailed: 'Invalid email or password',
  credentialsRequired: 'Email and password are required',
  mustBeLoggedIn: 'You must be logged in to create admin users',
  emailTaken: 'An account with this email already exists',
  passwordTooShort: 'Password must be at least 8 characters',
} as const;

export const loginSchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(LIMITS.email, 'Email must be less than 255 characters'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const createAdminSchema = z.object({
  email: z
    .string({ error: AUTH_MESSAGES.credentialsRequired })
    .trim()
    .min(1, AUTH_MESSAGES.credentialsRequired)
    .max(LIMITS.email, 'Email must be less than 255 characters')
    .pipe(z.email('Invalid email address')),
  password: z
    .string({ error: AUTH_MESSAGES.credentialsRequired })
    .min(1, AUTH_MESSAGES.credentialsRequired)
    .min(8, AUTH_MESSAGES.passwordTooShort)
    .max(200, 'Password is too long'),
});
export type CreateAdminInput = z.infer<typeof createAdminSchema>;
