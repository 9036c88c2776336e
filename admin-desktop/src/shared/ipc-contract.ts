import { registrationCompletedEventSchema, type RegistrationCompletedEvent } from '@workshop/shared';
import { z } from 'zod';

/**
 * The one IPC contract between main and preload: every channel, its argument schema and
 * its result type. Main validates arguments with these schemas; preload imports only the
 * types, so the sandboxed preload bundle stays free of zod.
 */

export const serverUrlSchema = z
  .string()
  .trim()
  .min(1, 'Enter the server address.')
  .max(2000)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'Enter an address starting with http:// or https://.');

/** Cache keys come from admin-ui (e.g. 'registrations'); they are hashed into file names in main. */
export const cacheKeySchema = z.string().min(1).max(500);

/** A bare file name with this extension: no folders, so the renderer can never pick where a file lands. */
const fileNameEnding = (extension: string, max: number) =>
  z
    .string()
    .min(5)
    .max(max)
    .refine((name) => !/[\\/:*?"<>|\0]/.test(name) && name !== '.' && name !== '..', 'Not a file name.')
    .refine((name) => name.toLowerCase().endsWith(`.${extension}`), `Must end with .${extension}`);

export const csvFileNameSchema = fileNameEnding('csv', 200);
/** A file the server made, as it names it: an invoice or credit note (its number), or a ZIP of them. */
export const documentFileNameSchema = z.union([fileNameEnding('pdf', 100), fileNameEnding('zip', 100)]);
/** Its bytes: at most 200 MB (an invoice is tens of kilobytes, a year of them a few megabytes zipped). */
export const fileBytesSchema = z.custom<Uint8Array>((v) => v instanceof Uint8Array, 'Not a file.').refine((b) => b.byteLength > 0 && b.byteLength <= 200_000_000, 'Not a file of a sensible size.');

export const NAVIGATE_TARGETS = ['dashboard', 'workshops', 'registrations', 'attention', 'interests', 'video-leads', 'invoices', 'revive', 'promo-codes', 'settings', 'activity', 'privacy', 'server'] as const;
export type NavigateTarget = (typeof NAVIGATE_TARGETS)[number];

export const desktopSettingsSchema = z.object({ notificationsEnabled: z.boolean() });
export type DesktopSettings = z.infer<typeof desktopSettingsSchema>;

export interface CachedEntry {
  data: unknown;
  savedAt: string;
}
export type FileSaveResult = { saved: true; location: string } | { saved: false; canceled: true } | { saved: false; error: string };
export type ServerCheckResult = { ok: true; url: string } | { ok: false; message: string };

/** Renderer → main, answered (ipcRenderer.invoke / ipcMain.handle): argument schemas... */
export const invokeArgs = {
  'server.get': z.tuple([]),
  'server.set': z.tuple([serverUrlSchema]),
  'cache.read': z.tuple([cacheKeySchema]),
  'cache.write': z.tuple([cacheKeySchema, z.unknown()]),
  'csv.save': z.tuple([csvFileNameSchema, z.string().max(50_000_000)]),
  'file.save': z.tuple([documentFileNameSchema, fileBytesSchema]),
  'notifications.show': z.tuple([z.string().min(1).max(200), z.string().max(1000)]),
  'settings.get': z.tuple([]),
  'settings.set': z.tuple([desktopSettingsSchema.partial()]),
} as const;

/** ...and what each answers. */
export interface InvokeResults {
  'server.get': { url: string | null };
  'server.set': ServerCheckResult;
  'cache.read': CachedEntry | null;
  'cache.write': void;
  'csv.save': FileSaveResult;
  'file.save': FileSaveResult;
  /** null when notifications are turned off or unsupported. */
  'notifications.show': { id: string } | null;
  'settings.get': DesktopSettings;
  'settings.set': DesktopSettings;
}

export type InvokeChannel = keyof typeof invokeArgs;
export type InvokeArgs<C extends InvokeChannel> = z.infer<(typeof invokeArgs)[C]>;

/** Main → renderer (webContents.send / ipcRenderer.on). */
export const sendPayloads = {
  'events.registrationCompleted': registrationCompletedEventSchema,
  'notifications.clicked': z.object({ id: z.string() }),
  'app.navigate': z.object({ to: z.enum(NAVIGATE_TARGETS) }),
} as const;

export type SendChannel = keyof typeof sendPayloads;
export type SendPayload<C extends SendChannel> = z.infer<(typeof sendPayloads)[C]>;
export type { RegistrationCompletedEvent };
