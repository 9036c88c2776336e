/**
 * The shared zod schemas the client checks answers against. Loaded on the first call that needs
 * one (see `parsedLater`), so zod is not in the first bundle of the public site or of the admin's
 * sign-in screen, which never call those. The dashboard's answers are checked without zod
 * (./answer-shapes.ts).
 */
import { activityEntrySchema, attendeeMessageSchema, listResponseSchema, promoCodeSchema } from '@workshop/shared';

export {
  adminSessionListSchema,
  adminUserListSchema,
  attentionRetryResultSchema,
  attendeeMessageSchema,
  promoCodeSchema,
  promoPreviewSchema,
  recoveryPrefillSchema,
  registrationDetailSchema,
  seatMoveResultSchema,
} from '@workshop/shared';
export const promoCodeListSchema = promoCodeSchema.array();
export const activityListSchema = listResponseSchema(activityEntrySchema);
export const messageListSchema = attendeeMessageSchema.array();
