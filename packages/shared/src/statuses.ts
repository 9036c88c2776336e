/** The statuses, sources and settings the tables hold, and the admin's words for them. */
export const REGISTRATION_STATUSES = ['pending', 'completed', 'failed', 'refund_pending', 'refunded', 'cancelled'] as const;
/** What admins read for each status (lists, filters, CSV). */
export const REGISTRATION_STATUS_LABELS: Record<(typeof REGISTRATION_STATUSES)[number], string> = {
  pending: 'Pending',
  completed: 'Completed',
  failed: 'Failed',
  refund_pending: 'Refund pending',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
};
export const INTEREST_STATUSES = ['interested', 'contacted', 'converted'] as const;
export const PAYMENT_METHODS = ['paypal', 'razorpay'] as const;
export const INTEREST_SOURCES = ['interest', 'issue', 'question', 'contact'] as const;
export const SETTING_KEYS = ['site_maintenance', 'registration_limit', 'email_notifications', 'refund_policy', 'site_links', 'checkout_recovery', 'waitlist', 'admin_security', 'retention'] as const;

/** The order in which an interest may move; the server refuses going backwards. */
export const INTEREST_STATUS_ORDER: Record<(typeof INTEREST_STATUSES)[number], number> = {
  interested: 0,
  contacted: 1,
  converted: 2,
};

export const NO_QUESTION_PROVIDED = 'No question provided';

export const SIDEBAR = {
  cookieMaxAgeDays: 7,
  width: '16rem',
  widthMobile: '18rem',
  widthIcon: '3rem',
} as const;

/** The sign-in and create-admin messages (SPEC §7); here, not beside the schemas, so the sign-in screen needs no zod. */
export const AUTH_MESSAGES = {
  accessDenied: 'Access denied. Admin privileges required.',
  loginFailed: 'Invalid email or password',
  credentialsRequired: 'Email and password are required',
  mustBeLoggedIn: 'You must be logged in to create admin users',
  emailTaken: 'An account with this email already exists',
  passwordTooShort: 'Password must be at least 8 characters',
} as const;
