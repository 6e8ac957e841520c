#!/usr/bin/env node
// `npm start`: builds every package (contract, core, react, server, site) and starts the server,
// which serves the site, the API, /cable and the logos on one port, on the embedded database in
// DATA_DIR (./.data), migrated and seeded on first start. Set SKIP_BUILD=1 to start the last build.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

if (!process.env.SKIP_BUILD) {
  console.log('[start] building the packages (npm run build)...');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('[start] the build failed; see above.');
    process.exit(build.status ?? 1);
  }
}

const { flags } = JSON.parse(
  readFileSync(new URL('../packages/server/node-flags.json', import.meta.url), 'utf8'),
);
const server = spawn(process.execPath, [...flags, 'packages/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
});
// Forward stop signals so the server shuts down gracefully (closes sockets and the database).
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
