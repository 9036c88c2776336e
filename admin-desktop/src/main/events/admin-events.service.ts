import { registrationCompletedEventSchema, type RegistrationCompletedEvent } from '@workshop/shared';
import { createParser } from 'eventsource-parser';

export type StreamState = 'connecting' | 'open' | 'waiting' | 'stopped' | 'unauthorized';

export interface AdminEventsDeps {
  fetch: typeof fetch;
  onEvent: (event: RegistrationCompletedEvent) => void;
  /** 401/403: the session is over; the stream stops until the next sign-in. */
  onUnauthorized?: () => void;
  onState?: (state: StreamState, detail?: { delayMs?: number; error?: unknown }) => void;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  backoff?: { initialMs: number; maxMs: number };
  /** The server comments every 25 s; silence longer than this means a dead connection. */
  idleTimeoutMs?: number;
}

export const DEFAULT_BACKOFF = { initialMs: 1000, maxMs: 30_000 };
/** Event ids already passed on: a replay after a reconnect may repeat one. */
const REMEMBERED_EVENTS = 500;

/**
 * Keeps GET /api/admin/events open while signed in. Any drop (server restart, network loss,
 * a silent connection) is retried after 1 s, 2 s, 4 s … up to 30 s; a good connection resets it.
 * A reconnect sends the last event id it was given (Last-Event-ID), so the server, whichever
 * instance answers, sends what was missed; each event id is passed on once.
 */
export class AdminEventStream {
  private state: StreamState = 'stopped';
  private generation = 0;
  private attempt = 0;
  private abort: AbortController | null = null;
  private retryTimer: unknown = null;
  private idleTimer: unknown = null;
  private lastEventId: string | null = null;
  private seen = new Set<string>();
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  constructor(private deps: AdminEventsDeps) {
    this.setTimer = deps.setTimeout ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = deps.clearTimeout ?? ((h) => clearTimeout(h as NodeJS.Timeout));
  }

  get current(): StreamState {
    return this.state;
  }

  /** (Re)starts the stream for this server and token; any earlier stream is dropped first. */
  start(serverUrl: string, token: string): void {
    this.stop();
    const generation = ++this.generation;
    this.attempt = 0;
    this.lastEventId = null;
    this.seen.clear();
    void this.connect(generation, `${serverUrl.replace(/\/$/, '')}/api/admin/events`, token);
  }

  stop(): void {
    this.generation++;
    this.abort?.abort();
    this.abort = null;
    this.clearTimers();
    this.setState('stopped');
  }

  private async connect(generation: number, url: string, token: string): Promise<void> {
    const live = () => generation === this.generation;
    const abort = new AbortController();
    this.abort = abort;
    this.setState('connecting');
    try {
      const res = await this.deps.fetch(url, {
        headers: { accept: 'text/event-stream', authorization: `Bearer ${token}`, ...(this.lastEventId ? { 'last-event-id': this.lastEventId } : {}) },
        signal: abort.signal,
      });
      if (!live()) return;
      if (res.status === 401 || res.status === 403) {
        abort.abort();
        this.generation++;
        this.setState('unauthorized');
        this.deps.onUnauthorized?.();
        return;
      }
      if (!res.ok || !res.body) throw new Error(`events stream answered ${res.status}`);
      this.attempt = 0;
      this.setState('open');
      await this.read(res.body, abort);
      if (live()) this.retry(generation, url, token);
    } catch (error) {
      if (live()) this.retry(generation, url, token, error);
    } finally {
      this.clearIdle();
    }
  }

  private async read(body: ReadableStream<Uint8Array>, abort: AbortController): Promise<void> {
    const parser = createParser({
      onEvent: (message) => {
        if (message.id) {
          this.lastEventId = message.id;
          if (this.seen.has(message.id)) return;
          this.seen.add(message.id);
          if (this.seen.size > REMEMBERED_EVENTS) this.seen.delete(this.seen.values().next().value as string);
        }
        if (message.event !== 'registration.completed') return;
        let json: unknown;
        try {
          json = JSON.parse(message.data);
        } catch {
          return;
        }
        const parsed = registrationCompletedEventSchema.safeParse(json);
        if (parsed.success) this.deps.onEvent(parsed.data);
      },
    });
    const decoder = new TextDecoder();
    const reader = body.getReader();
    const idleMs = this.deps.idleTimeoutMs ?? 70_000;
    const armIdle = () => {
      this.clearIdle();
      this.idleTimer = this.setTimer(() => abort.abort(), idleMs);
    };
    armIdle();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      armIdle();
      parser.feed(decoder.decode(value, { stream: true }));
    }
  }

  private retry(generation: number, url: string, token: string, error?: unknown): void {
    const { initialMs, maxMs } = this.deps.backoff ?? DEFAULT_BACKOFF;
    const delayMs = Math.min(initialMs * 2 ** this.attempt, maxMs);
    this.attempt++;
    this.setState('waiting', { delayMs, error });
    this.retryTimer = this.setTimer(() => {
      this.retryTimer = null;
      if (generation === this.generation) void this.connect(generation, url, token);
    }, delayMs);
  }

  private clearIdle(): void {
    if (this.idleTimer !== null) this.clearTimer(this.idleTimer);
    this.idleTimer = null;
  }

  private clearTimers(): void {
    this.clearIdle();
    if (this.retryTimer !== null) this.clearTimer(this.retryTimer);
    this.retryTimer = null;
  }

  private setState(state: StreamState, detail?: { delayMs?: number; error?: unknown }): void {
    this.state = state;
    this.deps.onState?.(state, detail);
  }
}
