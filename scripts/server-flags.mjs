#!/usr/bin/env node
// Prints the Node flags the server runs with (packages/server/node-flags.json, the one place they are
// kept), for the `npm start` command line: `exec env $(node scripts/server-flags.mjs --env) node
// $(node scripts/server-flags.mjs) ...`. With `--env` it prints the environment the process must start
// with instead (NAME=value pairs: glibc reads MALLOC_ARENA_MAX before any JavaScript runs); a value
// already set in the environment is kept.
// HEAP_GROWTH=default leaves out --heap-growing-percent: V8's own old-space growth, which costs memory
// (55-75 MB more: after the demo ingest, after the members' run) and makes full collections rarer under
// load (docs/decisions/performance-and-caching.md, "Members' run and the heap").
import { readFileSync } from 'node:fs';

const { flags, env } = JSON.parse(
  readFileSync(new URL('../packages/server/node-flags.json', import.meta.url), 'utf8'),
);
if (process.argv.includes('--env')) {
  process.stdout.write(
    Object.entries(env)
      .map(([name, value]) => `${name}=${process.env[name] || value}`)
      .join(' '),
  );
} else {
  const chosen =
    process.env.HEAP_GROWTH === 'default'
      ? flags.filter((f) => !f.startsWith('--heap-growing-percent'))
      : flags;
  process.stdout.write(chosen.join(' '));
}
