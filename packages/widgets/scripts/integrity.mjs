// Subresource Integrity of the built embeds: the build writes `dist/integrity.json` (the version and the
// sha384 of each embed, read by the server for its `/widgets/v{version}/` URLs) and the version's table in
// the package README, between the integrity markers; tables of earlier versions stay as they are, so the
// README lists every released version. scripts/check-packages.mjs reads the README back with
// `readmeIntegrity` and compares it with the built files.
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const INTEGRITY_START =
  '<!-- integrity:start (written by scripts/build.mjs from the built files; do not edit) -->';
export const INTEGRITY_END = '<!-- integrity:end -->';

/** The `integrity` attribute value of one file's bytes (sha384, base64), as browsers check it. */
export function sriHash(bytes) {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/** The markdown section of one version: its immutable URLs and hashes, one row per file. */
function versionSection(version, hashes) {
  const rows = Object.entries(hashes).map(
    ([name, hash]) => `| \`${name}\` | \`/widgets/v${version}/${name}\` | \`${hash}\` |`,
  );
  return [`### ${version}`, '', '| file | versioned URL | integrity |', '|---|---|---|', ...rows].join('\n');
}

/** Orders versions newest first (numeric per dot-separated part; a pre-release sorts by its text). */
function compareVersionsDesc(a, b) {
  const pa = a.split(/[.-]/);
  const pb = b.split(/[.-]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? '';
    const y = pb[i] ?? '';
    if (x === y) continue;
    const nx = Number(x);
    const ny = Number(y);
    if (Number.isInteger(nx) && Number.isInteger(ny)) return ny - nx;
    return y.localeCompare(x);
  }
  return 0;
}

/**
 * Every version's hashes listed in a README: `{ [version]: { [file]: 'sha384-…' } }`. Empty when the
 * markers are missing.
 */
export function readmeIntegrity(readme) {
  const start = readme.indexOf(INTEGRITY_START);
  const end = readme.indexOf(INTEGRITY_END);
  const versions = {};
  if (start < 0 || end < start) return versions;
  let current;
  for (const line of readme.slice(start + INTEGRITY_START.length, end).split('\n')) {
    const heading = /^### (\S+)\s*$/.exec(line);
    if (heading) {
      current = versions[heading[1]] = {};
      continue;
    }
    const row = /^\| `([^`]+)` \| `[^`]*` \| `(sha384-[A-Za-z0-9+/=]+)` \|$/.exec(line);
    if (row && current) current[row[1]] = row[2];
  }
  return versions;
}

/** The README with `version`'s section set to `hashes`, the other versions' sections kept. */
export function withVersionIntegrity(readme, version, hashes) {
  const versions = { ...readmeIntegrity(readme), [version]: hashes };
  const body = Object.keys(versions)
    .sort(compareVersionsDesc)
    .map((v) => versionSection(v, versions[v]))
    .join('\n\n');
  const block = `${INTEGRITY_START}\n${body}\n${INTEGRITY_END}`;
  const start = readme.indexOf(INTEGRITY_START);
  const end = readme.indexOf(INTEGRITY_END);
  if (start < 0 || end < start) return `${readme.trimEnd()}\n\n${block}\n`;
  return readme.slice(0, start) + block + readme.slice(end + INTEGRITY_END.length);
}

/** The sha384 of each named file in `dist`, by name. */
export async function hashFiles(dist, names) {
  const hashes = {};
  for (const name of [...names].sort()) hashes[name] = sriHash(await readFile(join(dist, name)));
  return hashes;
}

/**
 * Writes `dist/integrity.json` and the README's section for `version` from the built `files` (plain
 * names such as `headline.js`). The README is rewritten only when its text changes.
 */
export async function writeIntegrity({ root, version, files }) {
  const dist = join(root, 'dist');
  const hashes = await hashFiles(dist, files);
  await writeFile(join(dist, 'integrity.json'), `${JSON.stringify({ version, files: hashes }, null, 2)}\n`);
  const readmePath = join(root, 'README.md');
  const readme = await readFile(readmePath, 'utf8');
  const updated = withVersionIntegrity(readme, version, hashes);
  if (updated !== readme) await writeFile(readmePath, updated);
  return hashes;
}
