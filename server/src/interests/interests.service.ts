import { INTEREST_STATUS_ORDER, LIMITS, type Interest, type InterestStatus, interestSubmissionSchema } from '@workshop/shared';
import type { z } from 'zod';
import type { Db } from '../db/knex';
import { ConflictError, NotFoundError } from '../http/errors';
import { insertInterest, toInterest } from './interests.queries';

type Submission = z.output<typeof interestSubmissionSchema>;

/** Every public form lands in workshop_interests; each keeps its own text in `message`. */
export function submissionToRow(s: Submission) {
  switch (s.source) {
    case 'interest':
      return { name: s.name, email: s.email, phone: s.phone, message: '', source: s.source };
    case 'issue':
    case 'question':
      return { name: s.name, email: s.email, phone: '', message: s.message, source: s.source };
    case 'contact':
      return {
        // Two 50-character halves and a space would pass the form but not the 100-character column.
        name: `${s.first_name} ${s.last_name}`.trim().slice(0, LIMITS.name),
        email: s.email,
        phone: '',
        message: `${s.subject}: ${s.message}`,
        source: s.source,
      };
  }
}

export function submitInterest(db: Db, s: Submission): Promise<Interest> {
  return insertInterest(db, submissionToRow(s));
}

/** Status only moves forward: interested → contacted → converted. */
export async function changeInterestStatus(db: Db, id: string, status: InterestStatus): Promise<Interest> {
  return db.transaction(async (trx) => {
    const row = await trx('workshop_interests').where({ id }).forNoKeyUpdate().first();
    if (!row) throw new NotFoundError('Interest not found');
    if (INTEREST_STATUS_ORDER[status] < INTEREST_STATUS_ORDER[row.status as InterestStatus]) {
      throw new ConflictError(`This interest is already ${row.status}; status only moves forward (interested → contacted → converted).`);
    }
    const [updated] = await trx('workshop_interests').where({ id }).update({ status, updated_at: trx.fn.now() }).returning('*');
    return toInterest(updated);
  });
}
