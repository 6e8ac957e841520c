// Starts one server for the whole browser-test run and hands its URL to the tests.
import type { TestProject } from 'vitest/node';
import { type ServerProcess, startServerProcess } from './server-process.js';

let server: ServerProcess | undefined;

export default async function setup(project: TestProject) {
  server = await startServerProcess();
  project.provide('baseUrl', server.url);
  return async () => {
    await server?.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
