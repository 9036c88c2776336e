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

export const STORAGE_KEYS = {
  bannerDismissed: 'announcement-banner-dismissed',
  videoUnlocked: 'video_unlocked',
} as const;

/** The landing URL's campaign parameters kept through checkout, without their utm_ prefix. */
export const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;

/** What a checkout-recovery link answers; the home page shows it on first load, so it lives outside the zod schemas. */
export const RECOVERY_MESSAGES = {
  invalidLink: 'This link is no longer valid. You can still register from the home page.',
  unsubscribed: 'You are unsubscribed. We will not email you about unfinished checkouts again.',
} as const;

// The admin's and the forms' vocabulary live apart, so the home page's first bundle carries none of it.
export * from './limits';
export * from './statuses';

/** Recordings stay up this long after a workshop's start (SPEC §1: recordings for 30 days): the booking page shows them, and a clear keeps the booking. */
export const RECORDING_DAYS = 30;
