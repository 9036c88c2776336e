/** Business constants from SPEC §9. */
export const LIST_PRICE_USD = 199;
export const DEFAULT_PRICE_CENTS = 9900;
export const DEFAULT_DURATION_HOURS = 5;
export const CURRENCY = 'USD';
export const MAX_PARTICIPANTS_BANNER = 20;
export const OTHER_WORKSHOPS_SHOWN = 3;
export const RECENT_REGISTRATIONS = 5;
export const SKELETON_CARDS = 3;
export const MOBILE_BREAKPOINT_PX = 768;
export const COUNTDOWN_TICK_MS = 1000;
export const CONFETTI_MS = 3000;
export const CONFETTI_PARTICLES = 50;
export const DISPLAY_TIME_ZONE = 'America/New_York';
export const CALENDAR_SLOT_HOURS = 5;
export const MARKETING_WORKSHOP_DATE_ISO = '2025-09-27T14:00:00+05:30';
export const POLICY_LAST_UPDATED = '27 September 2025';
export const COPYRIGHT_YEAR = 2025;
/** Mail apps cut a mailto link after about 2,000 characters; a longer Email All link would reach only some people. */
export const MAILTO_MAX_LENGTH = 2000;

export const LIMITS = {
  name: 100,
  email: 255,
  interestPhone: 15,
  issueText: 500,
  registrationPhone: 10,
  durationMin: 1,
  durationMax: 24,
  registrationLimitMin: 1,
  maintenanceMessage: 500,
  link: 500,
  workshopTitle: 200,
  workshopDescription: 5000,
  search: 200,
  pageSizeMax: 200,
  /** $999,999.99: far above any workshop, far below the integer column's limit. */
  priceMaxCents: 99_999_999,
  maxParticipantsMax: 100_000,
  /** Checkout recovery's delay, in minutes: 5 minutes to 7 days. */
  recoveryDelayMin: 5,
  recoveryDelayMax: 10_080,
  utmValue: 200,
} as const;

export const STORAGE_KEYS = {
  bannerDismissed: 'announcement-banner-dismissed',
  videoUnlocked: 'video_unlocked',
} as const;

export const SIDEBAR = {
  cookieMaxAgeDays: 7,
  width: '16rem',
  widthMobile: '18rem',
  widthIcon: '3rem',
} as const;

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
export const SETTING_KEYS = ['site_maintenance', 'registration_limit', 'email_notifications', 'refund_policy', 'site_links', 'checkout_recovery', 'waitlist'] as const;

/** The order in which an interest may move; the server refuses going backwards. */
export const INTEREST_STATUS_ORDER: Record<(typeof INTEREST_STATUSES)[number], number> = {
  interested: 0,
  contacted: 1,
  converted: 2,
};

export const NO_QUESTION_PROVIDED = 'No question provided';

/** The sign-in and create-admin messages (SPEC §7); here, not beside the schemas, so the sign-in screen needs no zod. */
export const AUTH_MESSAGES = {
  accessDenied: 'Access denied. Admin privileges required.',
  loginFailed: 'Invalid email or password',
  credentialsRequired: 'Email and password are required',
  mustBeLoggedIn: 'You must be logged in to create admin users',
  emailTaken: 'An account with this email already exists',
  passwordTooShort: 'Password must be at least 8 characters',
} as const;

/** The landing URL's campaign parameters kept through checkout, without their utm_ prefix. */
export const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;

/** What a checkout-recovery link answers; the home page shows it on first load, so it lives outside the zod schemas. */
export const RECOVERY_MESSAGES = {
  invalidLink: 'This link is no longer valid. You can still register from the home page.',
  unsubscribed: 'You are unsubscribed. We will not email you about unfinished checkouts again.',
} as const;
