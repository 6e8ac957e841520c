/**
 * The page's side of the service worker (issue 49): registers `/sw.js` once the page has loaded, and
 * gives the version reload rule (core `reload-gate.ts`) a reload that first lets a waiting new worker
 * take over, so the reloaded page and its worker are of the same version. The worker never takes over
 * on its own (no skipWaiting in sw.ts without this message): an open page keeps the worker whose
 * precached files it was loaded with until the rule reloads it.
 * @module
 */
import { SKIP_WAITING_MESSAGE } from '@sportspyder/core';

/** How long a reload waits for the new worker to install and take over before reloading anyway. */
export const WORKER_HANDOVER_TIMEOUT_MS = 10_000;

/**
 * How long after the load event a first registration waits. The load event of this single-page site
 * comes before its first screen: the page's API reads and their render follow it. A first install
 * downloads the whole shell (about 760 KB), which on a phone competes with those reads for the network
 * and the CPU; measured on the team news page (desktop, 6 loads each, 2026-12-03), registering at load
 * made the largest paint about 400 ms later than without a worker. So a page without a worker yet
 * registers once its first screen is done.
 */
export const FIRST_REGISTRATION_DELAY_MS = 3_000;

/** The timers {@link registerServiceWorker} waits with (injectable for tests). */
export interface RegistrationTimers {
  setTimeout: (run: () => void, ms: number) => unknown;
  requestIdleCallback?: ((run: () => void, options: { timeout: number }) => unknown) | undefined;
}

const browserTimers = (): RegistrationTimers => ({
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  requestIdleCallback:
    typeof window.requestIdleCallback === 'function'
      ? (run, options) => window.requestIdleCallback(run, options)
      : undefined,
});

/**
 * Registers the service worker (it then precaches the shell). A page a worker already controls registers
 * at its load event (that only checks for an update); a page without one waits
 * {@link FIRST_REGISTRATION_DELAY_MS} after the load event, then for an idle moment (2 s at most).
 */
export function registerServiceWorker(timers: RegistrationTimers = browserTimers()): void {
  const container = navigator.serviceWorker;
  if (!container || !window.isSecureContext) return;
  const register = () => {
    // A page that cannot register (private modes, policies) works as before, online only.
    container.register('/sw.js', { scope: '/' }).catch(() => undefined);
  };
  const afterLoad = () => {
    if (container.controller) return register();
    timers.setTimeout(() => {
      if (timers.requestIdleCallback) timers.requestIdleCallback(register, { timeout: 2_000 });
      else register();
    }, FIRST_REGISTRATION_DELAY_MS);
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}

function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return Promise.race([promise, new Promise<undefined>((resolve) => setTimeout(resolve, ms))]);
}

function installed(worker: ServiceWorker): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (worker.state !== 'installing') {
        worker.removeEventListener('statechange', check);
        resolve();
      }
    };
    worker.addEventListener('statechange', check);
    check();
  });
}

/**
 * Lets the newest installed worker take over this page (asking the server for a new one first).
 * Resolves when it has, when there is none, or after {@link WORKER_HANDOVER_TIMEOUT_MS}.
 */
export async function handOverToNewWorker(): Promise<void> {
  const container = navigator.serviceWorker;
  if (!container?.controller) return;
  const work = async () => {
    const registration = await container.getRegistration();
    if (!registration) return;
    await registration.update().catch(() => undefined);
    const installing = registration.installing;
    if (installing) await installed(installing);
    const waiting = registration.waiting;
    if (!waiting) return;
    const tookOver = new Promise<void>((resolve) =>
      container.addEventListener('controllerchange', () => resolve(), { once: true }),
    );
    waiting.postMessage(SKIP_WAITING_MESSAGE);
    await tookOver;
  };
  await within(
    work().catch(() => undefined),
    WORKER_HANDOVER_TIMEOUT_MS,
  );
}

/** The site's reload: the new worker first, then the page (`reload`, by default `location.reload()`). */
export function reloadWithNewWorker(reload: () => void = () => window.location.reload()): Promise<void> {
  return handOverToNewWorker().finally(reload);
}
