import { DISPLAY_TIME_ZONE } from '@workshop/shared';

const day = new Intl.DateTimeFormat('en-US', { timeZone: DISPLAY_TIME_ZONE, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
const time = new Intl.DateTimeFormat('en-US', { timeZone: DISPLAY_TIME_ZONE, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });

export const formatDay = (iso: string) => day.format(new Date(iso));
export const formatTime = (iso: string) => time.format(new Date(iso));
