import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminEventStream, type StreamState } from '../src/main/events/admin-events.service';

const EVENT = {
  type: 'registration.completed',
  registration_id: 'r-1',
  access_id: 'WS-ABC123',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  workshop_title: 'No-Code Basics',
  amount: 9900,
  payment_method: 'razorpay',
  completed_at: '2026-03-01T10:00:00.000Z',
};

type Reply = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** A stand-in events endpoint: each connection gets the next scripted reply. */
async function eventsServer(replies: Reply[]) {
  const seen: { authorization?: string; accept?: string; lastEventId?: string }[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ authorization: req.headers.authorization, accept: req.headers.accept, ...(req.headers['last-event-id'] ? { lastEventId: String(req.headers['last-event-id']) } : {}) });
    const reply = replies.shift() ?? ((_q, r) => r.writeHead(503).end());
    reply(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

const sse =
  (...chunks: string[]): Reply =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const c of chunks) res.write(c);
    res.end();
  };

/** Retry delays are recorded and then run at once; the idle timer runs for real. */
function recordingTimers(idleMs: number) {
  const delays: number[] = [];
  return {
    delays,
    setTimeout: (fn: () => void, ms: number) => {
      if (ms === idleMs) return setTimeout(fn, ms);
      delays.push(ms);
      return setTimeout(fn, 1);
    },
    clearTimeout: (h: unknown) => clearTimeout(h as NodeJS.Timeout),
  };
}

function until(check: () => boolean, ms = 5000): Promise<void> {
  const start = Date.now();
  return new Promise((resolve, reject) => {
    const tick = () => (check() ? resolve() : Date.now() - start > ms ? reject(new Error('timed out')) : setTimeout(tick, 5));
    tick();
  });
}

let cleanup: (() => void)[] = [];
afterEach(() => {
  cleanup.forEach((c) => c());
  cleanup = [];
});

describe('admin events stream', () => {
  it('delivers registration.completed events and reconnects with growing delays, reset by a good connection', async () => {
    const { url, seen, server } = await eventsServer([
      (_q, r) => r.writeHead(503).end(),
      (_q, r) => r.writeHead(502).end(),
      sse('retry: 5000\n: connected\n\n', `event: registration.completed\ndata: ${JSON.stringify(EVENT)}\n\n`),
      (_q, r) => r.writeHead(503).end(),
      sse(`event: registration.completed\ndata: ${JSON.stringify({ ...EVENT, name: 'Second' })}\n\n`, 'event: other\ndata: {}\n\n', 'event: registration.completed\ndata: not json\n\n'),
    ]);
    const timers = recordingTimers(60_000);
    const received: string[] = [];
    const stream = new AdminEventStream({ fetch, onEvent: (e) => received.push(e.name), idleTimeoutMs: 60_000, ...timers });
    cleanup.push(() => stream.stop(), () => server.close());

    stream.start(url, 'tok-123');
    await until(() => received.length === 2);
    stream.stop();

    expect(received).toEqual(['Ada Lovelace', 'Second']);
    // 503 → 1 s, 502 → 2 s, the stream opens (reset) then ends → 1 s, 503 → 2 s, opens, ends → 1 s.
    expect(timers.delays.slice(0, 5)).toEqual([1000, 2000, 1000, 2000, 1000]);
    expect(seen[0]).toEqual({ authorization: 'Bearer tok-123', accept: 'text/event-stream' });
  });

  it('reconnects with the last event id it was given, and passes each event on once', async () => {
    const event = (id: number, name: string) => `id: ${id}\nevent: registration.completed\ndata: ${JSON.stringify({ ...EVENT, name })}\n\n`;
    const { url, seen, server } = await eventsServer([
      // A first id before any event, then the stream drops.
      sse(': connected\nid: 41\ndata:\n\n'),
      // The replay from 41: one event the client missed, then a repeat of it from the live feed.
      sse(': connected\nid: 41\ndata:\n\n', event(42, 'Missed'), event(42, 'Missed')),
      sse(': connected\nid: 42\ndata:\n\n', event(42, 'Missed'), event(43, 'Next')),
    ]);
    const timers = recordingTimers(60_000);
    const received: string[] = [];
    const stream = new AdminEventStream({ fetch, onEvent: (e) => received.push(e.name), idleTimeoutMs: 60_000, ...timers });
    cleanup.push(() => stream.stop(), () => server.close());
    stream.start(url, 'tok');
    await until(() => received.length === 2);
    stream.stop();
    expect(received).toEqual(['Missed', 'Next']);
    // Each reconnect resumes from the last id; the third stream's end may already have started a fourth (from 43) before stop().
    const ids = seen.map((s) => s.lastEventId);
    expect(ids.slice(0, 3)).toEqual([undefined, '41', '42']);
    expect(ids.slice(3).every((id) => id === '43')).toBe(true);
  });

  it('caps the delay at 30 seconds', async () => {
    const { url, server } = await eventsServer([]);
    const timers = recordingTimers(60_000);
    const stream = new AdminEventStream({ fetch, onEvent: () => {}, idleTimeoutMs: 60_000, ...timers });
    cleanup.push(() => stream.stop(), () => server.close());
    stream.start(url, 't');
    await until(() => timers.delays.length >= 7);
    stream.stop();
    expect(timers.delays.slice(0, 7)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('stops for good when the session is no longer valid', async () => {
    const { url, seen, server } = await eventsServer([(_q, r) => r.writeHead(401).end()]);
    const timers = recordingTimers(60_000);
    const states: StreamState[] = [];
    let signedOut = 0;
    const stream = new AdminEventStream({ fetch, onEvent: () => {}, onUnauthorized: () => signedOut++, onState: (s) => states.push(s), idleTimeoutMs: 60_000, ...timers });
    cleanup.push(() => stream.stop(), () => server.close());
    stream.start(url, 'expired');
    await until(() => signedOut === 1);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toHaveLength(1);
    expect(timers.delays).toEqual([]);
    expect(stream.current).toBe('unauthorized');
  });

  it('drops a connection that has gone silent and opens a new one', async () => {
    const open: http.ServerResponse[] = [];
    const silent: Reply = (_q, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(': connected\n\n');
      open.push(res);
    };
    const { url, seen, server } = await eventsServer([silent, silent]);
    const timers = recordingTimers(100);
    const stream = new AdminEventStream({ fetch, onEvent: () => {}, idleTimeoutMs: 100, ...timers });
    cleanup.push(() => stream.stop(), () => open.forEach((r) => r.destroy()), () => server.close());
    stream.start(url, 't');
    await until(() => seen.length === 2);
    expect(timers.delays[0]).toBe(1000);
  });

  it('goes quiet after stop(): the open stream is closed and never reopened', async () => {
    let closed = false;
    const held: Reply = (req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(': connected\n\n');
      req.on('close', () => (closed = true));
    };
    const { url, seen, server } = await eventsServer([held]);
    const states: StreamState[] = [];
    const stream = new AdminEventStream({ fetch, onEvent: () => {}, onState: (s) => states.push(s), backoff: { initialMs: 10, maxMs: 10 } });
    cleanup.push(() => server.close());
    stream.start(url, 't');
    await until(() => stream.current === 'open');
    stream.stop();
    await until(() => closed);
    await new Promise((r) => setTimeout(r, 100));
    expect(seen).toHaveLength(1);
    expect(states.at(-1)).toBe('stopped');
  });
});
