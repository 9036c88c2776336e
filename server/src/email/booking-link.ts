import { createHash, randomBytes } from 'node:crypto';

/**
 * The manage-your-booking link's secret: 32 random bytes, never stored (only its sha256), so a
 * leaked table opens no booking. It reaches the buyer only inside their confirmation email.
 */
export function newBookingToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashBookingToken(token) };
}

export function hashBookingToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const BOOKING_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const bookingUrl = (publicBaseUrl: string, token: string) => `${publicBaseUrl}/booking/${token}`;

/** A seat's tracked join link (join-links migration): the meeting's address is never sent, this is. */
export const joinUrl = (publicBaseUrl: string, joinToken: string) => `${publicBaseUrl}/join/${joinToken}`;
