import { describe, expect, it } from 'vitest';
import {
  bulkMailto,
  csvHeaders,
  csvRow,
  escapeCsvCell,
  formatDateTime,
  interestCsvColumns,
  interestCsvFileName,
  MAILTO_BODIES,
  registrationCsvColumns,
  registrationCsvFileName,
  type Interest,
  type Registration,
  type RegistrationCsvRow,
} from '../src/index';

const order: Registration = {
  id: 'r1',
  name: 'Ann Lee',
  email: 'ann@example.com',
  phone: '9876543210',
  workshop_id: 'w1',
  workshop_title: 'Spring Build',
  access_id: 'NC-ABCD2345',
  payment_id: null,
  seats: 1,
  seats_bought: 1,
  attendees: [],
  amount: 9950,
  currency: 'USD',
  payment_method: 'paypal',
  status: 'pending',
  status_reason: null, utm_source: null, utm_medium: null, utm_campaign: null, utm_term: null, utm_content: null,
  promo_code: null,
  discount_cents: 0,
  created_at: '2026-12-05T03:00:00.000Z',
};
const { attendees: _none, ...orderFields } = order;
/** A one-seat order's row: the buyer's seat. */
const registration: RegistrationCsvRow = { ...orderFields, seat: { position: 1, name: 'Ann Lee', email: 'ann@example.com', status: 'active', first_joined_at: null } };

const interest: Interest = {
  id: 'i1',
  name: 'Ira',
  email: 'ira@example.com',
  phone: '555 0100',
  message: '',
  source: 'interest',
  status: 'contacted',
  created_at: '2026-07-04T18:00:00.000Z',
};

describe('CSV columns (SPEC §9)', () => {
  it('registrations: the SPEC columns in order, dollars with two decimals, empty payment id, then the promo code and its discount, the order and its seats, and when the seat first joined', () => {
    expect(csvHeaders(registrationCsvColumns)).toEqual(['Registration ID', 'Name', 'Email', 'Amount', 'Status', 'Payment ID', 'Registration Date', 'Promo Code', 'Discount', 'Order ID', 'Seats', 'Joined At']);
    expect(csvRow(registrationCsvColumns, registration)).toEqual(['NC-ABCD2345', 'Ann Lee', 'ann@example.com', '99.50', 'Pending', '', 'Dec 4, 2026, 10:00 PM EST', '', '0.00', 'r1', '1', '']);
    expect(csvRow(registrationCsvColumns, { ...registration, seat: { ...registration.seat, first_joined_at: '2026-12-12T14:58:00.000Z' } })[11]).toBe('Dec 12, 2026, 9:58 AM EST');
    expect(csvRow(registrationCsvColumns, { ...registration, promo_code: 'SPRING25', discount_cents: 2488 }).slice(7, 9)).toEqual(['SPRING25', '24.88']);
    expect(csvRow(registrationCsvColumns, { ...registration, status: 'refund_pending' })[4]).toBe('Refund pending');
    expect(csvRow(registrationCsvColumns, { ...registration, amount: 9900, payment_id: 'PAY-1' })[3]).toBe('99.00');
  });

  it("a team order: a row per seat with the seat's attendee, its share of the amount and the discount, a cancelled seat as Cancelled", () => {
    const team: RegistrationCsvRow = { ...registration, amount: 29700, discount_cents: 3000, seats_bought: 3, status: 'completed', seat: { position: 2, name: 'Bo', email: 'bo@example.com', status: 'cancelled', first_joined_at: null } };
    expect(csvRow(registrationCsvColumns, team)).toEqual(['NC-ABCD2345', 'Bo', 'bo@example.com', '99.00', 'Cancelled', '', 'Dec 4, 2026, 10:00 PM EST', '', '10.00', 'r1', '3', '']);
    expect(csvRow(registrationCsvColumns, { ...team, seat: { position: 3, name: null, email: null, status: 'active', first_joined_at: null } }).slice(1, 5)).toEqual(['', '', '99.00', 'Completed']);
  });

  it("interests: the SPEC columns in order, then the visitor's message", () => {
    expect(csvHeaders(interestCsvColumns)).toEqual(['Name', 'Email', 'Phone', 'Status', 'Submitted Date', 'Message']);
    expect(csvRow(interestCsvColumns, interest)).toEqual(['Ira', 'ira@example.com', '555 0100', 'contacted', formatDateTime(interest.created_at), '']);
    expect(csvRow(interestCsvColumns, { ...interest, message: 'How long are recordings kept?' })[5]).toBe('How long are recordings kept?');
  });

  it('opens a cell that starts like a formula as text: a single quote goes first (OWASP)', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      const name = `${start}HYPERLINK("http://evil.example","Click")`;
      expect(csvRow(interestCsvColumns, { ...interest, name, message: `${start}1+1` }), JSON.stringify(start)).toEqual([
        `'${name}`,
        'ira@example.com',
        '555 0100',
        'contacted',
        formatDateTime(interest.created_at),
        `'${start}1+1`,
      ]);
      expect(csvRow(registrationCsvColumns, { ...registration, seat: { ...registration.seat, name } })[1]).toBe(`'${name}`);
    }
    // Only the first character matters; ordinary text and amounts are left alone.
    expect(escapeCsvCell('Ann = Lee')).toBe('Ann = Lee');
    expect(escapeCsvCell('99.00')).toBe('99.00');
    expect(escapeCsvCell('-25.00')).toBe('-25.00');
    expect(escapeCsvCell('-25.00+1')).toBe("'-25.00+1");
    expect(escapeCsvCell('-2+3')).toBe("'-2+3");
    expect(escapeCsvCell('')).toBe('');
  });

  it('names files workshop_registrations_{date} and workshop_interests_{date}', () => {
    const now = new Date('2026-03-01T02:00:00Z');
    expect(registrationCsvFileName(now)).toBe('workshop_registrations_2026-03-01.csv');
    expect(interestCsvFileName(now)).toBe('workshop_interests_2026-03-01.csv');
  });
});

describe('bulkMailto', () => {
  it('puts every distinct address in Bcc with the subject Workshop Update, spaces as %20', () => {
    const link = bulkMailto(['a@x.com', 'b@y.org', 'a@x.com', ''], MAILTO_BODIES.registrations);
    expect(link.startsWith('mailto:?')).toBe(true);
    const params = new URLSearchParams(link.slice('mailto:?'.length));
    expect(params.get('bcc')).toBe('a@x.com,b@y.org');
    expect(params.get('subject')).toBe('Workshop Update');
    expect(params.get('body')).toBe(MAILTO_BODIES.registrations);
    expect(link).not.toContain('+');
    expect(link).toContain('subject=Workshop%20Update');
  });

  it('has different bodies for registrations and interests', () => {
    expect(MAILTO_BODIES.registrations).not.toBe(MAILTO_BODIES.interests);
    expect(new URLSearchParams(bulkMailto(['x@y.z'], 'Tom & Jerry?').slice(8)).get('body')).toBe('Tom & Jerry?');
  });
});
