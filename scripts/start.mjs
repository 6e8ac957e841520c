#!/usr/bin/env node
// The build half of `npm start`: builds the packages whose sources changed since their last build
// (scripts/build-changed.mjs) and exits; the npm script then `exec`s the server in its place, so the
// server gets the terminal's signals directly and no Node process of ours waits above it (npm's own
// process stays, as it does for every `npm start`). The server serves the site, the API, /cable and
// the logos on one port, on the embedded database in DATA_DIR (./.data), migrated and seeded on first
// start, while the site builds. SKIP_BUILD=1 starts the last build as it is.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildChanged } from './build-changed.mjs';
import { buildDocsInBackground } from './start-docs.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** What preparing the data needs: the server, which bundles the contract. The rest builds meanwhile. */
const SERVER = new Set(['@sportspyder/contract', '@sportspyder/server']);

if (process.env.SKIP_BUILD) {
  console.log('[start] SKIP_BUILD is set: starting the last build');
} else {
  const started = Date.now();
  try {
    const built = buildChanged(root, { only: (name) => SERVER.has(name) });
    // The data folder (migrations, seed, demo: about 10 s on a first start) is prepared by the built
    // server in a child while the client packages, the site and the embeds build, not after them.
    const preparing = spawn(
      process.execPath,
      ['--input-type=module', '-e', "(await import('./packages/server/dist/index.js')).prepareDataAhead();"],
      { cwd: root, stdio: 'inherit' },
    );
    const prepared = new Promise((resolve) => preparing.on('exit', (code) => resolve(code)));
    built.push(...buildChanged(root, { only: (name) => !SERVER.has(name) }));
    if (built.length === 0) console.log('[start] every package is up to date; nothing to build');
    buildDocsInBackground(root);
    const code = await prepared;
    if (code !== 0) throw new Error('preparing the data failed; see above');
  } catch (error) {
    console.error(`[start] ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
  console.log(
    `[start] build check done in ${((Date.now() - started) / 1000).toFixed(1)} s; starting the server`,
  );
}
