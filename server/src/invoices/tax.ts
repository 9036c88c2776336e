/**
 * The tax inside a tax-inclusive amount (prices on the site include it): gross × rate / (100 + rate),
 * rounded half up to the cent, in integers (the rate in hundredths of a percent, so 7.25% is exact).
 * A credit note splits its (positive) amount the same way as the invoice's lines.
 */
export function taxIncluded(grossCents: number, ratePercent: number): { net: number; tax: number } {
  if (!Number.isInteger(grossCents) || grossCents < 0) throw new RangeError(`not an amount of cents: ${grossCents}`);
  const bp = Math.round(ratePercent * 100);
  if (bp <= 0) return { net: grossCents, tax: 0 };
  const denominator = 10_000 + bp;
  // Half up: floor((2·gross·bp + denominator) / (2·denominator)).
  const tax = Math.floor((2 * grossCents * bp + denominator) / (2 * denominator));
  return { net: grossCents - tax, tax };
}
