import { readFileSync } from 'node:fs';
import type { AttentionList, Funnel, FunnelCounts } from '@workshop/shared';
import { describe, expect, it } from 'vitest';
import { ANSWER_SCHEMAS, ANSWER_SHAPES_FILE, answerShapesSource } from '../../../scripts/gen-answer-shapes';
import * as shapes from '../src/answer-shapes';
import { checkShape, SHAPE_KEYWORDS, type Shape } from '../src/shape';

const counts = (n: number): FunnelCounts => ({
  checkouts_started: n,
  completed: n - 1,
  abandoned: 1,
  recovery_emails: 2,
  recovered: 0,
  refunded: 0,
  revenue_cents: 9900 * (n - 1),
  recovered_revenue_cents: 0,
  checkout_conversion: (n - 1) / n,
  abandonment_rate: null,
  recovery_rate: 0,
  refund_rate: null,
});

const funnel: Funnel = {
  from: '2026-01-01',
  to: '2026-01-30',
  time_zone: 'Europe/Paris',
  overall: { ...counts(4), preview_leads: 7, interests: 3 },
  workshops: [{ ...counts(4), workshop_id: 'w1', title: 'Spring Build' }],
  sources: [
    { ...counts(3), source: '(direct)' },
    { ...counts(1), source: 'newsletter' },
  ],
};

const attention: AttentionList = {
  total: 2,
  items: [
    {
      id: 'refund:r1',
      kind: 'refund_failing',
      explanation: 'The provider refused the refund three times.',
      amount_cents: 9900,
      currency: 'USD',
      provider: 'paypal',
      payment_id: 'PAY-1',
      order_id: null,
      registration: { id: 'g1', name: 'Ann', email: 'ann@example.com', access_id: 'NC-ABCD2345', workshop_title: 'Spring Build', status: 'refund_pending', status_reason: null },
      refund: { id: 'r1', reason: 'Workshop cancelled', status: 'failed' },
      started_at: '2026-01-02T10:00:00.000Z',
      attempts: 3,
      last_error: 'INSUFFICIENT_FUNDS',
      next_check_at: null,
      retry: { target: 'refund', id: 'r1' },
      email: null,
      timeline: [{ id: 'e1', provider: 'paypal', event_id: 'WH-1', event_type: 'PAYMENT.CAPTURE.COMPLETED', outcome: 'completed', received_at: '2026-01-02T09:00:00.000Z', processed_at: null }],
    },
    {
      id: 'registration:g2',
      kind: 'unattributed',
      explanation: 'Money arrived for no registration.',
      amount_cents: 14900,
      currency: 'USD',
      provider: null,
      payment_id: null,
      order_id: 'ORDER-2',
      registration: null,
      refund: null,
      started_at: '2026-01-03T10:00:00.000Z',
      attempts: null,
      last_error: null,
      next_check_at: '2026-01-03T11:00:00.000Z',
      retry: null,
      email: { id: 'm1', kind: 'confirmation', to_email: 'ann@example.com', reason: 'Bounced by the receiving server: 550', bounced_at: '2026-01-03T10:00:00.000Z', seat_id: null },
      timeline: [],
    },
  ],
};

const CASES = [
  { name: 'funnelShape', shape: shapes.funnelShape, schema: ANSWER_SCHEMAS.funnelShape, sample: funnel },
  { name: 'attentionListShape', shape: shapes.attentionListShape, schema: ANSWER_SCHEMAS.attentionListShape, sample: attention },
] as const;

/** The sample with the value at `path` replaced by `make(old)` (undefined: the key removed). */
function changed(sample: unknown, path: (string | number)[], make: (old: unknown) => unknown): unknown {
  const copy = structuredClone(sample) as Record<string | number, unknown>;
  const parent = path.slice(0, -1).reduce<Record<string | number, unknown>>((node, key) => node[key] as Record<string | number, unknown>, copy);
  const last = path[path.length - 1];
  const value = make(parent[last]);
  if (value === undefined) delete parent[last];
  else parent[last] = value;
  return copy;
}

/** Every place in a JSON value, as the keys that lead to it. */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  const here = at.length ? [at] : [];
  if (Array.isArray(value)) return [...here, ...value.flatMap((v, i) => paths(v, [...at, i]))];
  if (typeof value === 'object' && value !== null) return [...here, ...Object.entries(value).flatMap(([k, v]) => paths(v, [...at, k]))];
  return here;
}

const MUTATIONS: [string, (old: unknown) => unknown][] = [
  ['removed', () => undefined],
  ['null', () => null],
  ['a string', () => 'x'],
  ['an unknown enum value', (old) => (typeof old === 'string' ? `${old}_new` : old)],
  ['a fraction', () => 1.5],
  ['a whole number', () => 2],
  ['a boolean', () => true],
  ['an empty object', () => ({})],
  ['an empty array', () => []],
  ['with an unknown key', (old) => (typeof old === 'object' && old !== null && !Array.isArray(old) ? { ...old, surplus: 1 } : old)],
];

describe('answer shapes (the dashboard checks its funnel and attention answers without zod)', () => {
  it('are what the shared schemas generate now (else: npm run gen:answer-shapes)', () => {
    expect(readFileSync(ANSWER_SHAPES_FILE, 'utf8')).toBe(answerShapesSource());
  });

  it('use only keywords the checker knows', () => {
    const keywords = (shape: Shape): string[] => [
      ...Object.keys(shape),
      ...Object.values(shape.properties ?? {}).flatMap(keywords),
      ...(shape.items ? keywords(shape.items) : []),
      ...(shape.anyOf ?? []).flatMap(keywords),
    ];
    for (const { shape } of CASES) expect(keywords(shape).filter((k) => !SHAPE_KEYWORDS.includes(k))).toEqual([]);
  });

  for (const { name, shape, schema, sample } of CASES) {
    it(`${name}: accepts what zod accepts, returns what zod returns, refuses what zod refuses`, () => {
      expect(checkShape(shape, sample)).toEqual({ value: schema.parse(sample) });
      const answers = [sample, ...paths(sample).flatMap((path) => MUTATIONS.map(([, make]) => changed(sample, path, make)))];
      expect(answers.length).toBeGreaterThan(100);
      for (const answer of answers) {
        const zod = schema.safeParse(answer);
        expect(checkShape(shape, answer), JSON.stringify(answer)).toEqual(zod.success ? { value: zod.data } : undefined);
      }
    });
  }

  it('refuses to check a schema it cannot check whole', () => {
    expect(() => checkShape({ type: 'string', pattern: '^a' } as Shape, 'a')).toThrow("does not know the keyword 'pattern'");
    expect(() => checkShape({ type: 'object', properties: {} }, {})).toThrow('only checks objects that drop unknown keys');
  });
});
