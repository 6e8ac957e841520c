// The repairs of split stories run beside a worker's next batches (issue 15): one at a time, in the
// order queued, a failed one dropped, and a worker whose repairs fall behind waits before queueing more.
import { describe, expect, it } from 'vitest';
import { RepairQueue } from '../repair-queue.js';

/** A repair that runs until `finish` is called, recording when it starts and ends. */
function gate(name: string, log: string[]) {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((r) => {
    finish = r;
  });
  return {
    repair: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
    },
    finish: () => finish(),
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('RepairQueue', () => {
  it('answers at once while few repairs wait, and runs them one at a time in order', async () => {
    const log: string[] = [];
    const queue = new RepairQueue(2);
    const a = gate('a', log);
    const b = gate('b', log);
    let queued = 0;
    void queue.add(a.repair).then(() => queued++);
    void queue.add(b.repair).then(() => queued++);
    await tick();
    // Both queued without waiting for either: the worker went on to its next batch.
    expect(queued).toBe(2);
    expect(log).toEqual(['start a']);
    a.finish();
    await tick();
    expect(log).toEqual(['start a', 'end a', 'start b']);
    b.finish();
    await queue.idle();
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b']);
  });

  it('makes the worker wait for the repair before its own once more than the limit are queued', async () => {
    const log: string[] = [];
    const queue = new RepairQueue(1);
    const a = gate('a', log);
    const b = gate('b', log);
    await queue.add(a.repair);
    let bQueued = false;
    const adding = queue.add(b.repair).then(() => {
      bQueued = true;
    });
    await tick();
    expect(bQueued).toBe(false);
    a.finish();
    await adding;
    expect(bQueued).toBe(true);
    b.finish();
    await queue.idle();
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b']);
  });

  it('drops a repair that fails and runs the next', async () => {
    const queue = new RepairQueue();
    const ran: string[] = [];
    await queue.add(async () => {
      throw new Error('lock timeout');
    });
    await queue.add(async () => {
      ran.push('next');
    });
    await expect(queue.idle()).resolves.toBeUndefined();
    expect(ran).toEqual(['next']);
  });
});
