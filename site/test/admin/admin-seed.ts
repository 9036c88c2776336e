import type { Db } from '../../../server/src/db/knex';
import { newAccessId } from '../../../server/src/registrations/access-id';
import { DAY, insertWorkshop, type WorkshopRow } from '../../../server/test/support/fixtures';

const NAMES = ['Anna Smith', 'Ben Carter', 'Chloe Smithers', 'Dev Patel', 'Ella Jones', 'Farah Khan', 'Gus Blacksmith', 'Hana Ito', 'Ivan Petrov', 'Jia Chen'];
const STATUSES = ['completed', 'completed', 'pending', 'failed', 'completed', 'refunded'] as const;

export function seedWorkshop(db: Db, overrides: Record<string, unknown> = {}): Promise<WorkshopRow> {
  return insertWorkshop(db, { title: 'Seeded Workshop', description: 'Seeded', date: new Date(Date.now() + 10 * DAY), duration_hours: 5, ...overrides });
}

/** 30 registrations, newest first by index, mixed statuses; names and emails chosen so searches hit several rows. */
export async function seedRegistrations(db: Db, workshopId: string, count = 30): Promise<void> {
  const now = Date.now();
  await db('workshop_registrations').insert(
    Array.from({ length: count }, (_, i) => {
      const name = NAMES[i % NAMES.length];
      const status = STATUSES[i % STATUSES.length];
      const slug = name.toLowerCase().replace(' ', '.');
      return {
        name,
        email: i % 7 === 0 ? `${slug}${i}@SMITH-corp.example` : `${slug}${i}@example.com`,
        phone: '9876543210',
        workshop_id: workshopId,
        access_id: newAccessId(),
        payment_id: status === 'completed' || status === 'refunded' ? `PAY-${workshopId.slice(0, 4)}-${1000 + i}` : null,
        amount: 9900 + (i % 3) * 1000,
        payment_method: 'paypal',
        status,
        completed_at: status === 'completed' ? new Date(now - i * 60_000) : null,
        created_at: new Date(now - i * 3_600_000),
      };
    }),
  );
}

export async function seedInterests(db: Db, count = 12): Promise<void> {
  const now = Date.now();
  const statuses = ['interested', 'contacted', 'converted'] as const;
  await db('workshop_interests').insert(
    Array.from({ length: count }, (_, i) => ({
      name: NAMES[(i + 3) % NAMES.length],
      email: `lead${i}@example.com`,
      phone: i % 4 === 0 ? `555-01${String(i).padStart(2, '0')}` : `98765${String(i).padStart(5, '0')}`,
      message: i % 2 ? 'How long are the recordings kept?' : '',
      source: i % 2 ? 'issue' : 'interest',
      status: statuses[i % 3],
      created_at: new Date(now - i * 3_600_000),
    })),
  );
}
