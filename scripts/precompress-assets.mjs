#!/usr/bin/env node
// Writes a Brotli (`x.br`) and a gzip (`x.gz`) copy beside every text file of a build folder, at the
// best levels (the work is done once, at build time), so the server sends them as they are to the
// clients that accept them (@fastify/static's `preCompressed`; issue 46,
// docs/decisions/performance-and-caching.md "Bytes on the wire"). A copy is written only when it is
// smaller than the file; copies left from an earlier build of a file that is gone are removed.
//
// Usage: node scripts/precompress-assets.mjs <dir>...   (run by the site's and the widgets' builds)
// Node's zlib only: no binary dependency.
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The kinds of files worth compressing (images, audio and fonts are compressed already; source maps are
 * read by developer tools only, and were two thirds of the build's compression time). */
const TEXT = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.json',
  '.svg',
  '.txt',
  '.xml',
  '.webmanifest',
  '.ico',
]);
/** Files smaller than this are sent as they are (the server's threshold for dynamic answers too). */
const MIN_BYTES = 1024;

async function* filesOf(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesOf(path);
    else if (entry.isFile()) yield path;
  }
}

/** Compresses one file; returns its sizes. */
async function precompress(path) {
  const body = await readFile(path);
  const sizes = { raw: body.length, br: 0, gz: 0 };
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  for (const [ext, copy, key] of [
    ['.br', br, 'br'],
    ['.gz', gz, 'gz'],
  ]) {
    if (copy.length < body.length) {
      await writeFile(`${path}${ext}`, copy);
      sizes[key] = copy.length;
    } else {
      await rm(`${path}${ext}`, { force: true });
    }
  }
  return sizes;
}

async function run(dir) {
  const files = [];
  for await (const path of filesOf(dir)) files.push(path);
  const present = new Set(files);
  const totals = { files: 0, raw: 0, br: 0, gz: 0 };
  for (const path of files) {
    const ext = extname(path);
    if (ext === '.br' || ext === '.gz') {
      // A copy whose file is gone (or no longer worth compressing) would be served for nothing.
      const original = path.slice(0, -ext.length);
      if (!present.has(original) || !TEXT.has(extname(original))) await rm(path, { force: true });
      continue;
    }
    if (!TEXT.has(ext)) continue;
    if ((await stat(path)).size < MIN_BYTES) {
      await rm(`${path}.br`, { force: true });
      await rm(`${path}.gz`, { force: true });
      continue;
    }
    const sizes = await precompress(path);
    totals.files += 1;
    totals.raw += sizes.raw;
    totals.br += sizes.br || sizes.raw;
    totals.gz += sizes.gz || sizes.raw;
  }
  const kb = (n) => `${Math.round(n / 102.4) / 10} KB`;
  console.log(
    `precompress ${relative(process.cwd(), dir) || '.'}: ${totals.files} files, ${kb(totals.raw)} -> ` +
      `${kb(totals.br)} br, ${kb(totals.gz)} gzip`,
  );
}

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  console.error('usage: node scripts/precompress-assets.mjs <dir>...');
  process.exit(2);
}
for (const dir of dirs) await run(dir);
