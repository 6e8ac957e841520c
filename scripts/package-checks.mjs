// The rules scripts/check-packages.mjs applies to each packed package that are not publint's or attw's: what
// a tarball may contain (no tests, fixtures, secrets or build bookkeeping), the secrets no shipped text
// may carry, and which workspace packages are published. Pure functions, tested in
// scripts/__tests__/package-checks.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Paths no tarball may contain, each with the reason shown when one does. */
const FORBIDDEN_PATHS = [
  [/(^|\/)__tests__\//, 'a test folder'],
  [/\.(test|spec|e2e)\.[cm]?[jt]sx?(\.map)?$/, 'a test file'],
  [/(^|\/)(test-)?fixtures?\//, 'test fixtures'],
  [/(^|\/)\.env(\.|$)/, 'an environment file'],
  [/(^|\/)\.npmrc$/, 'npm credentials'],
  [/\.(pem|key|p12|pfx)$/, 'a key or certificate'],
  [/(^|\/)id_(rsa|ed25519|ecdsa)/, 'an SSH key'],
  [/(^|\/)\.build-input-hash$/, 'build bookkeeping (scripts/build-changed.mjs)'],
  [/(^|\/)tsconfig(\.[\w-]+)?\.json$/, 'a development config'],
  [/(^|\/)(tsup|vite|vitest)\.config\.[cm]?[jt]s$/, 'a development config'],
];

/** Text that looks like a live credential (the provider's documented key formats). */
const SECRET_PATTERNS = [
  [/-----BEGIN [A-Z ]*PRIVATE KEY-----/, 'a private key'],
  [/\b[rs]k_live_[0-9a-zA-Z]{10,}/, 'a Stripe live key'],
  [/\bwhsec_[0-9a-zA-Z]{20,}/, 'a Stripe webhook secret'],
  [/\bAKIA[0-9A-Z]{16}\b/, 'an AWS access key'],
  [/\bgh[pousr]_[0-9A-Za-z]{36}\b/, 'a GitHub token'],
  [/\bnpm_[0-9A-Za-z]{36}\b/, 'an npm token'],
  [/\bxox[baprs]-[0-9A-Za-z-]{10,}/, 'a Slack token'],
];

/** Files every published package carries besides its build. */
export const REQUIRED_FILES = ['package.json', 'README.md', 'LICENSE'];

/**
 * Problems with a tarball's file list (paths relative to the package, as `npm pack --json` lists them):
 * forbidden paths, source maps of tests (read from `dir`, the unpacked package, when given) and missing
 * required files. Empty when the list is clean.
 */
export function contentProblems(paths, dir) {
  const problems = [];
  for (const path of paths) {
    for (const [pattern, reason] of FORBIDDEN_PATHS) {
      if (pattern.test(path)) problems.push(`${path}: ${reason} must not be published`);
    }
    // A source map is fine for shipped code, never one that maps back to tests.
    if (dir && path.endsWith('.map')) {
      const sources = JSON.parse(readFileSync(join(dir, path), 'utf8')).sources ?? [];
      if (sources.some((s) => /__tests__|\.(test|spec)\./.test(s)))
        problems.push(`${path}: maps test sources`);
    }
  }
  for (const required of REQUIRED_FILES) {
    if (!paths.includes(required)) problems.push(`${required} is missing`);
  }
  return problems;
}

/** The kinds of secret found in one shipped text (empty when none). */
export function secretsIn(text) {
  return SECRET_PATTERNS.filter(([pattern]) => pattern.test(text)).map(([, what]) => what);
}

/** The workspace packages that are published: every workspace whose package.json is not private. */
export function publishablePackages(root) {
  const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return workspaces
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) }))
    .filter(({ manifest }) => !manifest.private);
}

/**
 * The entry points of a manifest's `exports` that are JavaScript modules, with the formats they ship:
 * `[{ subpath: '.', esm: true, cjs: true }]`. Pattern, JSON and CSS subpaths are left out (they are
 * files, not modules).
 */
export function moduleEntryPoints(manifest) {
  const entries = [];
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    if (subpath.includes('*') || /\.(json|css)$/.test(subpath)) continue;
    const conditions = typeof target === 'string' ? { default: target } : target;
    const esm = 'import' in conditions || manifest.type === 'module';
    const cjs = 'require' in conditions;
    entries.push({ subpath, esm, cjs });
  }
  return entries;
}
