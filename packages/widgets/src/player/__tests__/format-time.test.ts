import { describe, expect, it } from 'vitest';
import { formatTime } from '../format-time.js';

describe('formatTime', () => {
  it.each([
    [0, '0:00'],
    [9.9, '0:09'],
    [75, '1:15'],
    [600, '10:00'],
    [3723, '1:02:03'],
    [-5, '0:00'],
    [Number.NaN, '0:00'],
  ])('formats %s s as %s', (seconds, text) => {
    expect(formatTime(seconds)).toBe(text);
  });
});
