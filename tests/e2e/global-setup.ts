// Starts one server for the whole browser-test run and hands its URL to the tests.
import type { TestProject } from 'vitest/node';
import { type ServerProcess, startServerProcess } from './server-process.js';

let server: ServerProcess | undefined;

export default async function setup(project: TestProject) {
  // ADS=on: the browser tests of ad slots (ads.e2e.ts, billing.e2e.ts) need the slots an ad network
  // would fill; without it (the default) no slot takes any space (docs/ad-slots.md).
  server = await startServerProcess({ shiftableClock: true, env: { ADS: 'on' } });
  project.provide('baseUrl', server.url);
  project.provide('serverDataDir', server.dataDir);
  project.provide('serverPid', server.pid);
  return async () => {
    await server?.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR (content.e2e.ts adds an article to a demo feed file there). */
    serverDataDir: string;
    /** The server's process id (SIGUSR2 moves its clock, see server-clock.mjs). */
    serverPid: number;
  }
}
