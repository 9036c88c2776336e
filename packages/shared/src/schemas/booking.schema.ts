import { z } from 'zod';

/** The buyer's booking page (GET /api/booking/:token). */
export const bookingViewSchema = z.object({
  name: z.string(),
  email: z.string(),
  access_id: z.string(),
  status: z.string(),
  amount_cents: z.number(),
  currency: z.string(),
  payment_method: z.string().nullable(),
  workshop: z.object({ title: z.string(), date: z.string(), duration_hours: z.number(), time_zone: z.string() }),
  /** Present only for an active booking inside its window. */
  join: z.object({ url: z.string().nullable(), passcode: z.string().nullable(), materials_url: z.string().nullable() }).nullable(),
  join_available_at: z.string(),
  /** What cancelling now would give back; null when the booking cannot be cancelled. */
  cancellation: z.object({ band: z.enum(['full_minus_fee', 'half', 'none']), refund_cents: z.number(), fee_cents: z.number() }).nullable(),
});
export type BookingView = z.infer<typeof bookingViewSchema>;

export const bookingCancelResultSchema = z.object({ confirmed: z.boolean(), refund_cents: z.number() });
export type BookingCancelResult = z.infer<typeof bookingCancelResultSchema>;
