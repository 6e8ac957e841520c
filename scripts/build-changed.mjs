// Builds only the workspace packages whose inputs changed since their last build (issue "First-run
// quality": `npm start` rebuilt all six packages on every start, 23-24 s before /healthz answered).
// A package's inputs are its own files (sources, configs, package.json; not dist, tests or runtime
// data), the lockfile and the base tsconfig, and the input hashes of the workspace packages it depends
// on, so a change in core rebuilds react and the site too. The hash is compared by content, never by
// timestamps (a checkout or a copy touches every file), and stored in the package's dist after a
// successful build: an interrupted build leaves the old hash, so it is built again next time.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join, relative } from 'node:path';

/** Where a package's last built input hash is kept. */
export const HASH_FILE = join('dist', '.build-input-hash');

// Not inputs of a build: its output, installed modules, tests and what the server reads at runtime.
const SKIPPED_DIRS = new Set(['dist', 'node_modules', '__tests__', 'data', 'test-fixtures', '.vite']);
const SKIPPED_FILE = /\.(test|spec)\.[cm]?[jt]sx?$|\.md$/;
const ROOT_INPUTS = ['package-lock.json', 'tsconfig.base.json'];

function listFiles(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) listFiles(join(dir, entry.name), out);
    } else if (!SKIPPED_FILE.test(entry.name)) out.push(join(dir, entry.name));
  }
  return out;
}

/**
 * The workspace packages in build order (the root package.json's `workspaces` order), each with the
 * names of the workspace packages it depends on.
 */
export function workspacePackages(root) {
  const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const packages = workspaces.map((dir) => {
    const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
    const deps = Object.keys({
      ...manifest.dependencies,
      ...manifest.devDependencies,
      ...manifest.peerDependencies,
    });
    return { dir, name: manifest.name, deps, hasBuild: Boolean(manifest.scripts?.build) };
  });
  const names = new Set(packages.map((p) => p.name));
  return packages.map((p) => ({ ...p, deps: p.deps.filter((d) => names.has(d)) }));
}

/** The input hash of every package, by name (a package's hash covers its dependencies' hashes). */
export function inputHashes(root) {
  const shared = createHash('sha256');
  for (const file of ROOT_INPUTS)
    if (existsSync(join(root, file))) shared.update(readFileSync(join(root, file)));
  const sharedHash = shared.digest('hex');
  const hashes = new Map();
  for (const pkg of workspacePackages(root)) {
    const hash = createHash('sha256').update(sharedHash);
    for (const dep of [...pkg.deps].sort()) hash.update(`${dep}:${hashes.get(dep) ?? ''}`);
    const dir = join(root, pkg.dir);
    for (const file of listFiles(dir).sort()) {
      hash.update(relative(dir, file)).update('\0').update(readFileSync(file)).update('\0');
    }
    hashes.set(pkg.name, hash.digest('hex'));
  }
  return hashes;
}

/** The packages whose dist is missing or was built from other inputs, in build order. */
export function stalePackages(root) {
  const hashes = inputHashes(root);
  return workspacePackages(root)
    .filter((pkg) => pkg.hasBuild)
    .filter((pkg) => {
      const file = join(root, pkg.dir, HASH_FILE);
      return !existsSync(file) || readFileSync(file, 'utf8').trim() !== hashes.get(pkg.name);
    })
    .map((pkg) => ({ ...pkg, hash: hashes.get(pkg.name) }));
}

/**
 * Builds the stale packages in order (`npm run build -w <dir>`), recording each one's input hash;
 * answers the names built. `run` is the build command (tests pass their own); `only` picks packages
 * by name (default: all).
 */
export function buildChanged(root, { log = console.log, run = npmBuild, only } = {}) {
  const stale = stalePackages(root).filter((pkg) => !only || only(pkg.name));
  if (stale.length === 0) {
    if (!only) log('[start] every package is up to date; nothing to build');
    return [];
  }
  for (const pkg of stale) {
    log(`[start] building ${pkg.name} (its sources or a dependency changed)...`);
    if (!run(root, pkg.dir)) throw new Error(`the build of ${pkg.name} failed; see above`);
    writeFileSync(join(root, pkg.dir, HASH_FILE), `${pkg.hash}\n`);
  }
  return stale.map((pkg) => pkg.name);
}

// Type declarations are for packages' consumers (`npm run build` makes them); running the product
// needs none, and they were half of a first start's build time (22 of 43 s). The package's build
// script runs the way npm runs it (its folder, node_modules/.bin on the PATH) without npm's own start,
// which cost about a second per package.
function npmBuild(root, dir) {
  const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
  const bin = [join(root, dir, 'node_modules', '.bin'), join(root, 'node_modules', '.bin')];
  return (
    spawnSync(manifest.scripts.build, {
      cwd: join(root, dir),
      shell: true,
      stdio: 'inherit',
      env: {
        ...process.env,
        PATH: [...bin, process.env.PATH].join(delimiter),
        SPORTSPYDER_BUILD_DTS: '0',
      },
    }).status === 0
  );
}
