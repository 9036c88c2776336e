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
  workshopTitle: 200,
  workshopDescription: 5000,
  search: 200,
  pageSizeMax: 200,
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

export const REGISTRATION_STATUSES = ['pending', 'completed', 'failed', 'refunded'] as const;
export const INTEREST_STATUSES = ['interested', 'contacted', 'converted'] as const;
export const PAYMENT_METHODS = ['paypal', 'razorpay'] as const;
export const INTEREST_SOURCES = ['interest', 'issue', 'question', 'contact'] as const;
export const SETTING_KEYS = ['site_maintenance', 'registration_limit', 'email_notifications'] as const;

/** The order in which an interest may move; the server refuses going backwards. */
export const INTEREST_STATUS_ORDER: Record<(typeof INTEREST_STATUSES)[number], number> = {
  interested: 0,
  contacted: 1,
  converted: 2,
};

export const NO_QUESTION_PROVIDED = 'No question provided';
