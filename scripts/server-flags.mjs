#!/usr/bin/env node
// Prints the Node flags the server runs with (packages/server/node-flags.json, the one place they are
// kept), for the `npm start` command line: `exec node $(node scripts/server-flags.mjs) ...`.
import { readFileSync } from 'node:fs';

const { flags } = JSON.parse(
  readFileSync(new URL('../packages/server/node-flags.json', import.meta.url), 'utf8'),
);
process.stdout.write(flags.join(' '));
