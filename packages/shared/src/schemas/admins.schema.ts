import { z } from 'zod';

/** Admin roles (issue 24): an owner does everything; staff reads, exports, messages attendees and resends confirmations. */
export const ADMIN_ROLES = ['owner', 'staff'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];
export const adminRoleSchema = z.enum(ADMIN_ROLES, { error: 'Choose owner or staff' });

export const ADMIN_ROLE_LABELS: Record<AdminRole, string> = { owner: 'Owner', staff: 'Staff' };

export const ADMINS_MESSAGES = {
  ownerOnly: 'Only an owner can do this. Ask an owner of this account.',
  lastOwner: 'There must always be at least one owner: make another admin an owner first.',
  notFound: 'Admin not found',
} as const;

/** One admin in the Settings list (GET /api/admin/users). */
export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: adminRoleSchema,
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
  two_factor: z.boolean(),
  active_sessions: z.number(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = z.object({ items: z.array(adminUserSchema) });

/** PATCH /api/admin/users/:id */
export const updateAdminSchema = z.object({ role: adminRoleSchema });
export type UpdateAdminInput = z.infer<typeof updateAdminSchema>;

export const PASSWORD_MESSAGES = {
  currentRequired: 'Enter your current password',
  currentWrong: 'Your current password is not right.',
  tooShort: 'Use at least 12 characters.',
  weak: 'This password is too easy to guess: use a longer phrase of unrelated words.',
  same: 'Choose a password different from your current one.',
} as const;

/** The least a new admin password may be (issue 24: ASVS level 2 asks for 12 or more). */
export const ADMIN_PASSWORD_MIN = 12;

/** POST /api/auth/password */
export const changePasswordSchema = z.object({
  current_password: z.string({ error: PASSWORD_MESSAGES.currentRequired }).min(1, PASSWORD_MESSAGES.currentRequired).max(200, 'Password is too long'),
  new_password: z.string({ error: PASSWORD_MESSAGES.tooShort }).min(ADMIN_PASSWORD_MIN, PASSWORD_MESSAGES.tooShort).max(200, 'Password is too long'),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** One of the signed-in admin's sessions (GET /api/auth/sessions). */
export const adminSessionSchema = z.object({
  id: z.string(),
  client: z.enum(['web', 'desktop']).nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string().nullable(),
  expires_at: z.string(),
  current: z.boolean(),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;
export const adminSessionListSchema = z.object({ items: z.array(adminSessionSchema) });

export const RESET_MESSAGES = {
  /** The same answer whether or not an admin uses the address (no account enumeration). */
  sent: 'If an admin account uses this address, we have emailed it a link to reset the password. The link works once, for 1 hour.',
  invalid: 'This reset link is invalid or has expired.',
  tooMany: 'Too many reset requests. Please wait and try again.',
  done: 'Your password was changed. Sign in with it now.',
} as const;

/** POST /api/auth/password-reset */
export const passwordResetRequestSchema = z.object({
  email: z.string({ error: 'Invalid email address' }).trim().max(255, 'Email must be less than 255 characters').pipe(z.email('Invalid email address')),
});
/** POST /api/auth/password-reset/confirm */
export const passwordResetConfirmSchema = z.object({
  token: z.string({ error: RESET_MESSAGES.invalid }).min(1, RESET_MESSAGES.invalid).max(100, RESET_MESSAGES.invalid),
  new_password: z.string({ error: PASSWORD_MESSAGES.tooShort }).min(ADMIN_PASSWORD_MIN, PASSWORD_MESSAGES.tooShort).max(200, 'Password is too long'),
});
export type PasswordResetConfirmInput = z.infer<typeof passwordResetConfirmSchema>;

export const TWO_FACTOR_MESSAGES = {
  code: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  wrongCode: 'That code is not right, or was used already. Try the next one.',
  challengeGone: 'This sign-in has expired. Sign in again.',
  notStarted: 'Start turning two-factor sign-in on first.',
  alreadyOn: 'Two-factor sign-in is on already.',
  off: 'Two-factor sign-in is off.',
  setUpFirst: 'The owners require two-factor sign-in: set it up to continue.',
  locked: 'Too many wrong codes for this account. Try again in 15 minutes.',
  password: 'Enter your password to set up two-factor sign-in.',
  notYourOwn: 'Turn your own two-factor sign-in off from your account, with your password.',
} as const;

/** How many single-use recovery codes an admin gets when turning two-factor sign-in on. */
export const RECOVERY_CODE_COUNT = 10;
/** How long the step between a right password and the code may take. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;

export const twoFactorCodeField = z.string({ error: TWO_FACTOR_MESSAGES.code }).trim().min(6, TWO_FACTOR_MESSAGES.code).max(20, TWO_FACTOR_MESSAGES.code);

/** POST /api/auth/two-factor/totp/confirm */
export const totpConfirmSchema = z.object({ code: z.string({ error: TWO_FACTOR_MESSAGES.code }).trim().regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.code) });
/** POST /api/auth/two-factor/totp: the password, so a session left open (or stolen) cannot bind its own phone to the account. */
export const totpStartSchema = z.object({ password: z.string({ error: TWO_FACTOR_MESSAGES.password }).min(1, TWO_FACTOR_MESSAGES.password).max(200, 'Password is too long') });
/** DELETE /api/auth/two-factor: the password, so a session left open cannot turn it off. */
export const totpDisableSchema = z.object({ password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long') });
