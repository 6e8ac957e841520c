import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_REGISTRATION_DELAY_MS, registerServiceWorker } from '../register.js';

/** A fake `navigator.serviceWorker` recording registrations, with or without a controlling worker. */
function fakeContainer(controller: object | null) {
  const register = vi.fn(() => Promise.resolve({}));
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller, register } });
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
  return register;
}

/** Timers that run only when the test says so. */
function manualTimers() {
  const timeouts: { run: () => void; ms: number }[] = [];
  const idle: { run: () => void; timeout: number }[] = [];
  return {
    timeouts,
    idle,
    timers: {
      setTimeout: (run: () => void, ms: number) => timeouts.push({ run, ms }),
      requestIdleCallback: (run: () => void, options: { timeout: number }) =>
        idle.push({ run, timeout: options.timeout }),
    },
  };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('registerServiceWorker', () => {
  it('waits for the first screen and an idle moment before a first install downloads the shell', () => {
    const register = fakeContainer(null);
    const { timeouts, idle, timers } = manualTimers();
    registerServiceWorker(timers); // jsdom's document is already complete: the load event has passed
    expect(register).not.toHaveBeenCalled();
    expect(timeouts.map((t) => t.ms)).toEqual([FIRST_REGISTRATION_DELAY_MS]);
    timeouts[0]?.run();
    expect(register).not.toHaveBeenCalled();
    expect(idle.map((i) => i.timeout)).toEqual([2_000]);
    idle[0]?.run();
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('checks for an update at once on a page a worker already controls', () => {
    const register = fakeContainer({ state: 'activated' });
    const { timeouts, timers } = manualTimers();
    registerServiceWorker(timers);
    expect(register).toHaveBeenCalledTimes(1);
    expect(timeouts).toEqual([]);
  });

  it('registers after the delay where the browser has no idle callback', () => {
    const register = fakeContainer(null);
    const { timeouts, timers } = manualTimers();
    registerServiceWorker({ setTimeout: timers.setTimeout });
    timeouts[0]?.run();
    expect(register).toHaveBeenCalledTimes(1);
  });
});
