/**
 * Rows sent from the database as JSON arrays of values (tuples) rather than objects. A details
 * statement hands many rows back in one JSON column (`json_agg`); as objects, every row repeats every
 * column's name, which PostgreSQL writes and JavaScript parses again each time. As tuples the text is
 * a third smaller and the top stories' details statement took 2.2 ms instead of 3.0 at 1,000,000
 * articles (40 alternating rounds in one process, same rows; `docs/decisions/performance-and-caching.md`, "JSON rows as
 * tuples"). The field list is written once and used on both sides, so the two cannot disagree.
 * @module
 */

/**
 * The SQL of one row of `alias` as a JSON array of `fields`, in that order (for `json_agg`).
 *
 * @example
 * ```ts
 * `SELECT json_agg(${jsonTupleSql('t', ['id', 'slug'])} ORDER BY t.slug) FROM teams t`
 * // json_agg(json_build_array(t.id, t.slug) ORDER BY t.slug)
 * ```
 */
export function jsonTupleSql(alias: string, fields: readonly string[]): string {
  return `json_build_array(${fields.map((field) => `${alias}.${field}`).join(', ')})`;
}

/**
 * The rows of a `json_agg` of {@link jsonTupleSql} tuples as objects keyed by `fields` (the same list,
 * in the same order). Accepts the column as text (PGlite) or parsed (node-postgres); null (nothing was
 * aggregated) is no rows.
 *
 * @example
 * ```ts
 * const teams = jsonTuples<{ id: number; slug: string }>(row.teams, ['id', 'slug']);
 * ```
 */
export function jsonTuples<T>(value: unknown, fields: readonly (keyof T & string)[]): T[] {
  if (value === null || value === undefined) return [];
  const tuples = (typeof value === 'string' ? JSON.parse(value) : value) as unknown[][];
  return tuples.map(rowMakerOf(fields) as (tuple: unknown[]) => T);
}

/**
 * A function that turns a tuple into an object literal of `fields`, made once per field list: objects
 * built key by key in a loop took 2% of a team feed request's CPU profile, and one literal per row is the
 * shape V8 builds fastest. The field names are the server's own (JSON-quoted into the source).
 */
function rowMakerOf(fields: readonly string[]): (tuple: unknown[]) => unknown {
  const key = fields.join(',');
  let maker = rowMakers.get(key);
  if (!maker) {
    const body = fields.map((field, i) => `${JSON.stringify(field)}: t[${i}]`).join(', ');
    maker = new Function('t', `return { ${body} };`) as (tuple: unknown[]) => unknown;
    rowMakers.set(key, maker);
  }
  return maker;
}

/** One maker per field list; the lists are the server's own constants, a handful. */
const rowMakers = new Map<string, (tuple: unknown[]) => unknown>();
