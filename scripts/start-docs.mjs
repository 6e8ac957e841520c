// The developer docs half of `npm start`: when docs/api (typedoc's output, served at /developers/) is
// missing or older than what it documents, builds it in a detached background process, so the server
// starts at once and serves the pages as soon as they are written (the server asks on every request).
// The build's output goes to .data/docs-build.log; a failed build leaves the "not built" page.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the reference documents: the packages' sources, the guides and the typedoc settings. */
const INPUTS = [
  'packages/contract/src',
  'packages/core/src',
  'packages/react/src',
  'packages/widgets/src',
  'docs/guides',
  'docs/reference-intro.md',
  'typedoc.json',
  'tsconfig.typedoc.json',
];

/** The newest modification time under `path` (a file or a folder, tests and node_modules skipped). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === '__tests__') continue;
    latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

/** Whether the docs of `root` are missing or older than any of their inputs. */
export function docsAreStale(root) {
  const index = join(root, 'docs', 'api', 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return INPUTS.some((input) => newest(join(root, input)) > built);
}

/** Starts `npm run docs` detached when the docs are stale; answers whether it did. */
export function buildDocsInBackground(root, { log = console.log } = {}) {
  if (!docsAreStale(root)) return false;
  const dataDir = join(root, '.data');
  mkdirSync(dataDir, { recursive: true });
  const out = openSync(join(dataDir, 'docs-build.log'), 'w');
  const child = spawn('npm', ['run', 'docs'], { cwd: root, detached: true, stdio: ['ignore', out, out] });
  child.unref();
  log(
    '[start] the developer docs are missing or stale: building them in the background (/developers/ shows them when done; log in .data/docs-build.log)',
  );
  return true;
}
