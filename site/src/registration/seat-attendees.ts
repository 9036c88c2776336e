import { SEATS, type AttendeeInput, type PublicWorkshop } from '@workshop/shared';

/** A seat the buyer may name in the dialog (seat 1 is the buyer's own). */
export interface SeatDraft {
  name: string;
  email: string;
}

/** The stepper's top: ten, or fewer when fewer are left; an offer from the waitlist holds exactly one. */
export function mostSeats(workshop: PublicWorkshop | undefined, heldOffer: boolean): number {
  if (heldOffer) return 1;
  const left = workshop?.seats_left;
  if (left === null || left === undefined) return SEATS.max;
  return Math.max(1, Math.min(SEATS.max, left));
}

export const HALF_NAMED = (seat: number) => `Please give both a name and an email for seat ${seat}, or leave both empty.`;

/**
 * The `attendees` a checkout sends: none when nobody else was named (the server seats the buyer
 * first); otherwise the buyer then the named seats in order, so positions stay contiguous and the
 * unnamed seats are the last ones, named later from the booking page.
 */
export function attendeesToSend(buyer: SeatDraft, others: SeatDraft[]): { attendees: AttendeeInput[] } | { error: string } {
  const named: AttendeeInput[] = [];
  for (const [i, seat] of others.entries()) {
    const name = seat.name.trim();
    const email = seat.email.trim();
    if (!name && !email) continue;
    if (!name || !email) return { error: HALF_NAMED(i + 2) };
    named.push({ name, email });
  }
  if (!named.length) return { attendees: [] };
  return { attendees: [{ name: buyer.name.trim(), email: buyer.email.trim() }, ...named] };
}
