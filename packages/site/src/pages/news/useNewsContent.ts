/**
 * The reads of the news pages: the site's `useContent` (a core resource function through the cache)
 * under the news pages' own key names, plus the parsed `?page=` and numeric route ids.
 * @module
 */
export { useContent as useNewsContent } from '../sport/useContent.js';

/** A positive integer id from a route parameter, or null when it is not one. */
export function numericId(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}
