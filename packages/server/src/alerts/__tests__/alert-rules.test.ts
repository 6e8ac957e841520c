// The pure rules of alerts (issue 49): quiet hours in the member's own time zone, spanning midnight, and
// the push endpoints a production server refuses (the feeds' SSRF rule) while tests may use loopback.
import { describe, expect, it } from 'vitest';
import { retryDelayMs } from '../alert-worker.js';
import { endpointProblem } from '../push-endpoint.js';
import { quietUntil } from '../quiet-hours.js';
import { retryAfterMs } from '../send-push.js';

describe('quiet hours', () => {
  const night = { startMinute: 22 * 60, endMinute: 7 * 60, timeZone: 'America/New_York' };

  it('hold from the start to the end in the member’s time zone, across midnight', () => {
    // 23:30 in New York (UTC-5 in January) is 04:30 UTC: quiet until 07:00 local, 12:00 UTC.
    expect(quietUntil(new Date('2026-01-15T04:30:00Z'), night)?.toISOString()).toBe(
      '2026-01-15T12:00:00.000Z',
    );
    // 06:59 local: still quiet, one minute left.
    expect(quietUntil(new Date('2026-01-15T11:59:00Z'), night)?.toISOString()).toBe(
      '2026-01-15T12:00:00.000Z',
    );
  });

  it('do not hold outside the window, nor with equal start and end', () => {
    expect(quietUntil(new Date('2026-01-15T12:00:00Z'), night)).toBeNull(); // 07:00 local
    expect(quietUntil(new Date('2026-01-15T20:00:00Z'), night)).toBeNull(); // 15:00 local
    expect(
      quietUntil(new Date('2026-01-15T04:30:00Z'), { ...night, endMinute: night.startMinute }),
    ).toBeNull();
  });
});

describe('push endpoints', () => {
  const production = { allowPrivate: false };
  const development = { allowPrivate: true };

  it('are https; loopback http only outside production', () => {
    expect(endpointProblem('https://fcm.googleapis.com/fcm/send/abc', production)).toBeNull();
    expect(endpointProblem('http://127.0.0.1:4000/push/a', development)).toBeNull();
    expect(endpointProblem('http://127.0.0.1:4000/push/a', production)?.field).toBe('endpoint');
    expect(endpointProblem('http://push.example/abc', development)?.field).toBe('endpoint');
  });

  it('are never on a private network in production', () => {
    for (const url of [
      'https://10.0.0.5/push',
      'https://169.254.169.254/latest',
      'https://[::1]/p',
      'https://localhost/p',
    ]) {
      expect(endpointProblem(url, production)?.title).toBe('Endpoint is not a public address');
    }
  });
});

describe('retries', () => {
  it('double each time from the base, with at most 20% jitter, and obey Retry-After in seconds or as a date', () => {
    expect([1, 2, 3].map((n) => retryDelayMs(n, 5000, () => 0.5))).toEqual([5000, 10_000, 20_000]);
    expect(retryDelayMs(1, 5000, () => 0)).toBe(4000);
    expect(retryDelayMs(30, 5000, () => 0.5)).toBe(600_000);
    const now = Date.parse('2026-01-15T12:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Thu, 15 Jan 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
  });
});
