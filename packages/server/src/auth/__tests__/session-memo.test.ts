import { describe, expect, it } from 'vitest';
import { SessionMemo } from '../session-memo.js';

function memoAt(start = 1_000_000, ttlMs = 30_000, max = 100) {
  const clock = { now: start };
  const told: number[] = [];
  const memo = new SessionMemo(
    (userId) => told.push(userId),
    ttlMs,
    () => clock.now,
    max,
  );
  return { memo, clock, told };
}

const FAR = new Date(9_000_000_000_000);

describe('SessionMemo', () => {
  it('remembers a live session for its time to live, then asks the database again', () => {
    const { memo, clock } = memoAt();
    expect(memo.lookup('a')).toBeUndefined();
    memo.rememberSession('a', 7, FAR, memo.epoch);
    expect(memo.lookup('a')).toBe(7);
    clock.now += 29_999;
    expect(memo.lookup('a')).toBe(7);
    clock.now += 1;
    expect(memo.lookup('a')).toBeUndefined();
    expect(memo.size).toBe(0);
  });

  it('never answers for a session past its own expiry', () => {
    const { memo, clock } = memoAt();
    memo.rememberSession('a', 7, new Date(clock.now + 5_000), memo.epoch);
    clock.now += 5_000;
    expect(memo.lookup('a')).toBeUndefined();
  });

  it('forgets every session of a member whose sessions ended, and tells the other processes', () => {
    const { memo, told } = memoAt();
    memo.rememberSession('a', 7, FAR, memo.epoch);
    memo.rememberSession('b', 7, FAR, memo.epoch);
    memo.rememberSession('c', 8, FAR, memo.epoch);
    memo.ended(7);
    expect(memo.lookup('a')).toBeUndefined();
    expect(memo.lookup('b')).toBeUndefined();
    expect(memo.lookup('c')).toBe(8);
    expect(told).toEqual([7]);
    // Another process's sign-out, heard on the bus: forgotten here, not told again.
    memo.forgetUser(8);
    expect(memo.lookup('c')).toBeUndefined();
    expect(told).toEqual([7]);
  });

  it('does not remember a lookup that overlapped a forget (it may have read a row since deleted)', () => {
    const { memo } = memoAt();
    const epoch = memo.epoch;
    memo.ended(7);
    memo.rememberSession('a', 7, FAR, epoch);
    expect(memo.lookup('a')).toBeUndefined();
    memo.rememberSession('a', 7, FAR, memo.epoch);
    expect(memo.lookup('a')).toBe(7);
  });

  it('keeps at most its maximum, forgetting the oldest first', () => {
    const { memo } = memoAt(1_000_000, 30_000, 2);
    memo.rememberSession('a', 1, FAR, memo.epoch);
    memo.rememberSession('b', 2, FAR, memo.epoch);
    memo.rememberSession('c', 3, FAR, memo.epoch);
    expect(memo.size).toBe(2);
    expect(memo.lookup('a')).toBeUndefined();
    expect(memo.lookup('b')).toBe(2);
    expect(memo.lookup('c')).toBe(3);
  });

  it('remembers nothing with a time to live of 0', () => {
    const { memo } = memoAt(1_000_000, 0);
    memo.rememberSession('a', 1, FAR, memo.epoch);
    expect(memo.lookup('a')).toBeUndefined();
  });
});
