import { describe, expect, it } from 'vitest';
import { insertRegistration, insertWorkshop } from '../support/fixtures';
import { useTestServer } from '../support/test-server';

const h = useTestServer();

describe('GET /api/bookings/:accessId', () => {
  it("answers the thank-you page's summary for the holder of the access id", async () => {
    const w = await insertWorkshop(h.db, { title: 'Spring Build', date: new Date('2030-04-05T18:00:00Z'), duration_hours: 5 });
    await insertRegistration(h.db, w.id, { name: 'Ann Lee', email: 'ann@example.com', access_id: 'NC-ABCD2345', payment_method: 'razorpay' });
    const res = await h.api('GET', '/api/bookings/NC-ABCD2345');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      access_id: 'NC-ABCD2345',
      name: 'Ann Lee',
      email: 'ann@example.com',
      workshop_title: 'Spring Build',
      workshop_date: '2030-04-05T18:00:00.000Z',
      duration_hours: 5,
      payment_method: 'razorpay',
      status: 'completed',
    });
    expect((await h.api('GET', '/api/bookings/nc-abcd2345')).status).toBe(200);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['NC-ZZZZ9999', 'nothing', "NC-1' OR 1=1"]) {
      const res = await h.api('GET', `/api/bookings/${encodeURIComponent(id)}`);
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: 'not_found', message: 'Booking not found' });
    }
  });
});
