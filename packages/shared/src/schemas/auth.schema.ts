import { z } from 'zod';
import { AUTH_MESSAGES, LIMITS } from '../constants';
import { storableText } from '../text';
import { adminRoleSchema } from './admins.schema';

export const loginSchema = z.object({
  email: z.string({ error: 'Email is required' }).refine(...storableText('email')).trim().min(1, 'Email is required').max(LIMITS.email, 'Email must be less than 255 characters'),
  password: z.string({ error: 'Password is required' }).refine(...storableText('password')).min(1, 'Password is required').max(200, 'Password is too long'),
  /**
   * 'desktop': the answer carries the session token, for the desktop app's main process to send
   * as `Authorization: Bearer`. Otherwise (the web admin) only the httpOnly cookie holds it, so
   * no script in the page can read it.
   */
  client: z.enum(['web', 'desktop']).optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const createAdminSchema = z.object({
  email: z
    .string({ error: AUTH_MESSAGES.credentialsRequired })
    .refine(...storableText('email'))
    .trim()
    .min(1, AUTH_MESSAGES.credentialsRequired)
    .max(LIMITS.email, 'Email must be less than 255 characters')
    .pipe(z.email('Invalid email address')),
  password: z
    .string({ error: AUTH_MESSAGES.credentialsRequired })
    .refine(...storableText('password'))
    .min(1, AUTH_MESSAGES.credentialsRequired)
    .min(8, AUTH_MESSAGES.passwordTooShort)
    .max(200, 'Password is too long'),
  /** The SPEC's form sends none: such an admin is an owner, as every admin was before roles. */
  role: adminRoleSchema.default('owner'),
});
export type CreateAdminInput = z.input<typeof createAdminSchema>;
