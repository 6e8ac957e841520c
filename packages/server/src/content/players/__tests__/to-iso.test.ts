import { describe, expect, it } from 'vitest';
import { toIso } from '../refs.js';

// toIso reads UTC times from JSON columns without a Date per field; its answers must stay what a Date
// gives, since they are the API's `postedDate`, `spyderDate` and `publishedAt`.
describe('toIso', () => {
  it('answers what Date answers for the times PostgreSQL writes in JSON', () => {
    for (const value of [
      '2026-11-27T11:46:26.190999+00:00',
      '2026-11-27T11:46:26+00:00',
      '2026-11-27T11:46:26.1+00:00',
      '2026-11-27T11:46:26.19+00:00',
      '2026-02-28T23:59:59.999999+00:00',
      '2026-11-27T11:46:26.123Z',
    ]) {
      expect(toIso(value), value).toBe(new Date(value).toISOString());
    }
  });

  it('converts other time zones and Date values through Date', () => {
    expect(toIso('2026-11-27T12:46:26.5+01:00')).toBe('2026-11-27T11:46:26.500Z');
    expect(toIso('2026-11-27 11:46:26.25-05')).toBe('2026-11-27T16:46:26.250Z');
    expect(toIso(new Date(Date.UTC(2026, 10, 27, 11, 46, 26, 7)))).toBe('2026-11-27T11:46:26.007Z');
  });
});
