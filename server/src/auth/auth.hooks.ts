import { transactionHook } from '../domain-events/transaction-hook';

/** Where the site is and who its emails come from, for a subscriber that writes to the admin. */
export interface SiteOrigin {
  publicBaseUrl: string;
  from: { email: string; name: string };
}

export const siteOrigin = (config: { publicBaseUrl: string; EMAIL_FROM: string; EMAIL_FROM_NAME: string }): SiteOrigin => ({
  publicBaseUrl: config.publicBaseUrl,
  from: { email: config.EMAIL_FROM, name: config.EMAIL_FROM_NAME },
});

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
export const adminPasswordResetRequested = transactionHook<{ userId: string; email: string; resetUrl: string; site: SiteOrigin; why: 'asked' | 'two_factor_reset' }>('admin password reset requested');

/** A passkey added: its set-up ends outside an admin session (in a browser the desktop app may have handed it to), so the log hears it here. */
export const adminTwoFactorChanged = transactionHook<{ userId: string; email: string; change: 'passkey_added'; detail: string }>('admin two-factor changed');

/** A way to sign in as an admin was added or taken away: the admin is told (ASVS 2.2.3). `name` is a passkey's. */
export type SignInMethodChange = 'app_on' | 'app_off' | 'passkey_added' | 'passkey_removed';
export const adminSignInMethodChanged = transactionHook<{ userId: string; email: string; change: SignInMethodChange; name?: string; site: SiteOrigin }>('admin sign-in method changed');
