import { randomBytes } from 'node:crypto';
import type { Db } from '../db/knex';
import { createAdminUser } from '../auth/auth.queries';
import { hashPassword } from '../auth/password';
import { newAccessId } from '../registrations/access-id';

const FIRST = ['Aarav', 'Priya', 'Maya', 'Liam', 'Sofia', 'Noah', 'Ananya', 'Ethan', 'Zara', 'Lucas', 'Isha', 'Olivia', 'Rohan', 'Emma', 'Kabir', 'Mia'];
const LAST = ['Sharma', 'Patel', 'Johnson', 'Garcia', 'Chen', 'Williams', 'Iyer', 'Brown', 'Khan', 'Lopez', 'Nair', 'Miller'];

const day = 86_400_000;

/** Deterministic pseudo-random so two fresh demos look alike. */
function rng(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}

export interface SeedResult {
  admin: { email: string; password: string };
}

/** Fills an empty database with a lively demo; does nothing (returns null) once anything exists. */
export async function seedDemoData(db: Db, now = new Date()): Promise<SeedResult | null> {
  const [{ count }] = await db.raw(`SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM workshops) AS count`).then((r) => r.rows);
  if (Number(count) > 0) return null;
  const rand = rng(42);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
  const at = (daysFromNow: number, hourUtc = 18) => {
    const d = new Date(now.getTime() + daysFromNow * day);
    d.setUTCHours(hourUtc, 0, 0, 0);
    return d;
  };

  const password = randomBytes(9).toString('base64url');
  const admin = { email: 'admin@example.com', password };

  await db.transaction(async (trx) => {
    await createAdminUser(trx, admin.email, await hashPassword(password));
    const workshops = await trx('workshops')
      .insert([
        { title: 'No-Code App Development Workshop', description: 'Build and deploy your first business app in one live session: secure logins, real-time data, integrations and instant deployment.', date: at(6, 8), duration_hours: 5, price_usd_cents: 9900, max_participants: 20, created_at: at(-40) },
        { title: 'Saturday Small-Group Build Session', description: 'A smaller Saturday workshop (20 participants max) with more time for your own app idea.', date: at(13, 8), duration_hours: 5, price_usd_cents: 9900, max_participants: 20, created_at: at(-30) },
        { title: 'Automations & Integrations Deep Dive', description: 'Connect payments, email and spreadsheets to your app without writing code.', date: at(27, 14), duration_hours: 4, price_usd_cents: 12900, max_participants: 30, created_at: at(-20) },
        { title: 'Team Leaders: Internal Tools in a Day', description: 'Replace spreadsheets with a tool your team will actually use.', date: at(41, 14), duration_hours: 6, price_usd_cents: 14900, max_participants: null, registration_open: false, created_at: at(-10) },
      ])
      .returning(['id', 'price_usd_cents']);

    const registrations = Array.from({ length: 48 }, (_, i) => {
      const w = workshops[i % 3];
      const status = i % 11 === 0 ? 'failed' : i % 13 === 0 ? 'pending' : 'completed';
      const first = pick(FIRST);
      const last = pick(LAST);
      const method = rand() < 0.7 ? 'paypal' : 'razorpay';
      return {
        name: `${first} ${last}`,
        email: `${first}.${last}${i}@example.com`.toLowerCase(),
        phone: `9${String(Math.floor(rand() * 1e9)).padStart(9, '0')}`,
        workshop_id: w.id,
        access_id: newAccessId(),
        payment_id: status === 'completed' ? `DEMO-${method.toUpperCase()}-${1000 + i}` : null,
        amount: w.price_usd_cents,
        payment_method: method,
        status,
        hold_expires_at: status === 'pending' ? at(-1) : null,
        completed_at: status === 'completed' ? at(-Math.floor(i / 2)) : null,
        created_at: new Date(now.getTime() - Math.floor(rand() * 29 * day) - (i < 3 ? 0 : day / 4)),
      };
    });
    await trx('workshop_registrations').insert(registrations);

    const statuses = ['interested', 'interested', 'interested', 'contacted', 'converted'] as const;
    await trx('workshop_interests').insert(
      Array.from({ length: 26 }, (_, i) => {
        const first = pick(FIRST);
        const last = pick(LAST);
        return {
          name: `${first} ${last}`,
          email: `${first}.${last}.lead${i}@example.com`.toLowerCase(),
          phone: i % 3 === 0 ? '' : `+1 555 01${String(i).padStart(2, '0')}`,
          message: i % 4 === 0 ? 'Is there a recording if I miss part of the session?' : '',
          source: i % 4 === 0 ? 'question' : 'interest',
          status: statuses[i % statuses.length],
          created_at: new Date(now.getTime() - Math.floor(rand() * 20 * day)),
        };
      }),
    );

    await trx('revive').insert(
      Array.from({ length: 9 }, (_, i) => {
        const first = pick(FIRST);
        return {
          name: `${first} ${pick(LAST)}`,
          email: `${first.toLowerCase()}.revive${i}@example.com`,
          source: i % 3 === 0 ? 'admin' : 'abandoned_checkout',
          created_at: new Date(now.getTime() - Math.floor(rand() * 14 * day)),
        };
      }),
    );
  });
  return { admin };
}
