#!/usr/bin/env node
/**
 * Checks the links of the built developer docs (`npm run docs` → docs/api, served at /developers/): every
 * internal link and resource (`href`, `src`, `srcset`-free) of every HTML page must name a file of the
 * folder, and its `#fragment` an element id of that file (or of the SVG sprite it points into); external
 * links (http, https, mailto) are only checked for syntax, since CI must not depend on other sites. A link
 * that leaves the folder (`../` past its root, or a root-absolute `/path`) is dead on the docs site too.
 * Usage: `node scripts/check-links.mjs [folder]` (default docs/api); exits 1 and lists the dead links.
 * @module
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Every file under `dir`, as absolute paths. */
function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [path];
  });
}

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'" };

/** Decodes the few entities that appear in attribute values. */
function decode(value) {
  return value.replace(/&(amp|lt|gt|quot|#39|apos);/g, (_, name) => ENTITIES[name]);
}

/** The id (and `name`) attributes of an HTML or SVG text. */
export function idsOf(text) {
  const ids = new Set();
  for (const match of text.matchAll(/\s(?:id|name)="([^"]*)"/g)) ids.add(decode(match[1]));
  return ids;
}

/** The link targets of an HTML text: href and src attributes, with the line each is on. */
export function linksOf(text) {
  const links = [];
  // Code samples are text, not links: skip <code>/<pre> contents so `href="…"` shown in a sample is ignored.
  const visible = text.replace(/<(pre|code)\b[\s\S]*?<\/\1>/g, (block) => block.replace(/[^\n]/g, ' '));
  for (const match of visible.matchAll(/\s(href|src)="([^"]*)"/g)) {
    const line = visible.slice(0, match.index).split('\n').length;
    links.push({ attribute: match[1], target: decode(match[2]), line });
  }
  return links;
}

const EXTERNAL = /^(https?|mailto):/i;

/**
 * Checks every page of `folder`; returns the problems as `file:line: message` strings.
 * @param {string} folder
 */
export function checkLinks(folder) {
  const files = walk(folder);
  const idCache = new Map();
  const ids = (file) => {
    if (!idCache.has(file)) idCache.set(file, idsOf(readFileSync(file, 'utf8')));
    return idCache.get(file);
  };
  const problems = [];
  let checked = 0;
  for (const file of files.filter((f) => extname(f) === '.html')) {
    const where = relative(folder, file);
    for (const { target, line } of linksOf(readFileSync(file, 'utf8'))) {
      checked++;
      const at = `${where}:${line}`;
      if (target === '' || target === '#') continue;
      if (/^\s|\s$/.test(target)) {
        problems.push(`${at}: "${target}" has surrounding spaces`);
        continue;
      }
      if (EXTERNAL.test(target)) {
        try {
          const url = new URL(target);
          if (/^https?:$/.test(url.protocol) && !url.hostname) problems.push(`${at}: ${target} has no host`);
          if (/[<>{}\s]/.test(target)) problems.push(`${at}: ${target} is not a valid URL`);
        } catch {
          problems.push(`${at}: ${target} is not a valid URL`);
        }
        continue;
      }
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
        problems.push(`${at}: ${target} uses a scheme a docs page should not link to`);
        continue;
      }
      if (target.startsWith('/')) {
        problems.push(
          `${at}: ${target} is root-absolute; the docs are served under /developers/, link relatively`,
        );
        continue;
      }
      const [pathAndQuery, fragment] = target.split('#', 2);
      const path = decodeURIComponent((pathAndQuery ?? '').split('?')[0] ?? '');
      let resolved = path === '' ? file : resolve(dirname(file), path);
      if (!resolved.startsWith(folder + sep) && resolved !== folder) {
        problems.push(`${at}: ${target} leaves the docs folder`);
        continue;
      }
      if (existsSync(resolved) && statSync(resolved).isDirectory()) resolved = join(resolved, 'index.html');
      if (!existsSync(resolved)) {
        problems.push(`${at}: ${target} names no file (${relative(folder, resolved)})`);
        continue;
      }
      if (fragment && /\.(html|svg)$/.test(resolved) && !ids(resolved).has(decodeURIComponent(fragment))) {
        problems.push(`${at}: ${target}: no element with id "${fragment}" in ${relative(folder, resolved)}`);
      }
    }
  }
  return { problems, checked, pages: files.filter((f) => extname(f) === '.html').length };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const folder = resolve(process.argv[2] ?? join(ROOT, 'docs', 'api'));
  if (!existsSync(join(folder, 'index.html'))) {
    console.error(`${relative(ROOT, folder) || folder} has no index.html: run npm run docs first.`);
    process.exit(1);
  }
  const { problems, checked, pages } = checkLinks(folder);
  for (const problem of problems) console.error(problem);
  console.log(`Checked ${checked} links on ${pages} pages: ${problems.length} dead.`);
  if (problems.length > 0) process.exit(1);
}
