/**
 * Array parameters in PostgreSQL's binary array format (what `array_recv` reads). Ingestion sends a
 * batch's rows column by column as arrays. In the text format, PGlite's driver escapes every element
 * with two regular expressions, joins them, then measures and copies the whole literal a character at a
 * time in JavaScript (about 6% of the store's time in a CPU profile of the ingest benchmark), and the
 * database parses each element back (`int4in`, `timestamptz_in`: a date parser per timestamp). In the
 * binary format Node writes each element natively and the database copies it. node-postgres sends a
 * Buffer parameter in the binary format too, so the same arrays serve PostgreSQL.
 * @module
 */

/** The element types {@link binaryArray} writes, by the name a statement casts the array to. */
export type BinaryArrayType = 'text' | 'int' | 'bigint' | 'boolean' | 'timestamptz';

/** OID of each element type, written in the array's header (PostgreSQL checks it against the cast). */
const ELEMENT_OID: Record<BinaryArrayType, number> = {
  text: 25,
  int: 23,
  bigint: 20,
  boolean: 16,
  timestamptz: 1184,
};

/** PostgreSQL's timestamps count microseconds from 2000-01-01 UTC. */
const POSTGRES_EPOCH_MS = Date.UTC(2000, 0, 1);

/** True for the types {@link binaryArray} can write. */
export function isBinaryArrayType(type: string): type is BinaryArrayType {
  return Object.hasOwn(ELEMENT_OID, type);
}

/**
 * Encodes `values` (null or undefined for SQL NULL) as a one-dimensional array of `type` in the binary
 * format. Numbers may come as strings (node-postgres answers bigint as text); timestamps as Dates or
 * ISO strings. A value that is not one (`NaN`, an invalid date, a fraction for `int`) throws a
 * RangeError naming it rather than storing something else.
 *
 * @example
 * ```ts
 * await db.query('SELECT * FROM unnest($1::int[], $2::text[])', [
 *   binaryArray('int', [1, 2]),
 *   binaryArray('text', ['a', null]),
 * ]);
 * ```
 */
export function binaryArray(type: BinaryArrayType, values: readonly unknown[]): Buffer {
  const encode = ENCODERS[type];
  const parts = values.map((v) => (v === null || v === undefined ? null : encode(v)));
  let size = 20;
  let hasNull = 0;
  for (const part of parts) {
    size += 4 + (part?.length ?? 0);
    if (part === null) hasNull = 1;
  }
  const out = Buffer.allocUnsafe(size);
  // Header: dimensions, has-nulls flag, element type, then the one dimension's length and lower bound.
  out.writeInt32BE(parts.length === 0 ? 0 : 1, 0);
  out.writeInt32BE(hasNull, 4);
  out.writeUInt32BE(ELEMENT_OID[type], 8);
  if (parts.length === 0) return out.subarray(0, 12);
  out.writeInt32BE(parts.length, 12);
  out.writeInt32BE(1, 16);
  let at = 20;
  for (const part of parts) {
    if (part === null) {
      out.writeInt32BE(-1, at);
      at += 4;
    } else {
      out.writeInt32BE(part.length, at);
      part.copy(out, at + 4);
      at += 4 + part.length;
    }
  }
  return out;
}

/** One element's bytes, by type. */
const ENCODERS: Record<BinaryArrayType, (value: unknown) => Buffer> = {
  text: (v) => Buffer.from(String(v), 'utf8'),
  int: (v) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < -2_147_483_648 || n > 2_147_483_647) throw notA('int', v);
    const b = Buffer.allocUnsafe(4);
    b.writeInt32BE(n);
    return b;
  },
  bigint: (v) => {
    let n: bigint;
    try {
      n = typeof v === 'bigint' ? v : BigInt(v as string | number);
    } catch {
      throw notA('bigint', v);
    }
    const b = Buffer.allocUnsafe(8);
    b.writeBigInt64BE(n);
    return b;
  },
  boolean: (v) => Buffer.of(v ? 1 : 0),
  timestamptz: (v) => {
    const ms = v instanceof Date ? v.getTime() : new Date(v as string).getTime();
    if (!Number.isFinite(ms)) throw notA('timestamptz', v);
    const b = Buffer.allocUnsafe(8);
    b.writeBigInt64BE(BigInt(Math.round(ms - POSTGRES_EPOCH_MS)) * 1000n);
    return b;
  },
};

function notA(type: BinaryArrayType, value: unknown): RangeError {
  return new RangeError(`not a ${type}: ${String(value)}`);
}
