/**
 * Renumbering of a statement's placeholders, for statements put together from others (folded one-row
 * statements, a feed's two lists sharing their details).
 * @module
 */

/**
 * Renumbers the placeholders of `sql` ($1, $2, ...) by `offset`. Only for the server's own SQL, which has
 * no `$` in its literals or identifiers.
 *
 * @example
 * ```ts
 * shiftPlaceholders('SELECT $1, $2', 3); // 'SELECT $4, $5'
 * ```
 */
export function shiftPlaceholders(sql: string, offset: number): string {
  return offset === 0 ? sql : sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
}
