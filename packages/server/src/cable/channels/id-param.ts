/**
 * Reads a positive integer id from a subscription's params (a number or its digits as a string, as
 * ActionCable clients send either); anything else is null, and the subscription is rejected.
 * @module
 */

/** The id in `value`, or null. */
export function idParam(value: unknown): number | null {
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
}
