/** Amounts are integer cents everywhere; dollars exist only on screen and in CSV. */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/**
 * "$1,234.50" without Intl.NumberFormat: its first use in a page costs 25 to 30 ms of ICU
 * number data (four times that on a phone), in the middle of drawing the home page's workshop
 * cards. Amounts are only ever US dollars in en-US, so the digits are placed here; a property test
 * (test/format.test.ts) holds this equal to Intl's own output for every whole number of cents.
 */
function usd(cents: number, withCents: boolean): string {
  const rounded = Math.round(cents);
  const abs = Math.abs(rounded);
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${rounded < 0 ? '-' : ''}$${dollars}${withCents ? `.${String(abs % 100).padStart(2, '0')}` : ''}`;
}

/** "$99.00": registrations show two decimals (SPEC §9). */
export function formatCents(cents: number): string {
  return usd(cents, true);
}

/** "$99" when whole, "$99.50" otherwise: marketing prices. */
export function formatPrice(cents: number): string {
  return usd(cents, Math.round(cents) % 100 !== 0);
}
