import { describe, expect, it } from 'vitest';
import { SharedAnswers } from '../shared-answers.js';

describe('SharedAnswers', () => {
  it('computes a key once for its time to live, then again', async () => {
    const clock = { now: 1_000 };
    const shared = new SharedAnswers<number>(30_000, () => clock.now);
    let computed = 0;
    const compute = async () => ++computed;
    expect(await shared.get('team:1', compute)).toBe(1);
    clock.now += 29_999;
    expect(await shared.get('team:1', compute)).toBe(1);
    expect(await shared.get('team:2', compute)).toBe(2);
    clock.now += 1;
    expect(await shared.get('team:1', compute)).toBe(3);
  });

  it('gives concurrent readers of a missing key one computation', async () => {
    const shared = new SharedAnswers<string>(30_000);
    let calls = 0;
    let finish: (value: string) => void = () => {};
    const compute = () => {
      calls++;
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    };
    const first = shared.get('top', compute);
    const second = shared.get('top', compute);
    finish('stories');
    expect(await Promise.all([first, second])).toEqual(['stories', 'stories']);
    expect(calls).toBe(1);
  });

  it('does not keep a failed computation: the next reader computes again', async () => {
    const shared = new SharedAnswers<string>(30_000);
    await expect(shared.get('top', () => Promise.reject(new Error('database gone')))).rejects.toThrow(
      'database gone',
    );
    expect(await shared.get('top', async () => 'back')).toBe('back');
  });

  it('computes every time with a time to live of 0', async () => {
    const shared = new SharedAnswers<number>(0);
    let computed = 0;
    await shared.get('top', async () => ++computed);
    await shared.get('top', async () => ++computed);
    expect(computed).toBe(2);
  });
});
