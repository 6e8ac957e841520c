// Secrets compared in constant time (issue 47): the rate-limit skip secret and the page cache's refresh
// token go through crypto.timingSafeEqual on equal-length digests, never through `===`, whose time
// tells how many leading characters of a guess were right.
import * as crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('node:crypto', async (original) => {
  const actual = await original<typeof import('node:crypto')>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

const { sameSecret } = await import('../constant-time.js');
const { skipsRateLimit } = await import('../security.js');
const { isPageCacheRefresh } = await import('../background-refresh.js');

const compared = vi.mocked(crypto.timingSafeEqual);

beforeEach(() => {
  compared.mockClear();
});

/** The buffers of every constant-time comparison made so far. */
const comparisons = () => compared.mock.calls.map(([a, b]) => [(a as Buffer).length, (b as Buffer).length]);

const remote = (headers: Record<string, string>) =>
  ({ headers, raw: { socket: { remoteAddress: '203.0.113.9' } } }) as unknown as Pick<
    FastifyRequest,
    'headers' | 'raw'
  >;

describe('constant-time secret comparisons', () => {
  it('sameSecret compares 32-byte digests whatever the lengths, and refuses missing values', () => {
    expect(sameSecret('s3cret', 's3cret')).toBe(true);
    expect(sameSecret('s3cres', 's3cret')).toBe(false);
    expect(sameSecret('a much longer guess than the secret', 's3cret')).toBe(false);
    expect(comparisons()).toEqual([
      [32, 32],
      [32, 32],
      [32, 32],
    ]);
    expect(sameSecret(undefined, 's3cret')).toBe(false);
    expect(sameSecret('x', undefined)).toBe(false);
  });

  it('the X-Skip-Limit secret', () => {
    const config = { production: true, rateLimitSkipSecret: 'skip-secret-value' };
    expect(skipsRateLimit(remote({ 'x-skip-limit': 'skip-secret-valuf' }), config)).toBe(false);
    expect(skipsRateLimit(remote({ 'x-skip-limit': 'skip-secret-value' }), config)).toBe(true);
    expect(comparisons()).toEqual([
      [32, 32],
      [32, 32],
    ]);
  });

  it("the page cache's refresh token", () => {
    expect(isPageCacheRefresh({ headers: { 'x-sportspyder-cache-refresh': 'guess' } })).toBe(false);
    expect(comparisons()).toEqual([[32, 32]]);
  });
});
