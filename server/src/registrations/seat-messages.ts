/** Why a seat cannot be had: what a buyer reads when a hold, a waitlist offer or a promo preview is refused. */
export const SEAT_MESSAGES = {
  notFound: 'This workshop is no longer available.',
  started: 'This workshop has already started, so it can no longer be booked.',
  soldOut: 'This workshop is fully booked. No seats are left.',
  limitReached: 'This workshop has reached its registration limit. No seats are left.',
  tooManyHolds: 'Too many unpaid checkouts for this workshop from your network. Finish or close one of them, or try again in a few minutes.',
} as const;
