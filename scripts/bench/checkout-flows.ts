/** The buyers' side of the checkout benches: each flow end to end through the provider sandbox, timed per step. */
const BUYERS = Number(process.env.BENCH_BUYERS ?? 50);


export type Timings = Record<string, number[]>;

export async function timed<T>(t: Timings, step: string, fn: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await fn();
  } finally {
    (t[step] ??= []).push(performance.now() - start);
  }
}

async function expect(res: Response, status: number): Promise<Response> {
  if (res.status !== status) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return res;
}

let seq = 0;
function person() {
  const n = seq++;
  return { name: `Bench Buyer ${n}`, email: `bench${n}@example.com`, phone: '9876543210' };
}

/** The buyer, and for a team their seats: the buyer's own first, then a named teammate per seat. */
function order(seats: number) {
  const buyer = person();
  if (seats === 1) return buyer;
  return { ...buyer, seats, attendees: [{ name: buyer.name, email: buyer.email }, ...Array.from({ length: seats - 1 }, () => person()).map(({ name, email }) => ({ name, email }))] };
}

export async function paypalCheckout(base: string, workshopId: string, t: Timings, seats = 1) {
  const json = { 'content-type': 'application/json' };
  const { approval_url } = await timed(t, '1 POST /api/checkout/paypal', async () =>
    (await expect(await fetch(`${base}/api/checkout/paypal`, { method: 'POST', headers: json, body: JSON.stringify({ workshop_id: workshopId, ...order(seats) }) }), 201)).json(),
  );
  const token = new URL(approval_url).searchParams.get('token');
  await timed(t, '2 GET approval page', async () => (await expect(await fetch(approval_url), 200)).text());
  const back = await timed(t, '3 POST approve', async () => (await expect(await fetch(`${base}/sandbox/paypal/checkoutnow/${token}/approve`, { method: 'POST', redirect: 'manual' }), 303)).headers.get('location')!);
  const done = await timed(t, '4 GET return (capture)', async () => (await expect(await fetch(new URL(back, base), { redirect: 'manual' }), 302)).headers.get('location')!);
  if (!done.startsWith('/thank-you')) throw new Error(`not completed: ${done}`);
}

export async function razorpayCheckout(base: string, workshopId: string, t: Timings, seats = 1) {
  const json = { 'content-type': 'application/json' };
  const co = await timed(t, '1 POST /api/checkout/razorpay', async () =>
    (await expect(await fetch(`${base}/api/checkout/razorpay`, { method: 'POST', headers: json, body: JSON.stringify({ workshop_id: workshopId, ...order(seats) }) }), 201)).json(),
  );
  const paid = await timed(t, '2 POST sandbox pay', async () =>
    (await expect(await fetch(`${base}/sandbox/razorpay/pay`, { method: 'POST', headers: json, body: JSON.stringify({ key: co.key_id, order_id: co.order.id }) }), 200)).json(),
  );
  await timed(t, '3 POST /api/checkout/razorpay/verify', async () =>
    (await expect(await fetch(`${base}/api/checkout/razorpay/verify`, { method: 'POST', headers: json, body: JSON.stringify(paid) }), 200)).json(),
  );
}

export async function run(name: string, flow: (t: Timings) => Promise<void>, seconds: number) {
  const t: Timings = {};
  let completed = 0;
  let failed = 0;
  const end = Date.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: BUYERS }, async () => {
      while (Date.now() < end) {
        try {
          await timed(t, 'end to end', () => flow(t));
          completed++;
        } catch (err) {
          failed++;
          if (failed <= 3) console.error(String(err));
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { name, completed, failed, perSecond: completed / elapsed, t };
}

export function pct(values: number[], p: number) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
}

