import { transactionHook } from '../domain-events/transaction-hook';

/** Where the site is and who its emails come from, for a subscriber that writes to the admin. */
export interface SiteOrigin {
  publicBaseUrl: string;
  from: { email: string; name: string };
}

/**
 * What the auth domain lets the domains above it follow, in the transaction that decides
 * (subscribed in server/src/plugins/domain-hooks.ts): an admin's password changed, so they are told.
 */
export const adminPasswordChanged = transactionHook<{ userId: string; email: string; site: SiteOrigin; via: 'change' | 'reset' }>('admin password changed');

/** Why a sign-in was refused, for the owners' audit (never told to the one signing in). */
export type SignInRefusal = 'unknown_email' | 'wrong_password' | 'not_admin' | 'wrong_code';

/** Every sign-in attempt, accepted or refused, for the audit log (issue 24, point 8). */
export const adminSignIn = transactionHook<{ email: string; userId: string | null; refused: SignInRefusal | null; client: string; ip: string | null }>('admin sign-in');

/** An admin asked to reset a forgotten password: they are emailed the single-use link. */
export const adminPasswordResetRequested = transactionHook<{ userId: string; email: string; resetUrl: string; site: SiteOrigin }>('admin password reset requested');
