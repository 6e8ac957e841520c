/**
 * The worker thread of `parse-feed-pool.ts`: parses the feed documents it is sent with {@link parseFeed}
 * and posts the results back. Parsing a large feed takes 100–200 ms of CPU (a 1.6 MB podcast feed of
 * 730 episodes), which on the server's own thread would hold every visitor's request that long.
 * @module
 */
import { parentPort } from 'node:worker_threads';
import { type ParseFeedOptions, parseFeed } from './parse-feed.js';

/** A job sent to the worker. */
export interface ParseFeedJob {
  id: number;
  text: string;
  options: ParseFeedOptions;
}

parentPort?.on('message', (job: ParseFeedJob) => {
  parentPort?.postMessage({ id: job.id, result: parseFeed(job.text, job.options) });
});
