import { serverUrlSchema, type ServerCheckResult } from '../../shared/ipc-contract';
import type { SettingsStore } from '../storage/settings-store';

export const DEFAULT_SERVER_URL = 'http://localhost:3000';
const HEALTH_TIMEOUT_MS = 5000;

/** 'http://host:3000/admin/' → 'http://host:3000': the app talks to the API at the origin. */
export function normalizeServerUrl(input: string): string {
  return new URL(serverUrlSchema.parse(input)).origin;
}

/** Answers whether the address is one of our servers: GET /api/health must say {status:'ok'}. */
export async function checkServer(fetchFn: typeof fetch, input: string): Promise<ServerCheckResult> {
  let url: string;
  try {
    url = normalizeServerUrl(input);
  } catch {
    return { ok: false, message: 'Enter an address starting with http:// or https://.' };
  }
  try {
    const res = await fetchFn(`${url}/api/health`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS), headers: { accept: 'application/json' } });
    const body = (await res.json().catch(() => null)) as { status?: string } | null;
    if (res.ok && body?.status === 'ok') return { ok: true, url };
    return { ok: false, message: `${url} answered, but it is not a workshop server that is ready (status ${res.status}).` };
  } catch {
    return { ok: false, message: `Cannot reach ${url}. Check the address and that the server is running.` };
  }
}

/** The chosen server: checked before it is remembered, so a typo never replaces a working address. */
export class ServerAddress {
  constructor(
    private settings: SettingsStore,
    private fetchFn: typeof fetch,
  ) {}

  get current(): string | null {
    return this.settings.value.serverUrl;
  }

  async change(input: string): Promise<ServerCheckResult> {
    const result = await checkServer(this.fetchFn, input);
    if (result.ok) await this.settings.update({ serverUrl: result.url });
    return result;
  }
}
