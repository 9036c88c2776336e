import { z } from 'zod';

/** The viewer's IANA zone, for "Today" on the admin lists; anything unknown falls back to Eastern. */
export const timeZoneSchema = z
  .string()
  .optional()
  .transform((tz) => {
    if (!tz) return 'America/New_York';
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return tz;
    } catch {
      return 'America/New_York';
    }
  });
