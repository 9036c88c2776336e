import { z } from 'zod';

/** Payload of the `registration.completed` server-sent event (built by the server's NOTIFY). */
export const registrationCompletedEventSchema = z.object({
  type: z.literal('registration.completed'),
  registration_id: z.string(),
  access_id: z.string(),
  name: z.string(),
  email: z.string(),
  workshop_title: z.string(),
  amount: z.number().int(),
  payment_method: z.string().nullable(),
  completed_at: z.string(),
});
export type RegistrationCompletedEvent = z.infer<typeof registrationCompletedEventSchema>;
