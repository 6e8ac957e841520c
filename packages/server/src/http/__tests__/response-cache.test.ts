import { describe, expect, it } from 'vitest';
import { cachedResponse, OUTDATED_SERVE_MS, ResponseCache } from '../response-cache.js';

const answer = (body: string) => cachedResponse(Buffer.from(body), 'application/json; charset=utf-8');

describe('ResponseCache', () => {
  it('serves an answer until its time to live runs out', () => {
    let now = 1000;
    const cache = new ResponseCache({ ttlMs: 30_000, maxBytes: 1_000_000, now: () => now });
    cache.set('/a', answer('{"a":1}'));
    now += 29_999;
    expect(cache.get('/a')?.body.toString()).toBe('{"a":1}');
    now += 1;
    expect(cache.get('/a')).toBeUndefined();
    // For one more time to live it is only served stale, while a replacement is computed.
    expect(cache.getStale('/a')?.body.toString()).toBe('{"a":1}');
    now += 29_999;
    expect(cache.getStale('/a')?.body.toString()).toBe('{"a":1}');
    now += 1;
    expect(cache.getStale('/a')).toBeUndefined();
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps an answer begun with a share of the time to live for that share only', async () => {
    let now = 0;
    const cache = new ResponseCache({ ttlMs: 30_000, maxBytes: 1_000_000, now: () => now });
    cache.begin('/half', 0.5)(answer('half'));
    cache.begin('/whole')(answer('whole'));
    now = 14_999;
    expect(cache.get('/half')?.body.toString()).toBe('half');
    now = 15_000;
    expect(cache.get('/half')).toBeUndefined();
    expect(cache.get('/whole')?.body.toString()).toBe('whole');
    now = 30_000;
    expect(cache.get('/whole')).toBeUndefined();
  });

  it('serves no stale answer before it expires or after an invalidation', () => {
    let now = 0;
    const cache = new ResponseCache({ ttlMs: 1000, maxBytes: 1_000_000, now: () => now });
    cache.set('/a', answer('old'));
    expect(cache.getStale('/a')).toBeUndefined();
    now = 1500;
    expect(cache.getStale('/a')?.body.toString()).toBe('old');
    cache.invalidateAll();
    expect(cache.getStale('/a')).toBeUndefined();
  });

  it('drops the least recently used answers beyond its byte budget', () => {
    // Each entry costs its body's bytes plus its key × 2 (a string): 100 + 2 × 2 = 104.
    const cache = new ResponseCache({ ttlMs: 60_000, maxBytes: 104 * 8 });
    const body = 'x'.repeat(100);
    for (let i = 0; i < 8; i++) cache.set(`/${i}`, answer(body));
    expect(cache.get('/0')?.body.toString()).toBe(body); // /0 is now the most recently used
    cache.set('/8', answer(body));
    expect(cache.get('/1')).toBeUndefined();
    expect(cache.get('/0')?.body.toString()).toBe(body);
    expect(cache.get('/8')?.body.toString()).toBe(body);
    expect(cache.size).toBe(104 * 8);
  });

  it('does not keep an answer larger than an eighth of the budget', () => {
    const cache = new ResponseCache({ ttlMs: 60_000, maxBytes: 800 });
    cache.set('/big', answer('y'.repeat(100)));
    expect(cache.get('/big')).toBeUndefined();
  });

  it('lets concurrent requests of one key share the first one’s answer', async () => {
    const cache = new ResponseCache({ ttlMs: 60_000, maxBytes: 1_000_000 });
    expect(cache.inFlight('/k')).toBeUndefined();
    const finish = cache.begin('/k');
    const waiting = cache.inFlight('/k');
    expect(waiting).toBeDefined();
    finish(answer('done'));
    await expect(waiting).resolves.toEqual(answer('done'));
    expect(cache.inFlight('/k')).toBeUndefined();
    expect(cache.get('/k')?.body.toString()).toBe('done');
  });

  it('forgets everything on invalidation, including answers computed across it', () => {
    const cache = new ResponseCache({ ttlMs: 60_000, maxBytes: 1_000_000 });
    cache.set('/old', answer('old'));
    const finish = cache.begin('/slow');
    cache.invalidateAll();
    expect(cache.get('/old')).toBeUndefined();
    expect(cache.inFlight('/slow')).toBeUndefined();
    // The slow answer may have read the database before the new content was stored.
    finish(answer('stale'));
    expect(cache.get('/slow')).toBeUndefined();
  });

  it('serves answers outdated by new content only while replaced, and for 2 s at most after the store', () => {
    let now = 0;
    const cache = new ResponseCache({ ttlMs: 30_000, maxBytes: 1_000_000, now: () => now });
    cache.set('/a', answer('before'));
    cache.set('/b', answer('before'));
    now = 1_000;
    cache.markStale();
    // Not fresh any more, but servable while its replacement is computed.
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.outdated('/a')).toBe(true);
    expect(cache.getStale('/a')?.body.toString()).toBe('before');
    // A later store does not extend the bound: it runs from the first store the answer does not show.
    now = 1_000 + OUTDATED_SERVE_MS - 1;
    cache.markStale();
    expect(cache.getStale('/a')?.body.toString()).toBe('before');
    // The replacement is fresh again.
    cache.begin('/a')(answer('after'));
    expect(cache.get('/a')?.body.toString()).toBe('after');
    expect(cache.outdated('/a')).toBe(false);
    // Past the bound nothing is served: the next request computes the page itself.
    now = 1_000 + OUTDATED_SERVE_MS;
    expect(cache.getStale('/b')).toBeUndefined();
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/a')?.body.toString()).toBe('after');
  });

  it('stores an answer computed across new content as outdated since that store', () => {
    let now = 0;
    const cache = new ResponseCache({ ttlMs: 30_000, maxBytes: 1_000_000, now: () => now });
    const finish = cache.begin('/slow');
    now = 100;
    cache.markStale();
    now = 200;
    // It may have read the database before the new content was stored.
    finish(answer('maybe without it'));
    expect(cache.get('/slow')).toBeUndefined();
    expect(cache.getStale('/slow')?.body.toString()).toBe('maybe without it');
    now = 100 + OUTDATED_SERVE_MS;
    expect(cache.getStale('/slow')).toBeUndefined();
  });

  it('serves nothing stored or outdated at a time the clock was then set back from', () => {
    let now = 7 * 3_600_000;
    const cache = new ResponseCache({ ttlMs: 30_000, maxBytes: 1_000_000, now: () => now });
    cache.set('/stored', answer('stored while the clock was ahead'));
    cache.set('/outdated', answer('outdated while the clock was ahead'));
    now += 1;
    cache.markStale();
    expect(cache.getStale('/outdated')?.body.toString()).toBe('outdated while the clock was ahead');
    // The clock is put back 7 hours: neither answer is 7 hours fresh.
    now = 1;
    expect(cache.get('/stored')).toBeUndefined();
    expect(cache.getStale('/stored')).toBeUndefined();
    expect(cache.getStale('/outdated')).toBeUndefined();
    expect(cache.get('/outdated')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops outdated answers too on invalidation (a change made through the API)', () => {
    const cache = new ResponseCache({ ttlMs: 30_000, maxBytes: 1_000_000 });
    cache.set('/a', answer('a'));
    cache.markStale();
    cache.invalidateAll();
    expect(cache.getStale('/a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps nothing when its time to live is 0', () => {
    const cache = new ResponseCache({ ttlMs: 0, maxBytes: 1_000_000 });
    expect(cache.enabled).toBe(false);
    cache.set('/a', answer('a'));
    expect(cache.get('/a')).toBeUndefined();
  });
});
