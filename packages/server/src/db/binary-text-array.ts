/**
 * A `text[]` parameter in PostgreSQL's binary array format (what `array_recv` reads). Ingestion sends a
 * batch's titles, summaries and URLs as text arrays; in the text format PGlite's driver escapes every
 * element with two regular expressions, joins them, then measures and copies the whole literal a
 * character at a time in JavaScript (about 6% of the store's time in a CPU profile of the ingest
 * benchmark). Here Node encodes each element natively and the bytes go as they are; node-postgres sends
 * a Buffer parameter in the binary format too.
 * @module
 */

/** OID of PostgreSQL's `text` type, the elements' type written in the array's header. */
const TEXT_OID = 25;

/**
 * Encodes `values` (null for SQL NULL) as a one-dimensional `text[]` in the binary format.
 *
 * @example
 * ```ts
 * await db.query('SELECT unnest($1::text[])', [binaryTextArray(['a', null, 'é'])]);
 * ```
 */
export function binaryTextArray(values: readonly (string | null | undefined)[]): Buffer {
  const parts = values.map((v) => (v === null || v === undefined ? null : Buffer.from(v, 'utf8')));
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
  out.writeUInt32BE(TEXT_OID, 8);
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
