// The per-page budget: 4 requests in any minute.
import { describe, expect, it } from 'vitest';
import { createRequestBudget } from '../request-budget.js';

describe('createRequestBudget', () => {
  it('allows 4 requests a minute and refills as the window slides', () => {
    let now = 0;
    const budget = createRequestBudget(undefined, undefined, () => now);
    const taken: boolean[] = [];
    for (const t of [0, 10_000, 20_000, 30_000]) {
      now = t;
      taken.push(budget.take());
    }
    expect(taken).toEqual([true, true, true, true]);
    now = 59_999;
    expect(budget.take()).toBe(false);
    now = 60_000;
    expect(budget.take()).toBe(true);
    expect(budget.take()).toBe(false);
    now = 70_000;
    expect(budget.take()).toBe(true);
  });
});
