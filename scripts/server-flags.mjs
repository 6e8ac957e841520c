#!/usr/bin/env node
// Prints the Node flags the server runs with (packages/server/node-flags.json, the one place they are
// kept), for the `npm start` command line: `exec node $(node scripts/server-flags.mjs) ...`.
// HEAP_GROWTH=default leaves out --heap-growing-percent: V8's own old-space growth, which costs memory
// (55-75 MB more: after the demo ingest, after the members' run) and saves the frequent full collections that make most of
// the members' p99 at 300 requests a second (docs/decisions.md, "Members' run and the heap").
import { readFileSync } from 'node:fs';

const { flags } = JSON.parse(
  readFileSync(new URL('../packages/server/node-flags.json', import.meta.url), 'utf8'),
);
const chosen =
  process.env.HEAP_GROWTH === 'default'
    ? flags.filter((f) => !f.startsWith('--heap-growing-percent'))
    : flags;
process.stdout.write(chosen.join(' '));
