/**
 * A JSON Schema as zod's toJSONSchema writes one for plain data: objects, arrays, strings,
 * numbers and integers, booleans, enums, nullables. checkShape knows these keywords and no
 * other: a schema using another one is refused, not half checked.
 */
export interface Shape {
  type?: ShapeType | ShapeType[];
  properties?: Record<string, Shape>;
  required?: string[];
  /** Objects drop the keys they do not list, as zod's parse does (written as `false`). */
  additionalProperties?: false;
  items?: Shape;
  anyOf?: Shape[];
  enum?: (string | number | boolean | null)[];
  minimum?: number;
  maximum?: number;
}
type ShapeType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';

export const SHAPE_KEYWORDS: readonly string[] = ['type', 'properties', 'required', 'additionalProperties', 'items', 'anyOf', 'enum', 'minimum', 'maximum'];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const IS: Record<ShapeType, (v: unknown) => boolean> = {
  object: isRecord,
  array: Array.isArray,
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  integer: (v) => Number.isInteger(v),
  boolean: (v) => typeof v === 'boolean',
  null: (v) => v === null,
};

const NO = Symbol('does not fit');

/** `value` as the shape describes it, or NO. */
function fit(shape: Shape, value: unknown): unknown {
  for (const key of Object.keys(shape)) if (!SHAPE_KEYWORDS.includes(key)) throw new Error(`checkShape does not know the keyword '${key}'`);
  if ((shape.properties || 'additionalProperties' in shape) && shape.additionalProperties !== false) throw new Error('checkShape only checks objects that drop unknown keys');
  if (shape.anyOf) {
    const { anyOf, ...rest } = shape;
    for (const option of anyOf) {
      const fitted = fit(option, value);
      if (fitted !== NO) return fit(rest, fitted);
    }
    return NO;
  }
  if (shape.type !== undefined && ![shape.type].flat().some((t) => IS[t](value))) return NO;
  if (shape.enum && !shape.enum.includes(value as never)) return NO;
  if (typeof value === 'number' && ((shape.minimum !== undefined && value < shape.minimum) || (shape.maximum !== undefined && value > shape.maximum))) return NO;
  if (Array.isArray(value) && shape.items) {
    // Array.from, not map: a hole is checked (as undefined), not skipped.
    const items = Array.from(value, (v) => fit(shape.items!, v));
    return items.includes(NO) ? NO : items;
  }
  if (isRecord(value) && (shape.properties || shape.required)) {
    if (shape.required?.some((key) => !Object.hasOwn(value, key))) return NO;
    // What zod's parse returns for an object: its known keys only.
    const known: Record<string, unknown> = {};
    for (const [key, property] of Object.entries(shape.properties ?? {})) {
      if (!Object.hasOwn(value, key)) continue;
      const fitted = fit(property, value[key]);
      if (fitted === NO) return NO;
      known[key] = fitted;
    }
    return known;
  }
  return value;
}

/** The answer as the shape describes it (unknown object keys dropped, as zod's parse drops them), or undefined. */
export function checkShape(shape: Shape, value: unknown): { value: unknown } | undefined {
  const fitted = fit(shape, value);
  return fitted === NO ? undefined : { value: fitted };
}
