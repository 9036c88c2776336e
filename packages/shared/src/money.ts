/** Amounts are integer cents everywhere; dollars exist only on screen and in CSV. */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** "$99.00": registrations show two decimals (SPEC §9). */
export function formatCents(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(
    centsToDollars(cents),
  );
}

/** "$99" when whole, "$99.50" otherwise: marketing prices. */
export function formatPrice(cents: number): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(centsToDollars(cents));
}
