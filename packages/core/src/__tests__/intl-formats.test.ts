// Formatters made once per locale and options (intl-formats.ts): the same options in any order share
// one, different options or locales do not, and what they write is Intl's.
import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from '../intl-formats.js';

describe('cached Intl formatters', () => {
  it('gives one DateTimeFormat for the same locale and options, in any order of fields', () => {
    const a = dateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
    const b = dateTimeFormat('en-US', { timeZone: 'UTC', day: 'numeric', month: 'short' });
    expect(b).toBe(a);
    // An undefined field is the same as none.
    expect(
      dateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC', year: undefined }),
    ).toBe(a);
    expect(a.format(new Date('2026-11-03T12:00:00Z'))).toBe('Nov 3');
  });

  it('gives another formatter for other options, zones or locales', () => {
    const utc = dateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
    const ny = dateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'America/New_York' });
    expect(ny).not.toBe(utc);
    const at = new Date('2026-11-03T18:30:00Z');
    expect(utc.format(at)).toBe('6:30 PM');
    expect(ny.format(at)).toBe('1:30 PM');
    expect(dateTimeFormat('de-DE', { month: 'long', timeZone: 'UTC' }).format(at)).toBe('November');
  });

  it('caches NumberFormat the same way', () => {
    expect(numberFormat('en-US')).toBe(numberFormat('en-US', {}));
    expect(numberFormat('en-US').format(12345)).toBe('12,345');
    expect(numberFormat('de-DE').format(12345)).toBe('12.345');
  });
});
