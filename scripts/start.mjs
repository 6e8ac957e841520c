#!/usr/bin/env node
// The build half of `npm start`: builds the packages whose sources changed since their last build
// (scripts/build-changed.mjs) and exits; the npm script then `exec`s the server in its place, so the
// server gets the terminal's signals directly and no Node process of ours waits above it (npm's own
// process stays, as it does for every `npm start`). The server serves the site, the API, /cable and
// the logos on one port, on the embedded database in DATA_DIR (./.data), migrated and seeded on first
// start. SKIP_BUILD=1 starts the last build as it is.
import { fileURLToPath } from 'node:url';
import { buildChanged } from './build-changed.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

if (process.env.SKIP_BUILD) {
  console.log('[start] SKIP_BUILD is set: starting the last build');
} else {
  const started = Date.now();
  try {
    buildChanged(root);
  } catch (error) {
    console.error(`[start] ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
  console.log(
    `[start] build check done in ${((Date.now() - started) / 1000).toFixed(1)} s; starting the server`,
  );
}
