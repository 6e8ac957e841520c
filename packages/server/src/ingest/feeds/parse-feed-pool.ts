/**
 * Feed parsing off the server's thread: a large document (over {@link OFF_THREAD_MIN_CHARS}) is parsed
 * by one worker thread (`parse-feed-worker.ts`), so the 100–200 ms a big podcast feed costs no longer
 * delays the requests the server answers meanwhile (issue 44's catalogue replay: visitors' p99 during a
 * round of fetches). Small documents are parsed in place: for them the copy to and from the worker
 * costs more than it saves. The answer is the same either way; only where the CPU is spent changes.
 *
 * A parse that takes longer than {@link PARSE_TIMEOUT_MS} (a document built to be slow) ends the worker
 * and answers an error for that feed; the next large document starts a new worker. When no worker can
 * start (a runtime without the worker's file), documents are parsed in place.
 * @module
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type ParseFeedOptions, type ParseFeedResult, parseFeed } from './parse-feed.js';
import type { ParseFeedJob } from './parse-feed-worker.js';

/** Documents at least this long (in characters) are parsed off the server's thread. */
export const OFF_THREAD_MIN_CHARS = 48 * 1024;
/** The longest a parse may take before its worker is ended and the feed reported unreadable. */
export const PARSE_TIMEOUT_MS = 20_000;
/** A worker idle this long is ended (its heap returned); the next large document starts another. */
export const WORKER_IDLE_MS = 30_000;
/**
 * The worker's heap limits: a young generation as small as the server's own (`--max-semi-space-size=4`,
 * scripts/server-flags.mjs), so the worker does not add a large one to the process's RSS, and an old
 * generation that reads the largest feed accepted (10 MiB) with room to spare. A document that needs more
 * ends the worker and is reported unreadable.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 12, maxOldGenerationSizeMb: 512 };

interface Pending {
  /** The worker the job was sent to. */
  thread: Worker;
  text: string;
  options: ParseFeedOptions;
  resolve: (result: ParseFeedResult) => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * The worker to start: the bundle's `parse-feed-worker.js` beside the built server (a tsup entry), or,
 * running from source (tsx, vitest), a bootstrap that registers tsx in the new thread and imports the
 * TypeScript source (a worker does not inherit the loader of the thread that starts it).
 */
function newWorker(): Worker | null {
  const built = new URL('./parse-feed-worker.js', import.meta.url);
  if (built.protocol !== 'file:') return null;
  if (existsSync(fileURLToPath(built))) return new Worker(built, { resourceLimits: WORKER_LIMITS });
  const source = new URL('./parse-feed-worker.ts', import.meta.url);
  if (!existsSync(fileURLToPath(source))) return null;
  let tsx: string;
  try {
    // The package's ESM build of the API (its CommonJS one cannot register the ESM hooks), beside the
    // CommonJS file `require.resolve` finds.
    const api = createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs');
    tsx = pathToFileURL(api).href;
  } catch {
    return null;
  }
  const bootstrap = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(source.href)}); });`;
  return new Worker(bootstrap, { eval: true, resourceLimits: WORKER_LIMITS });
}

let worker: Worker | null = null;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let unavailable = false;
let nextId = 1;
const pending = new Map<number, Pending>();

/** Fails the jobs `thread` held (a worker that ended); another worker's jobs go on. */
function failAll(thread: Worker, message: string): void {
  for (const [id, job] of pending) {
    if (job.thread !== thread) continue;
    clearTimeout(job.timer);
    job.resolve({ kind: 'error', code: 'malformed', message });
    pending.delete(id);
  }
}

function startWorker(): Worker | null {
  if (worker) return worker;
  if (unavailable) return null;
  const started = newWorker();
  if (!started) {
    unavailable = true;
    return null;
  }
  let answered = false;
  // An idle worker never keeps the process alive; one with a job in hand is ref'ed (see parseFeedOffThread).
  started.unref();
  started.on('message', (message: { id: number; result: ParseFeedResult }) => {
    answered = true;
    const job = pending.get(message.id);
    if (!job) return;
    pending.delete(message.id);
    clearTimeout(job.timer);
    job.resolve(message.result);
    if (pending.size === 0) {
      started.unref();
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => {
        if (worker === started && pending.size === 0) {
          // Ended on purpose: its exit fails nothing (it holds no job).
          worker = null;
          void started.terminate();
        }
      }, WORKER_IDLE_MS);
      idleTimer.unref?.();
    }
  });
  const gone = (why: string) => {
    if (worker === started) worker = null;
    if (!answered) {
      // It never worked (no worker support, a broken install): parse in place from now on.
      unavailable = true;
      for (const [id, job] of pending) {
        if (job.thread !== started) continue;
        clearTimeout(job.timer);
        job.resolve(parseFeed(job.text, job.options));
        pending.delete(id);
      }
      return;
    }
    failAll(started, why);
  };
  started.on('error', (error) => gone(`The feed could not be read: ${error.message.slice(0, 300)}`));
  started.on('exit', () => gone('The feed could not be read: its parser stopped'));
  worker = started;
  return started;
}

/**
 * Parses a feed document like {@link parseFeed}, a large one on the worker thread. Never rejects.
 * @example
 * const parsed = await parseFeedOffThread(fetched.body, { baseUrl: fetched.finalUrl, now });
 */
export async function parseFeedOffThread(
  text: string,
  options: ParseFeedOptions = {},
): Promise<ParseFeedResult> {
  if (text.length < OFF_THREAD_MIN_CHARS) return parseFeed(text, options);
  const thread = startWorker();
  if (!thread) return parseFeed(text, options);
  const id = nextId++;
  return new Promise<ParseFeedResult>((resolve) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      resolve({
        kind: 'error',
        code: 'malformed',
        message: `The feed could not be read: parsing took longer than ${PARSE_TIMEOUT_MS / 1000} s`,
      });
      // The worker is stuck in that document: end it (the other jobs it held fail with it).
      if (worker === thread) worker = null;
      void thread.terminate();
    }, PARSE_TIMEOUT_MS);
    timer.unref?.();
    pending.set(id, { thread, text, options, resolve, timer });
    clearTimeout(idleTimer);
    thread.ref();
    thread.postMessage({ id, text, options } satisfies ParseFeedJob);
  });
}

/**
 * Ends the worker thread (tests; a server's close). Jobs in hand answer an error.
 * @example
 * await stopFeedParser();
 */
export async function stopFeedParser(): Promise<void> {
  const thread = worker;
  worker = null;
  if (thread) await thread.terminate();
}
