import { describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/knex';

describe('createDb', () => {
  it('keeps the password in the settings other pools are built from (the job-queue migration)', async () => {
    const db = createDb('postgres://app:s3cret@127.0.0.1:5432/workshop', 1);
    try {
      const settings = (db.client as { connectionSettings: { connectionString?: string } }).connectionSettings;
      expect(new URL(settings.connectionString!).password).toBe('s3cret');
    } finally {
      await db.destroy();
    }
  });
});
