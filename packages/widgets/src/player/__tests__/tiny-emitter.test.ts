// The stand-in for eventemitter3 that the player bundle's core store runs on must behave like it.
import { EventEmitter as Original } from 'eventemitter3';
import { describe, expect, it } from 'vitest';
import { EventEmitter as Tiny } from '../tiny-emitter.js';

describe.each([
  ['eventemitter3', Original],
  ['tiny-emitter', Tiny],
])('%s as the store uses it', (_name, Emitter) => {
  it('calls listeners in order, twice when added twice, and counts them', () => {
    const emitter = new Emitter();
    const calls: string[] = [];
    const a = () => calls.push('a');
    const b = () => calls.push('b');
    expect(emitter.emit('change')).toBe(false);
    emitter.on('change', a);
    emitter.on('change', b);
    emitter.on('change', a);
    expect(emitter.listenerCount('change')).toBe(3);
    expect(emitter.emit('change')).toBe(true);
    expect(calls).toEqual(['a', 'b', 'a']);
  });

  it('off removes every copy of a listener, and only of that event', () => {
    const emitter = new Emitter();
    const calls: string[] = [];
    const a = () => calls.push('a');
    emitter.on('change', a);
    emitter.on('change', a);
    emitter.on('other', a);
    emitter.off('change', a);
    emitter.emit('change');
    expect(calls).toEqual([]);
    expect(emitter.listenerCount('change')).toBe(0);
    expect(emitter.listenerCount('other')).toBe(1);
  });

  it('still delivers the current event to a listener removed during it', () => {
    const emitter = new Emitter();
    const calls: string[] = [];
    const b = () => calls.push('b');
    emitter.on('change', () => {
      calls.push('a');
      emitter.off('change', b);
    });
    emitter.on('change', b);
    emitter.emit('change');
    emitter.emit('change');
    expect(calls).toEqual(['a', 'b', 'a']);
  });
});
