/**
 * Per-route title, description and canonical path (SPEC §1). The server injects them into the
 * HTML it sends, and the site sets document.title on client-side navigation from the same table.
 */
export interface PageMeta {
  title: string;
  description: string;
  /** Shown in <h1> by no one: the path search engines should index for this page. */
  path: string;
}

export const SITE_NAME = 'NoCode Workshop';
export const OG_IMAGE_PATH = '/og-image.png';

const suffix = ` | ${SITE_NAME}`;

export const PAGE_META: Record<string, PageMeta> = {
  '/': {
    path: '/',
    title: 'No-Code App Development Workshop: build your first app live in one day',
    description:
      'A live, hands-on online workshop: build and deploy a real business app without writing code. 5 hours of live training, recordings for 30 days, 7-day full refund.',
  },
  '/about': {
    path: '/about',
    title: `About Us${suffix}`,
    description: 'Our mission, our expertise and why 100+ students from 7+ countries chose our live no-code workshops.',
  },
  '/pricing': {
    path: '/pricing',
    title: `Pricing${suffix}`,
    description: 'One simple price for 5 hours of live no-code training, 30-day recordings and a 7-day full refund guarantee.',
  },
  '/contact': {
    path: '/contact',
    title: `Contact Us${suffix}`,
    description: 'Questions about the workshop, payments or your booking? Send us a message and our team will get back to you.',
  },
  '/terms': {
    path: '/terms',
    title: `Terms & Conditions${suffix}`,
    description: 'The terms that apply when you register for and attend our live online no-code workshops.',
  },
  '/privacy': {
    path: '/privacy',
    title: `Privacy Policy${suffix}`,
    description: 'What personal data we collect when you register, why, how long we keep it and your rights.',
  },
  '/refund-policy': {
    path: '/refund-policy',
    title: `Cancellation & Refund Policy${suffix}`,
    description: 'Full refund more than 7 days before the workshop, 50% from 3 to 7 days, transfers with 24 hours notice.',
  },
  '/thank-you': {
    path: '/thank-you',
    title: `Booking Confirmed${suffix}`,
    description: 'Your seat is booked. Add the workshop to your calendar and get ready to build your first app.',
  },
  '/learn': {
    path: '/learn',
    title: `What You'll Learn${suffix}`,
    description: 'Secure logins, real-time updates, seamless integrations and instant deployment: the skills you leave the workshop with.',
  },
  '/why-no-code': {
    path: '/why-no-code',
    title: `Why No-Code?${suffix}`,
    description: 'Build 5x faster at up to 80% lower cost: why no-code is the quickest way to turn a business idea into a working app.',
  },
  '/who-should-attend': {
    path: '/who-should-attend',
    title: `Who Should Attend${suffix}`,
    description: 'Small business owners, entrepreneurs, team leaders and problem solvers: see if the workshop is right for you.',
  },
  '/platform': {
    path: '/platform',
    title: `About the Platform${suffix}`,
    description: 'The no-code builder platform behind the workshop: visual app building, databases, logins and one-click deployment.',
  },
};

export const NOT_FOUND_META: PageMeta = {
  path: '/404',
  title: `Page not found${suffix}`,
  description: 'The page you are looking for does not exist.',
};

/** A buyer's own booking page: one meta for every link (never indexed). */
export const BOOKING_META: PageMeta = {
  path: '/booking',
  title: `Your Booking${suffix}`,
  description: 'Your workshop booking: the date, the join link when it is due, your calendar invite and cancellation.',
};

/** A seat's tracked join link, outside the workshop's hours (never indexed). */
export const JOIN_META: PageMeta = {
  path: '/join',
  title: `Join your workshop${suffix}`,
  description: 'When your workshop starts, in your time zone, and the way in once it does.',
};

/** A seat's recording link when it does not go straight to the recording (never indexed). */
export const RECORDING_META: PageMeta = {
  path: '/recording',
  title: `Workshop recording${suffix}`,
  description: 'The recording of your workshop, for 30 days after it.',
};

/** A seat's one-question feedback form (never indexed). */
export const FEEDBACK_META: PageMeta = {
  path: '/feedback',
  title: `How was the workshop?${suffix}`,
  description: 'Rate your workshop from 1 to 5 and tell us what to keep or change.',
};

/** A certificate's public verification page (never indexed: it names a person). */
export const CERTIFICATE_META: PageMeta = {
  path: '/certificates',
  title: `Certificate of completion${suffix}`,
  description: 'Confirms who completed which workshop, and when.',
};

/** A person's request for a copy of their data (never indexed, like every form about one person). */
export const YOUR_DATA_META: PageMeta = {
  path: '/your-data',
  title: `Your data${suffix}`,
  description: 'Ask for a copy of everything we hold about your email address.',
};

/** Where a privacy request's confirmation link lands (never indexed). */
export const PRIVACY_CONFIRM_META: PageMeta = {
  path: '/privacy/confirm',
  title: `Confirm your data request${suffix}`,
  description: 'Confirm a request about the data we hold about your email address.',
};

/** Where a checkout-recovery email's "stop these reminders" link lands (never indexed). */
export const UNSUBSCRIBE_META: PageMeta = {
  path: '/unsubscribe',
  title: `Email Preferences${suffix}`,
  description: 'Stop reminder emails about registrations you did not finish.',
};

/** Where a waitlist email's "leave" link lands (never indexed). */
export const WAITLIST_LEAVE_META: PageMeta = {
  path: '/waitlist/leave',
  title: `Leave the waitlist${suffix}`,
  description: 'Give up your place on a workshop waitlist.',
};

/** Meta for a pathname (trailing slash ignored); undefined for paths the site does not have. */
export function pageMetaFor(pathname: string): PageMeta | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (/^\/booking\/[A-Za-z0-9_-]+$/.test(clean)) return BOOKING_META;
  if (/^\/join\/[A-Za-z0-9_-]+$/.test(clean)) return JOIN_META;
  if (/^\/recording\/[A-Za-z0-9_-]+$/.test(clean)) return RECORDING_META;
  if (/^\/feedback\/[A-Za-z0-9_-]+$/.test(clean)) return FEEDBACK_META;
  if (/^\/certificates\/[A-Za-z0-9_-]+$/.test(clean)) return CERTIFICATE_META;
  if (clean === '/unsubscribe') return UNSUBSCRIBE_META;
  if (clean === YOUR_DATA_META.path) return YOUR_DATA_META;
  if (clean === PRIVACY_CONFIRM_META.path) return PRIVACY_CONFIRM_META;
  if (clean === WAITLIST_LEAVE_META.path) return WAITLIST_LEAVE_META;
  return PAGE_META[clean];
}
