// A new version under the reload rule (issue 49): the site's reload first lets a waiting service worker
// take over (it never does so on its own), then reloads, so the reloaded page and its worker are of the
// same version; without a new worker it reloads at once. The browser's service worker container is a
// small double here; the real one is driven in tests/e2e/offline.e2e.ts.
import { SKIP_WAITING_MESSAGE } from '@sportspyder/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handOverToNewWorker, reloadWithNewWorker } from '../service-worker/register.js';

class FakeWorker extends EventTarget {
  messages: unknown[] = [];
  constructor(
    public state: string,
    private readonly onMessage: (worker: FakeWorker, message: unknown) => void = () => undefined,
  ) {
    super();
  }
  postMessage(message: unknown) {
    this.messages.push(message);
    this.onMessage(this, message);
  }
  setState(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeContainer extends EventTarget {
  controller: FakeWorker | null = new FakeWorker('activated');
  registration = {
    installing: null as FakeWorker | null,
    waiting: null as FakeWorker | null,
    update: vi.fn(async () => undefined),
  };
  getRegistration = async () => this.registration;
}

function install(container: FakeContainer | undefined) {
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
}

afterEach(() => {
  install(undefined);
  vi.useRealTimers();
});

/** A waiting worker that becomes the controller when told to skip waiting, as a real one does. */
function waitingWorker(container: FakeContainer) {
  return new FakeWorker('installed', (worker, message) => {
    if (message !== SKIP_WAITING_MESSAGE) return;
    setTimeout(() => {
      container.controller = worker;
      worker.setState('activated');
      container.dispatchEvent(new Event('controllerchange'));
    }, 10);
  });
}

describe('reloading for a new version', () => {
  it('tells the waiting worker to take over and reloads only once it controls the page', async () => {
    const container = new FakeContainer();
    const worker = waitingWorker(container);
    container.registration.waiting = worker;
    install(container);
    const reload = vi.fn(() => expect(container.controller).toBe(worker));
    await reloadWithNewWorker(reload);
    expect(container.registration.update).toHaveBeenCalled();
    expect(worker.messages).toEqual([SKIP_WAITING_MESSAGE]);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('waits for a worker still installing, then hands over', async () => {
    const container = new FakeContainer();
    const worker = waitingWorker(container);
    worker.state = 'installing';
    container.registration.installing = worker;
    install(container);
    const handover = handOverToNewWorker();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(worker.messages).toEqual([]);
    container.registration.installing = null;
    container.registration.waiting = worker;
    worker.setState('installed');
    await handover;
    expect(worker.messages).toEqual([SKIP_WAITING_MESSAGE]);
    expect(container.controller).toBe(worker);
  });

  it('reloads at once when there is no new worker, or no worker at all', async () => {
    const container = new FakeContainer();
    install(container);
    const reload = vi.fn();
    await reloadWithNewWorker(reload);
    expect(reload).toHaveBeenCalledTimes(1);
    install(undefined);
    await reloadWithNewWorker(reload);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('reloads anyway when the new worker does not take over in time', async () => {
    vi.useFakeTimers();
    const container = new FakeContainer();
    const stuck = new FakeWorker('installed');
    container.registration.waiting = stuck;
    install(container);
    const reload = vi.fn();
    const done = reloadWithNewWorker(reload);
    await vi.advanceTimersByTimeAsync(9_000);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_500);
    await done;
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
